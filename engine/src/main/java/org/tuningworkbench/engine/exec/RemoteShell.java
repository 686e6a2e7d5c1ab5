package org.tuningworkbench.engine.exec;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.tuningworkbench.engine.process.ChildProcess;

/** How job scripts reach a target and their answers come back: over SSH ({@link SshShell}) or as Slurm jobs ({@link SlurmShell}). */
interface RemoteShell {

    /** The target, as the person wrote it, for messages. */
    String target();

    /**
     * Runs {@code script} there and returns its answer; empty when {@code process} was cancelled (the
     * run was stopped).
     *
     * @param jobDir    a fresh local folder for the job's files
     * @param limit     how long the job may run once started
     * @param exclusive the job measures: it wants the device to itself
     * @throws MeasurementLost when the answer does not come back whole
     */
    Optional<MeasurementFile> run(String script, Path jobDir, Duration limit, boolean exclusive, ChildProcess process)
            throws IOException, InterruptedException;

    /** Ends whatever this shell left running there (a Slurm job still queued), on Stop. */
    default void cancelAll() {
    }

    /** The shell for {@code target}; {@code sshConfig} is passed to ssh as {@code -F} when not null. */
    static RemoteShell of(Target target, Path sshConfig) {
        return switch (target) {
            case Target.Ssh ssh -> new SshShell(ssh, sshConfig);
            case Target.Slurm slurm -> new SlurmShell(slurm);
            case Target.Local local -> throw new IllegalArgumentException("the local machine needs no remote shell");
        };
    }
}
