package org.tuningworkbench.engine.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where processes may run when measurements are pinned: the measuring program on the last CPU
 * (it pins itself, through {@code TW_CPU}), builds on the others through {@code taskset}. With one
 * CPU, or without {@code taskset}, builds stay unpinned.
 *
 * @param measuringCpu the CPU the measured program runs on, or -1 when nothing is pinned
 * @param buildCpus    the CPU list builds are restricted to ({@code 0-2}), or "" when they are not
 */
public record Affinity(int measuringCpu, String buildCpus) {

    public static final Affinity NONE = new Affinity(-1, "");

    /** Pins the measurement to the last of {@code cpus} CPUs and the builds to the rest. */
    public static Affinity pinned(int cpus) {
        if (cpus < 1) throw new IllegalArgumentException("cpus must be at least 1");
        int last = cpus - 1;
        String builds = last == 0 ? "" : last == 1 ? "0" : "0-" + (last - 1);
        return new Affinity(last, builds);
    }

    public boolean pinned() {
        return measuringCpu >= 0;
    }

    /** The environment of the measured program. */
    public Map<String, String> runEnvironment() {
        return pinned() ? Map.of("TW_CPU", Integer.toString(measuringCpu)) : Map.of();
    }

    /** The words put before a build command; empty when builds are not pinned or taskset is missing. */
    public List<String> buildPrefix() {
        if (buildCpus.isEmpty()) return List.of();
        return taskset().map(t -> List.of(t, "-c", buildCpus)).orElse(List.of());
    }

    private static java.util.Optional<String> taskset() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "taskset");
            if (Files.isExecutable(candidate)) return java.util.Optional.of(candidate.toString());
        }
        return java.util.Optional.empty();
    }
}
