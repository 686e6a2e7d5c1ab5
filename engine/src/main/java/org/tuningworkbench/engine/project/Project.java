package org.tuningworkbench.engine.project;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.Language;
import org.tuningworkbench.engine.marker.Config;

/**
 * A tuning project: what to build, how to call it, how to check and measure it, and which configs
 * to try. Read from a project file by {@link ProjectFile}; sizes are already substituted.
 *
 * @param flops work of one kernel call in floating-point operations, when known
 * @param bytes memory traffic of one call in bytes, when known
 */
public record Project(
        Path file,
        String name,
        Path kernel,
        Language language,
        String entry,
        Map<String, Long> sizes,
        List<KernelArg> args,
        Golden golden,
        Tolerance tolerance,
        OptionalDouble flops,
        OptionalDouble bytes,
        BuildSettings build,
        MeasureSettings measure,
        List<Config> configs,
        Optional<Baseline> baseline) {

    /** A project without a baseline. */
    public Project(Path file, String name, Path kernel, Language language, String entry, Map<String, Long> sizes, List<KernelArg> args,
                   Golden golden, Tolerance tolerance, OptionalDouble flops, OptionalDouble bytes, BuildSettings build,
                   MeasureSettings measure, List<Config> configs) {
        this(file, name, kernel, language, entry, sizes, args, golden, tolerance, flops, bytes, build, measure, configs, Optional.empty());
    }

    public Project {
        sizes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sizes));
        args = List.copyOf(args);
        configs = List.copyOf(configs);
    }

    public Path directory() {
        return file.toAbsolutePath().getParent();
    }

    public List<KernelArg.Buffer> outputs() {
        return args.stream().filter(a -> a instanceof KernelArg.Buffer b && b.output()).map(a -> (KernelArg.Buffer) a).toList();
    }

    public Project withMeasure(MeasureSettings value) {
        return new Project(file, name, kernel, language, entry, sizes, args, golden, tolerance, flops, bytes, build, value, configs, baseline);
    }

    public Project withConfigs(List<Config> value) {
        return new Project(file, name, kernel, language, entry, sizes, args, golden, tolerance, flops, bytes, build, measure, value, baseline);
    }
}
