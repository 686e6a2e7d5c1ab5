package org.tuningworkbench.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.process.ChildProcess;

/** Jobs followed through Slurm's commands, here small scripts that play a cluster. */
class SlurmShellTest {

    @TempDir
    Path dir;

    private Path tool(String name, String body) throws Exception {
        Path file = Files.writeString(dir.resolve(name), "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aJobSuspendedLongerThanItsTimeLimitIsCancelledAndLostNotWaitedOnForEver() throws Exception {
        tool("sbatch", "echo 4242");
        tool("squeue", "echo SUSPENDED");
        tool("scancel", "echo \"$1\" > \"$(dirname \"$0\")/cancelled\"");
        Path jobDir = Files.createDirectories(dir.resolve("job"));
        var shell = new SlurmShell(new Target.Slurm(null), dir);
        assertThatThrownBy(() -> shell.run("echo hi\n", jobDir, Duration.ofSeconds(1), true, new ChildProcess()))
                .isInstanceOf(MeasurementLost.class)
                .hasMessage("Slurm job 4242 on slurm was SUSPENDED for more than 1 s (the job's time limit) and was cancelled; measured again on resume");
        assertThat(dir.resolve("cancelled")).hasContent("4242\n");
    }
}
