package org.tuningworkbench.engine.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.testing.CliProcess;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** kill -9 of the tuner while it measures a kernel that hangs: the kernel dies with it. */
@IntegrationTest
class KilledTunerLeavesNothingTest {

    @TempDir
    Path dir;

    @Test
    void theMeasuredProgramDiesWithItsKilledTuner() throws Exception {
        Path project = TestProject.write(dir, TestProject.scaleProject(config("Body", "{ volatile int spin = 1; while (spin) { } }"))
                .replace("timeout_s = 3", "timeout_s = 120"), "scale.c", TestProject.SCALE_KERNEL);
        var cli = CliProcess.start(dir.resolve("cli.log"), "tune", "--cache-dir=" + dir.resolve("cache"), project.toString());
        long tuner = cli.process.pid();
        try {
            // The kernel runs once the launcher is the tuner's child: wait for it (the compilers have ended by then).
            boolean measuring = cli.awaitWhileAlive(() -> ProcessMarker.startedBy(tuner).stream()
                    .anyMatch(pid -> ProcessHandle.of(pid).flatMap(h -> h.info().command()).map(c -> c.endsWith("/variant")).orElse(false)),
                    Duration.ofSeconds(60));
            assertThat(measuring).as("the hanging kernel started; log: %s", cli.output()).isTrue();
            Thread.sleep(300);
            cli.signal("KILL");
            assertThat(cli.process.waitFor(10, TimeUnit.SECONDS)).isTrue();
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (!ProcessMarker.startedBy(tuner).isEmpty() && System.nanoTime() < deadline) Thread.sleep(20);
            assertThat(ProcessMarker.startedBy(tuner)).as("processes the killed tuner started").isEmpty();
        } finally {
            cli.process.destroyForcibly();
            ProcessMarker.startedBy(tuner).forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
    }
}
