package org.tuningworkbench.engine.process;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one program to its end or its time limit, with its output captured in files (a pipe could
 * fill up and stall it). The program runs in a process group of its own ({@link ProcessGroup}):
 * whatever it forked is ended with it, however it ends, and one that ignores SIGTERM is killed.
 */
public final class ChildProcess {

    /** How a child ended. {@code signal} is set when it was killed by one (Java reports 128 + signal). */
    public record Exit(int code, boolean timedOut, boolean cancelled, Duration time, Path stdout, Path stderr) {
        public boolean ok() {
            return !timedOut && !cancelled && code == 0;
        }

        public Optional<Integer> signal() {
            return code > 128 && code < 128 + 65 ? Optional.of(code - 128) : Optional.empty();
        }

        public String stderrText(int maxChars) {
            return tail(stderr, maxChars);
        }

        public String stdoutText(int maxChars) {
            return tail(stdout, maxChars);
        }
    }

    /**
     * {@code 1} in a program's environment asks it to make itself the leader of a new session first
     * thing, as the harness does; it is then started without {@code setsid} in between.
     */
    public static final String OWN_SESSION_ENV = "TW_OWN_SESSION";

    private final AtomicReference<ProcessGroup> current = new AtomicReference<>();
    private volatile boolean cancelled;

    /** Starts {@code command} in {@code dir} and waits for it; output goes to {@code name.stdout} and {@code name.stderr} in {@code dir}. */
    public Exit run(List<String> command, Path dir, String name, Duration timeout) throws IOException, InterruptedException {
        return run(command, dir, name, timeout, Map.of());
    }

    /** As {@link #run(List, Path, String, Duration)}, with {@code environment} added to (or, for null values, removed from) the child's. */
    public Exit run(List<String> command, Path dir, String name, Duration timeout, Map<String, String> environment)
            throws IOException, InterruptedException {
        Path out = dir.resolve(name + ".stdout");
        Path err = dir.resolve(name + ".stderr");
        long start = System.nanoTime();
        Process process = start(command, dir, out, err, environment);
        var group = new ProcessGroup(process);
        current.set(group);
        try {
            if (cancelled) group.endLater();
            boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            Duration ran = Duration.ofNanos(System.nanoTime() - start);
            // Also after a normal exit: what the program forked may still run.
            group.end(ProcessGroup.GRACE);
            Duration time = finished ? ran : Duration.ofNanos(System.nanoTime() - start);
            return new Exit(process.exitValue(), !finished, cancelled, time, out, err);
        } catch (InterruptedException e) {
            group.endLater();
            throw e;
        } finally {
            current.set(null);
        }
    }

    /**
     * Starts {@code command} in a session of its own: with {@code posix_spawn} where the system
     * offers it ({@link Spawn}), else through {@link ProcessBuilder} and {@code setsid}.
     */
    private static Process start(List<String> command, Path dir, Path out, Path err, Map<String, String> environment) throws IOException {
        var variables = new HashMap<>(System.getenv());
        variables.put(ProcessMarker.ENV, ProcessMarker.self());
        environment.forEach((key, value) -> {
            if (value == null) variables.remove(key);
            else variables.put(key, value);
        });
        try {
            return AdoptedOrphans.started(() -> {
                try {
                    if (Spawn.available()) return Spawn.start(command, dir, variables, out, err);
                    var builder = new ProcessBuilder(ProcessGroup.isolated(command, "1".equals(environment.get(OWN_SESSION_ENV)))).directory(dir.toFile())
                            .redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
                    builder.environment().clear();
                    builder.environment().putAll(variables);
                    return builder.start();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** Ends the running child and its group, if any; the pending {@link #run} returns with {@code cancelled}. */
    public void cancel() {
        cancelled = true;
        ProcessGroup group = current.get();
        if (group != null) group.endLater();
    }

    /**
     * The last {@code maxChars} characters of a text file, or "" when it cannot be read. Only the end
     * of the file is read, so a program that printed gigabytes costs no more than one that printed a
     * page; what was left out is counted in a first line.
     */
    public static String tail(Path file, int maxChars) {
        try (FileChannel channel = FileChannel.open(file)) {
            long size = channel.size();
            // UTF-8 takes at most 4 bytes a character.
            int window = (int) Math.min(size, 4L * maxChars);
            ByteBuffer bytes = ByteBuffer.allocate(window);
            while (bytes.hasRemaining() && channel.read(bytes, size - window + bytes.position()) > 0) {
                // read on
            }
            String text = new String(bytes.array(), 0, bytes.position(), StandardCharsets.UTF_8);
            if (text.length() > maxChars) text = text.substring(text.length() - maxChars);
            long left = size - text.getBytes(StandardCharsets.UTF_8).length;
            return left <= 0 ? text : "…[" + left + " earlier bytes not shown]\n" + text;
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
