package org.tuningworkbench.engine.backend;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.run.RunOutcome;

/** A harness ends as a C kernel's run ends: killed outright or failing to allocate is out of memory, a hang is a timeout. */
@EnabledOnOs(OS.LINUX)
class HarnessRunnerTest {

    @TempDir
    Path dir;

    private static final MeasureSettings LIMITED = MeasureSettings.DEFAULT.withMemoryLimitMb(256).withRunTimeout(Duration.ofSeconds(20));

    @Test
    void aHarnessKilledOutrightRanOutOfMemory() throws Exception {
        RunOutcome outcome = run("kill -KILL $$\n");
        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Crashed.class, crashed -> {
            assertThat(crashed.outOfMemory()).isTrue();
            assertThat(crashed.signal()).isEqualTo(9);
            assertThat(crashed.description()).startsWith("ran out of memory (measure.memory_limit_mb = 256)").contains("SIGKILL");
        });
    }

    @Test
    void aPythonHarnessWhoseAllocationFailedRanOutOfMemory() throws Exception {
        RunOutcome outcome = run("echo 'MemoryError' >&2; exit 1\n");
        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Crashed.class, crashed -> assertThat(crashed.outOfMemory()).isTrue());
    }

    @Test
    void anOrdinaryFailureIsACrash() throws Exception {
        RunOutcome outcome = run("echo 'no such file: data.bin' >&2; exit 2\n");
        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Crashed.class, crashed -> {
            assertThat(crashed.outOfMemory()).isFalse();
            assertThat(crashed.description()).isEqualTo("exited with code 2");
        });
    }

    @Test
    void aHangIsTimedOut() throws Exception {
        RunOutcome outcome = new HarnessRunner().run(script("sleep 30\n"), dir.resolve("out"), LIMITED.withRunTimeout(Duration.ofMillis(500)),
                new ChildProcess(), Map.of());
        assertThat(outcome).isInstanceOf(RunOutcome.TimedOut.class);
    }

    private RunOutcome run(String body) throws Exception {
        return new HarnessRunner().run(script(body), dir.resolve("out"), LIMITED, new ChildProcess(), Map.of());
    }

    private Path script(String body) throws Exception {
        Path program = dir.resolve("harness-launcher.sh");
        Files.writeString(program, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rwx------"));
        return program;
    }
}
