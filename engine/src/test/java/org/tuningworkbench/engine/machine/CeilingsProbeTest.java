package org.tuningworkbench.engine.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.analysis.Ceilings;

/** The native programs build and print figures; their size is the machine's business, not the test's. */
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
}
