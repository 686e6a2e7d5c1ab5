package org.tuningworkbench.engine.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where processes may run when measurements are pinned: the measuring program on one CPU (it pins
 * itself, through {@code TW_CPU}) — the last one it may use with {@code --pin}, one of the project's
 * {@code device_ids} otherwise — and builds on the others through {@code taskset}. With one CPU, or
 * without {@code taskset}, builds stay unpinned.
 *
 * @param measuringCpu the CPU the measured program runs on, or -1 when nothing is pinned
 * @param buildCpus    the CPU list builds are restricted to ({@code 0-2}), or "" when they are not
 */
public record Affinity(int measuringCpu, String buildCpus) {

    public static final Affinity NONE = new Affinity(-1, "");

    /**
     * Pins the measurement to the last of {@code allowed} and the builds to the rest: for {@code --pin},
     * the CPUs this process may use ({@link #allowedCpus()}: its affinity, which a cpuset or a Slurm
     * allocation narrows), not 0 to n-1.
     */
    public static Affinity pinned(java.util.SortedSet<Integer> allowed) {
        if (allowed.isEmpty()) throw new IllegalArgumentException("no CPU to pin to");
        var rest = new java.util.TreeSet<>(allowed.headSet(allowed.last()));
        return new Affinity(allowed.last(), cpuList(rest));
    }

    /**
     * Measurements on {@code cpu}, one of the project's {@code device_ids}; builds on the CPUs this
     * process may use that are not among {@code deviceIds} (unpinned when none is left).
     */
    public static Affinity onDevice(int cpu, List<Integer> deviceIds, java.util.SortedSet<Integer> allowed) {
        var rest = new java.util.TreeSet<>(allowed);
        rest.removeAll(deviceIds);
        return new Affinity(cpu, rest.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(",")));
    }

    /**
     * The CPUs this process may run on, as the kernel keeps them for {@code sched_getaffinity}
     * ({@code Cpus_allowed_list} of {@code /proc/self/status}); 0 to n-1 of the available processors
     * when that cannot be read.
     */
    public static java.util.SortedSet<Integer> allowedCpus() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) return parseCpuList(line.substring(line.indexOf(':') + 1));
            }
        } catch (java.io.IOException | IllegalArgumentException e) {
            // Not Linux, or /proc is hidden: fall back to the count.
        }
        var all = new java.util.TreeSet<Integer>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) all.add(i);
        return all;
    }

    /** A kernel CPU list such as {@code 0-3,8,10-11}. */
    public static java.util.SortedSet<Integer> parseCpuList(String text) {
        var out = new java.util.TreeSet<Integer>();
        for (String part : text.strip().split(",")) {
            if (part.isBlank()) continue;
            String[] range = part.strip().split("-");
            try {
                int first = Integer.parseInt(range[0].strip());
                int last = range.length > 1 ? Integer.parseInt(range[1].strip()) : first;
                if (range.length > 2 || last < first) throw new IllegalArgumentException("not a CPU list: " + text.strip());
                for (int c = first; c <= last; c++) out.add(c);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a CPU list: " + text.strip());
            }
        }
        return out;
    }

    /** {@code 0-3,8}: the CPUs as the kernel lists them. */
    public static String cpuList(java.util.Collection<Integer> cpus) {
        var sorted = new java.util.TreeSet<>(cpus);
        var parts = new java.util.ArrayList<String>();
        Integer start = null, previous = null;
        for (int c : sorted) {
            if (start != null && c == previous + 1) { previous = c; continue; }
            if (start != null) parts.add(start.equals(previous) ? "" + start : start + "-" + previous);
            start = previous = c;
        }
        if (start != null) parts.add(start.equals(previous) ? "" + start : start + "-" + previous);
        return String.join(",", parts);
    }

    /** Why {@code deviceIds} cannot be measured on, or empty when every one is a CPU this process may use. */
    public static java.util.Optional<String> refuse(List<Integer> deviceIds, java.util.SortedSet<Integer> allowed) {
        var refused = deviceIds.stream().filter(id -> !allowed.contains(id)).toList();
        if (refused.isEmpty()) return java.util.Optional.empty();
        return java.util.Optional.of("measure.device_ids: " + (refused.size() == 1 ? "CPU " : "CPUs ")
                + refused.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "))
                + (refused.size() == 1 ? " is not one" : " are not ones") + " this process may run on (allowed: " + cpuList(allowed) + ")");
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
