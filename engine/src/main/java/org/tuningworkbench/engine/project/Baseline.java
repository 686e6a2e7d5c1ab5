package org.tuningworkbench.engine.project;

import java.nio.file.Path;

/**
 * A reference implementation measured beside the configs, such as a library call, so every config
 * can be read against it: a function taking the same arguments as the entry.
 *
 * @param label    how tables and charts name it ({@code OpenBLAS sgemm})
 * @param source   the file that defines it
 * @param function its name
 * @param flags    appended to the build command for it alone ({@code -lopenblas})
 * @param environments the environments to measure it in, the best of which is the baseline (a
 *                 library's kernels for several CPUs, {@code OPENBLAS_CORETYPE}); empty: as it is
 */
public record Baseline(String label, Path source, String function, String flags, java.util.List<java.util.Map<String, String>> environments) {

    public Baseline {
        environments = environments.stream().map(java.util.Map::copyOf).toList();
    }

    public Baseline(String label, Path source, String function, String flags) {
        this(label, source, function, flags, java.util.List.of());
    }

    /** {@code OPENBLAS_CORETYPE=Haswell}: how a record names the environment it was measured in (a null value: {@code NAME unset}). */
    public static String describe(java.util.Map<String, String> environment) {
        return new java.util.TreeMap<>(environment).entrySet().stream().map(e -> e.getKey() + (e.getValue() == null ? " unset" : "=" + e.getValue()))
                .collect(java.util.stream.Collectors.joining(" "));
    }
}
