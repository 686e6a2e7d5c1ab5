package org.tuningworkbench.engine.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Every process the engine starts carries {@code TW_OWNER=PID-START} in its environment: the pid and
 * start time of the JVM that started it, inherited by whatever it forks. A tuner killed with SIGKILL
 * cannot end its children; the next one finds the processes whose owner is gone (the start time
 * tells a reused pid apart) and ends them. Linux only: elsewhere nothing is found.
 */
public final class ProcessMarker {

    public static final String ENV = "TW_OWNER";

    private static final String SELF = mark(ProcessHandle.current());

    private ProcessMarker() {}

    /** This JVM's mark, the value of {@link #ENV} in its children's environment. */
    public static String self() {
        return SELF;
    }

    private static String mark(ProcessHandle process) {
        return process.pid() + "-" + process.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
    }

    /** Whether the JVM that wrote {@code mark} still runs. */
    static boolean ownerAlive(String mark) {
        int dash = mark.indexOf('-');
        if (dash < 1) return false;
        try {
            long pid = Long.parseLong(mark.substring(0, dash));
            long start = Long.parseLong(mark.substring(dash + 1));
            return ProcessHandle.of(pid).flatMap(p -> p.info().startInstant())
                    .map(i -> Math.abs(i.toEpochMilli() - start) < 1000).orElse(false);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The pids of live (not zombie) processes started by the JVM of pid {@code owner}, or by what it started. */
    public static List<Long> startedBy(long owner) {
        return scan(found -> found.startsWith(owner + "-"));
    }

    /** Ends (SIGKILL) every process left by a tuner that is gone; returns how many. */
    public static int endLeftovers() {
        List<Long> orphans = scan(found -> !found.equals(SELF) && !ownerAlive(found));
        orphans.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        return orphans.size();
    }

    private static List<Long> scan(java.util.function.Predicate<String> which) {
        var out = new ArrayList<Long>();
        Path proc = Path.of("/proc");
        if (!Files.isDirectory(proc)) return out;
        try (Stream<Path> entries = Files.list(proc)) {
            for (Path entry : entries.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                long pid = Long.parseLong(entry.getFileName().toString());
                if (pid == ProcessHandle.current().pid() || zombie(entry)) continue;
                markOf(entry).filter(which).ifPresent(m -> out.add(pid));
            }
        } catch (IOException | RuntimeException e) {
            // /proc hidden or changing under us: what was found so far.
        }
        return out;
    }

    private static Optional<String> markOf(Path procEntry) {
        try {
            String environ = new String(Files.readAllBytes(procEntry.resolve("environ")), StandardCharsets.ISO_8859_1);
            for (String variable : environ.split("\0")) {
                if (variable.startsWith(ENV + "=")) return Optional.of(variable.substring(ENV.length() + 1));
            }
        } catch (IOException | RuntimeException e) {
            // Another user's process, or gone.
        }
        return Optional.empty();
    }

    /** A zombie has ended already; it only waits to be reaped. */
    private static boolean zombie(Path procEntry) {
        try {
            String stat = Files.readString(procEntry.resolve("stat"));
            int close = stat.lastIndexOf(')');
            return close > 0 && stat.length() > close + 2 && stat.charAt(close + 2) == 'Z';
        } catch (IOException | RuntimeException e) {
            return true;
        }
    }
}
