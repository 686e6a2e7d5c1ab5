package org.tuningworkbench.engine.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.tuningworkbench.engine.process.ChildProcess;

/**
 * Jobs submitted with {@code sbatch}, one a job, followed with {@code squeue} and cancelled with
 * {@code scancel}: Slurm does the scheduling. The job's script and its answer (the job's output)
 * are in the run's work folder, which must be on a file system the cluster's nodes share with this
 * machine (a home folder usually is). A measuring job asks for its node exclusively.
 */
final class SlurmShell implements RemoteShell {

    private static final Duration POLL = Duration.ofMillis(250);
    private static final Duration COMMAND_LIMIT = Duration.ofSeconds(60);
    private static final Set<String> ENDED = Set.of("COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "PREEMPTED",
            "OUT_OF_MEMORY", "BOOT_FAIL", "DEADLINE");

    /** States in which a job's clock stands still: it would never end by its time limit. */
    private static final Set<String> HELD = Set.of("SUSPENDED", "STOPPED");

    private final Target.Slurm target;
    /** The folder of sbatch, squeue and scancel; null for those on the PATH. */
    private final Path tools;
    private final Set<String> jobs = ConcurrentHashMap.newKeySet();

    SlurmShell(Target.Slurm target) {
        this(target, null);
    }

    SlurmShell(Target.Slurm target, Path tools) {
        this.target = target;
        this.tools = tools;
    }

    private String tool(String name) {
        return tools == null ? name : tools.resolve(name).toString();
    }

    @Override
    public String target() {
        return target.text();
    }

    @Override
    public Optional<MeasurementFile> run(String script, Path jobDir, Duration limit, boolean exclusive, ChildProcess process)
            throws IOException, InterruptedException {
        Path job = jobDir.resolve("job.sh");
        Path answer = jobDir.resolve("answer");
        Files.writeString(job, script);
        long minutes = Math.max(1, (limit.toSeconds() + 119) / 60);
        var command = new ArrayList<>(List.of(tool("sbatch"), "--parsable", "--job-name", exclusive ? "tw-measure" : "tw-build",
                "--output", answer.toString(), "--error", jobDir.resolve("job.err").toString(), "--chdir", jobDir.toString(),
                "--time", Long.toString(minutes), "--ntasks", "1"));
        if (target.partition() != null) command.addAll(List.of("--partition", target.partition()));
        if (exclusive) command.add("--exclusive");
        command.add(job.toString());
        ChildProcess.Exit submitted = process.run(command, jobDir, "sbatch", COMMAND_LIMIT);
        if (submitted.cancelled()) return Optional.empty();
        if (!submitted.ok()) throw new MeasurementLost("sbatch did not take the job (" + target() + "): " + SshShell.lastLine(submitted.stderrText(2_000)));
        String id = submitted.stdoutText(200).strip().split(";")[0];
        if (!id.matches("\\d+(_\\d+)?")) throw new MeasurementLost("sbatch answered `" + id + "`, not a job id");
        jobs.add(id);
        String state;
        long heldSince = -1;
        try {
            while (true) {
                ChildProcess.Exit polled = process.run(List.of(tool("squeue"), "-h", "-t", "all", "-j", id, "-o", "%T"), jobDir, "squeue", COMMAND_LIMIT);
                if (polled.cancelled()) {
                    cancel(id);
                    return Optional.empty();
                }
                state = polled.ok() ? polled.stdoutText(200).strip() : "";
                // A job no longer listed has ended and been purged.
                if (state.isEmpty() || ENDED.contains(state)) break;
                // A suspended job waits for someone to resume it: bounded by the job's own time limit, then given up as lost.
                if (!HELD.contains(state)) {
                    heldSince = -1;
                } else if (heldSince < 0) {
                    heldSince = System.nanoTime();
                } else if (System.nanoTime() - heldSince > limit.toNanos()) {
                    cancel(id);
                    throw new MeasurementLost("Slurm job " + id + " on " + target() + " was " + state + " for more than " + limit.toSeconds()
                            + " s (the job's time limit) and was cancelled; measured again on resume");
                }
                Thread.sleep(POLL.toMillis());
            }
        } catch (InterruptedException e) {
            cancel(id);
            throw e;
        } finally {
            jobs.remove(id);
        }
        try {
            return Optional.of(MeasurementFile.read(answer));
        } catch (IOException e) {
            String why = SshShell.lastLine(ChildProcess.tail(jobDir.resolve("job.err"), 2_000));
            throw new MeasurementLost("Slurm job " + id + " on " + target() + " ended " + (state.isEmpty() ? "" : state + " ")
                    + "without its answer (" + e.getMessage() + ")" + (why.equals("no message") ? "" : "; it said: " + why));
        }
    }

    @Override
    public void cancelAll() {
        jobs.forEach(this::cancel);
    }

    private void cancel(String id) {
        try {
            new ProcessBuilder(tool("scancel"), id).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
                    .waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (IOException e) {
            // scancel missing or failing: the job ends at its time limit.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
