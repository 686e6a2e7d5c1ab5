package org.tuningworkbench.engine.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tuningworkbench.engine.process.ChildProcess;

/**
 * Jobs over the system's {@code ssh}, in batch mode: the user's keys, agent and known_hosts (or the
 * options of {@code sshConfig}), never a password. The script goes in on stdin, the answer comes back
 * on stdout. ssh's exit 255 or an answer cut short is a lost measurement.
 */
final class SshShell implements RemoteShell {

    /** Time to connect and to notice a dead connection (3 keep-alives 5 s apart). */
    private static final List<String> OPTIONS = List.of("-o", "BatchMode=yes", "-o", "ConnectTimeout=10",
            "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3", "-T");
    /** Beyond the job's own limit: connecting, waiting for another measurement on the device, sending outputs. */
    private static final Duration SLACK = Duration.ofSeconds(120);
    private static final int SSH_FAILED = 255;

    private final Target.Ssh target;
    private final Path sshConfig;

    SshShell(Target.Ssh target, Path sshConfig) {
        this.target = target;
        this.sshConfig = sshConfig;
    }

    @Override
    public String target() {
        return target.text();
    }

    /** The ssh command that runs a shell reading its script from stdin. */
    List<String> command() {
        var command = new ArrayList<>(List.of("ssh"));
        if (sshConfig != null) command.addAll(List.of("-F", sshConfig.toString()));
        command.addAll(OPTIONS);
        if (target.port() != 0) command.addAll(List.of("-p", Integer.toString(target.port())));
        if (target.user() != null) command.addAll(List.of("-l", target.user()));
        command.addAll(List.of("--", target.host().replaceAll("^\\[|]$", ""), "/bin/sh -s"));
        return command;
    }

    @Override
    public Optional<MeasurementFile> run(String script, Path jobDir, Duration limit, boolean exclusive, ChildProcess process)
            throws IOException, InterruptedException {
        Path job = jobDir.resolve("job.sh");
        Files.writeString(job, watched(script));
        // ssh's stdin stays open after the script, so the far end sees it close when this end stops or the connection drops.
        var command = new ArrayList<>(List.of("/bin/bash", "-c", "exec \"$@\" < <(cat \"$TW_JOB\"; exec sleep 2147483647)", "ssh-job"));
        command.addAll(command());
        ChildProcess.Exit exit = process.run(command, jobDir, "ssh", limit.plus(SLACK), Map.of("TW_JOB", job.toString()));
        if (exit.cancelled()) return Optional.empty();
        if (exit.timedOut()) throw new MeasurementLost("no answer from " + target() + " within " + limit.plus(SLACK).toSeconds() + " s");
        if (exit.code() == SSH_FAILED) throw new MeasurementLost("lost the connection to " + target() + ": " + lastLine(exit.stderrText(2_000)));
        try {
            return Optional.of(MeasurementFile.read(exit.stdout()));
        } catch (MeasurementFile.Damaged e) {
            throw new MeasurementLost("the answer of " + target() + " is unreadable: " + e.getMessage()
                    + (exit.code() != 0 ? " (its shell exited with " + exit.code() + ": " + lastLine(exit.stderrText(2_000)) + ")" : ""));
        }
    }

    /**
     * The script as one block, which the shell reads whole before it runs any of it, with a watch on
     * what follows on stdin: when ssh's stdin closes (the run was stopped, the connection dropped),
     * the job's processes there are ended instead of measuring on until their time limit.
     */
    static String watched(String script) {
        return "{\nexec 3<&0\n( while read -r _; do :; done; kill -TERM 0 ) <&3 >/dev/null 2>&1 & TW_WATCH=$!\n" + script
                + "kill \"$TW_WATCH\" 2>/dev/null\n}\nexit\n";
    }

    static String lastLine(String text) {
        return text.strip().lines().reduce((a, b) -> b).orElse("no message");
    }
}
