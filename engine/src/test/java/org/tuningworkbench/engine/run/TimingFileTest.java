package org.tuningworkbench.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.measure.Racing;

class TimingFileTest {

    @TempDir
    Path dir;

    @Test
    void readsTheFirstCallTheProbeAndEverySample() throws Exception {
        Path file = dir.resolve("timing.txt");
        Files.writeString(file, """
                first_call_ns 5000.000
                warmup_calls 7
                calls_per_sample 4
                probe_before_gflops 80.5
                probe_after_gflops 79.5
                sample_ns 1000.000
                sample_ns 3000.000
                sample_cpu_ns 1000.000
                sample_cpu_ns 1000.000
                """);
        Timing t = Timing.read(file);
        assertThat(t.firstCallUs()).isEqualTo(5.0);
        assertThat(t.warmupCalls()).isEqualTo(7);
        assertThat(t.callsPerSample()).isEqualTo(4);
        assertThat(t.samplesUs()).containsExactly(1.0, 3.0);
        assertThat(t.probed()).isTrue();
        assertThat(t.sampledUs()).isEqualTo(16.0);
        assertThat(t.samplesCpuUs()).containsExactly(1.0, 1.0);
        assertThat(t.cpuShare()).isEqualTo(0.5);
        assertThat(t.stoppedEarly()).isFalse();
    }

    @Test
    void aRacedOutRunSaysWhichRuleStoppedItAndTheBestItRacedAgainst() throws Exception {
        Path file = dir.resolve("timing.txt");
        Files.writeString(file, """
                calls_per_sample 1
                race_stop interval
                race_best_ns 1000.000
                race_best_slowest_ns 1200.000
                race_best_fastest_ns 900.000
                sample_ns 2000.000
                """);
        Timing t = Timing.read(file);
        assertThat(t.stoppedEarly()).isTrue();
        assertThat(t.raceStop()).isEqualTo(new Racing.Stop("interval", 1.0, 0.9, 1.2, 0));
        assertThat(t.raceStop().ahead()).isFalse();
        assertThat(t.latencySamplesUs()).containsExactly(2.0);
    }

    @Test
    void aRunStoppedAheadOfTheBestKeepsItsSamples() throws Exception {
        Path file = dir.resolve("timing.txt");
        Files.writeString(file, """
                calls_per_sample 1
                race_stop ahead
                race_best_ns 1000.000
                race_best_slowest_ns 1200.000
                race_best_fastest_ns 900.000
                sample_ns 600.000
                sample_ns 650.000
                sample_ns 620.000
                """);
        Timing t = Timing.read(file);
        assertThat(t.raceStop().ahead()).isTrue();
        assertThat(t.raceStop().bestFastestUs()).isEqualTo(0.9);
        assertThat(t.latencySamplesUs()).containsExactly(0.6, 0.65, 0.62);
    }

    @Test
    void aRunRacedOutOnItsVerifiedCallIsJudgedByThatCallAlone() throws Exception {
        Path file = dir.resolve("timing.txt");
        Files.writeString(file, """
                first_call_ns 5000.000
                warmup_calls 0
                calls_per_sample 0
                race_stop verified_call
                race_best_ns 1000.000
                race_best_slowest_ns 1200.000
                race_best_first_ns 1100.000
                """);
        Timing t = Timing.read(file);
        assertThat(t.raceStop()).isEqualTo(new Racing.Stop(Racing.Stop.VERIFIED_CALL, 1.0, 0, 1.2, 1.1));
        assertThat(t.samplesUs()).isEmpty();
        assertThat(t.latencySamplesUs()).containsExactly(5.0);
        assertThat(t.timedCallsUs()).isEqualTo(5.0);
        assertThat(t.probed()).isFalse();
    }

    @Test
    void olderFilesWithoutProbeAreUnprobed() throws Exception {
        Path file = dir.resolve("timing.txt");
        Files.writeString(file, "warmup_calls 0\ncalls_per_sample 1\nsample_ns 2000\n");
        assertThat(Timing.read(file).probed()).isFalse();
        assertThat(Timing.read(file).cpuShare()).isEqualTo(1.0);
    }

    @Test
    void pinningPutsTheMeasurementOnTheLastCpuItMayUseAndBuildsOnTheRest() {
        assertThat(Affinity.pinned(Affinity.parseCpuList("0-1"))).isEqualTo(new Affinity(1, "0"));
        assertThat(Affinity.pinned(Affinity.parseCpuList("0-7"))).isEqualTo(new Affinity(7, "0-6"));
        // A cpuset or a Slurm allocation that is not 0..n-1.
        assertThat(Affinity.pinned(Affinity.parseCpuList("4-5,9"))).isEqualTo(new Affinity(9, "4-5"));
        assertThat(Affinity.pinned(Affinity.parseCpuList("3")).buildPrefix()).isEmpty();
        assertThat(Affinity.pinned(Affinity.parseCpuList("12-15")).runEnvironment()).containsEntry("TW_CPU", "15");
        assertThat(Affinity.NONE.runEnvironment()).isEmpty();
    }
}
