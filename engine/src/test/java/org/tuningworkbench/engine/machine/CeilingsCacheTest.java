package org.tuningworkbench.engine.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.analysis.Ceilings;

class CeilingsCacheTest {

    @TempDir
    Path dir;

    private final AtomicInteger measurements = new AtomicInteger();

    private Ceilings fake(String machine) {
        measurements.incrementAndGet();
        return new Ceilings(machine, 100 + measurements.get(), 256, 10, "2026-11-22T20:00:00Z", "fake");
    }

    @Test
    void aMachineClassIsMeasuredOnceAndItsFiguresKeptForTheNextStart() throws Exception {
        CeilingsCache cache = CeilingsCache.in(dir);
        assertThat(cache.known("CPU A, 2 cores")).isEmpty();
        Ceilings first = cache.knownOrMeasured("CPU A, 2 cores", this::fake);
        Ceilings again = CeilingsCache.in(dir).knownOrMeasured("CPU A, 2 cores", this::fake);
        assertThat(again).isEqualTo(first);
        assertThat(measurements).hasValue(1);
        assertThat(Files.readString(CeilingsCache.in(dir).file())).contains("CPU A, 2 cores");
    }

    @Test
    void anotherMachineClassIsMeasuredApartAndTheFirstKept() throws Exception {
        CeilingsCache cache = CeilingsCache.in(dir);
        cache.knownOrMeasured("CPU A, 2 cores", this::fake);
        Ceilings b = cache.knownOrMeasured("CPU B, 4 cores", this::fake);
        assertThat(b.machine()).isEqualTo("CPU B, 4 cores");
        assertThat(measurements).hasValue(2);
        assertThat(cache.known("CPU A, 2 cores")).map(Ceilings::peakGflops).contains(101.0);
    }

    @Test
    void aDamagedFileIsMeasuredOverNotTrusted() throws Exception {
        Files.writeString(CeilingsCache.in(dir).file(), "{\"CPU A, 2 cores\": {\"peak_gflops\": ");
        CeilingsCache cache = CeilingsCache.in(dir);
        assertThat(cache.known("CPU A, 2 cores")).isEmpty();
        assertThat(cache.knownOrMeasured("CPU A, 2 cores", this::fake).peakGflops()).isEqualTo(101.0);
        assertThat(cache.known("CPU A, 2 cores")).isPresent();
    }

    @Test
    void measuringAgainKeepsTheHigherOfEachCeiling() throws Exception {
        CeilingsCache cache = CeilingsCache.in(dir);
        cache.knownOrMeasured("CPU A, 2 cores", m -> new Ceilings(m, 200, 512, 8, "first", "quiet"));
        Ceilings again = cache.measuredAgain("CPU A, 2 cores", m -> new Ceilings(m, 90, 256, 11, "second", "busy"));
        assertThat(again.peakGflops()).isEqualTo(200);
        assertThat(again.peakBits()).isEqualTo(512);
        assertThat(again.bandwidthGbps()).isEqualTo(11);
        assertThat(again.method()).contains("busy", "the higher of this and the measurement at first");
        assertThat(cache.known("CPU A, 2 cores")).contains(again);
    }
}
