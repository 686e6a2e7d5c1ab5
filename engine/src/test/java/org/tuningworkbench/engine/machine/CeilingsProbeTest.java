package org.tuningworkbench.engine.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.analysis.Ceilings;
import org.tuningworkbench.tiers.IntegrationTest;

/** The native programs build and print figures; their size is the machine's business, not the test's. */
@IntegrationTest
class CeilingsProbeTest {

    @TempDir
    Path dir;

    @Test
    void theFmaPeakAndTheStreamTriadAreMeasuredNatively() throws Exception {
        Ceilings c = CeilingsProbe.measure(dir, "this machine");
        assertThat(c.machine()).isEqualTo("this machine");
        assertThat(c.peakGflops()).isPositive();
        assertThat(c.peakBits()).isIn(256, 512);
        assertThat(c.bandwidthGbps()).isPositive();
        assertThat(c.method()).contains("stream triad").contains("GFLOP/s at 256 bits");
        assertThat(dir.resolve("stream_triad")).exists();
    }

    /**
     * Twelve chains alike from the start were once merged into one by gcc, and the program reported
     * half as much again as the core can do: as built, each vector width's loop keeps its twelve FMAs.
     */
    @Test
    void thePeakProgramAsBuiltKeepsTwelveMultiplyAddsAStepForEachVectorWidth() throws Exception {
        Files.writeString(dir.resolve("fma_peak.c"), CeilingsProbe.resource("fma_peak.c"));
        var command = new ArrayList<>(List.of("gcc", "-S"));
        command.addAll(CeilingsProbe.GCC_FLAGS);
        command.addAll(List.of("fma_peak.c", "-o", "fma_peak.s"));
        Process gcc = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        assertThat(gcc.waitFor()).as(new String(gcc.getInputStream().readAllBytes())).isZero();
        String assembly = Files.readString(dir.resolve("fma_peak.s"));

        assertThat(count(assembly, "vfmadd\\d{3}ps\\s[^\\n]*%ymm")).isGreaterThanOrEqualTo(12);
        boolean avx512 = Files.readString(Path.of("/proc/cpuinfo")).contains(" avx512f");
        assertThat(count(assembly, "vfmadd\\d{3}ps\\s[^\\n]*%zmm")).isGreaterThanOrEqualTo(avx512 ? 12 : 0);
    }

    private static long count(String text, String regex) {
        return Pattern.compile(regex).matcher(text).results().count();
    }
}
