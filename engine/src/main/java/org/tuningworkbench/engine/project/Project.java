package org.tuningworkbench.engine.project;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.KernelLaunch;
import org.tuningworkbench.bridge.Language;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.space.SearchSpace;

/**
 * A tuning project: what to build, how to call it, how to check and measure it, and which configs
 * to try. Read from a project file by {@link ProjectFile}; sizes are already substituted.
 *
 * @param flops work of one kernel call in floating-point operations, when known
 * @param bytes memory traffic of one call in bytes, when known
 * @param launches the kernel launches of one call, in order, for a kernel built for a device (OpenCL); empty otherwise
 * @param device   which device measures it, for a kernel built for a device
 * @param injectsDefines whether a config's parameters that no marked line declares are written as
 *                       {@code #define}s before the kernel ({@code [kernel] inject = "defines"})
 * @param metrics  quantities recorded with every measured config ({@code [metrics]}), in order
 * @param geometry the work sizes of an OpenCL entry derived from each config ({@code [launch]}), in place of fixed {@code launches}
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
        Optional<Baseline> baseline,
        Optional<SearchSpace> space,
        SearchSettings search,
        List<KernelLaunch> launches,
        DeviceChoice device,
        boolean injectsDefines,
        Optional<LaunchGeometry> geometry,
        List<Metric> metrics) {

    /** A project without a baseline. */
    public Project(Path file, String name, Path kernel, Language language, String entry, Map<String, Long> sizes, List<KernelArg> args,
                   Golden golden, Tolerance tolerance, OptionalDouble flops, OptionalDouble bytes, BuildSettings build,
                   MeasureSettings measure, List<Config> configs) {
        this(file, name, kernel, language, entry, sizes, args, golden, tolerance, flops, bytes, build, measure, configs, Optional.empty(),
                Optional.empty(), SearchSettings.DEFAULT, List.of(), DeviceChoice.FIRST, false, Optional.empty(), List.of());
    }

    /** A project of a kernel that runs on the host (C, C++), without device launches. */
    public Project(Path file, String name, Path kernel, Language language, String entry, Map<String, Long> sizes, List<KernelArg> args,
                   Golden golden, Tolerance tolerance, OptionalDouble flops, OptionalDouble bytes, BuildSettings build,
                   MeasureSettings measure, List<Config> configs, Optional<Baseline> baseline, Optional<SearchSpace> space, SearchSettings search) {
        this(file, name, kernel, language, entry, sizes, args, golden, tolerance, flops, bytes, build, measure, configs, baseline, space, search,
                List.of(), DeviceChoice.FIRST, false, Optional.empty(), List.of());
    }

    public Project {
        sizes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sizes));
        args = List.copyOf(args);
        configs = List.copyOf(configs);
        launches = launches == null ? List.of() : List.copyOf(launches);
        if (device == null) device = DeviceChoice.FIRST;
        if (geometry == null) geometry = Optional.empty();
        metrics = metrics == null ? List.of() : List.copyOf(metrics);
    }

    /**
     * The kernel launches of one call for {@code params}: those the project lists, or with {@code [launch]}
     * the entry over the work sizes the config gives.
     *
     * @throws IllegalArgumentException when the config's work sizes cannot be worked out (that config is invalid)
     */
    public List<KernelLaunch> launchesFor(Map<String, String> params) {
        if (geometry.isEmpty()) return launches;
        return List.of(geometry.get().launch(entry, args.stream().map(KernelArg::name).toList(), params, sizes));
    }

    /** A project whose kernel runs on the host or a device, as the other constructor, with every part given. */
    public Project(Path file, String name, Path kernel, Language language, String entry, Map<String, Long> sizes, List<KernelArg> args,
                   Golden golden, Tolerance tolerance, OptionalDouble flops, OptionalDouble bytes, BuildSettings build,
                   MeasureSettings measure, List<Config> configs, Optional<Baseline> baseline, Optional<SearchSpace> space, SearchSettings search,
                   List<KernelLaunch> launches, DeviceChoice device) {
        this(file, name, kernel, language, entry, sizes, args, golden, tolerance, flops, bytes, build, measure, configs, baseline, space, search,
                launches, device, false, Optional.empty(), List.of());
    }

    /** The kernel's text {@code text} with its markers read, injecting defines when the project asks. */
    public TunableSource tunableSource(String text) {
        return TunableSource.parse(kernel, text).injectingDefines(injectsDefines);
    }

    public Path directory() {
        return file.toAbsolutePath().getParent();
    }

    /**
     * The record file beside the project: {@code records.jsonl} for a {@code project.toml}; for another
     * project file of the same folder its own, {@code openmp.records.jsonl} for {@code openmp.toml}.
     */
    public Path recordFile() {
        String fileName = file.getFileName().toString();
        boolean main = fileName.equals("project.toml") || !fileName.endsWith(".toml");
        return directory().resolve(main ? "records.jsonl" : fileName.substring(0, fileName.length() - ".toml".length()) + ".records.jsonl");
    }

    /** Whether the project builds with a command of its own rather than its language's default one (which the person should see before it runs). */
    public boolean ownBuildCommand() {
        return language != null && !build.command().equals(language.defaultBuildCommand());
    }

    /** The script the build command starts, when its first word is a file of the project ({@code ./build.sh}). */
    public Optional<Path> buildScript() {
        String program = build.command().strip().split("\\s+")[0];
        if (!program.contains("/")) return Optional.empty();
        Path file = directory().resolve(program).normalize();
        return java.nio.file.Files.isRegularFile(file) ? Optional.of(file) : Optional.empty();
    }

    public List<KernelArg.Buffer> outputs() {
        return args.stream().filter(a -> a instanceof KernelArg.Buffer b && b.output()).map(a -> (KernelArg.Buffer) a).toList();
    }

    public Project withMeasure(MeasureSettings value) {
        return new Project(file, name, kernel, language, entry, sizes, args, golden, tolerance, flops, bytes, build, value, configs, baseline,
                space, search, launches, device, injectsDefines, geometry, metrics);
    }

    /** The same project with {@code value} as its listed configs (the space, if any, stays). */
    public Project withConfigs(List<Config> value) {
        return new Project(file, name, kernel, language, entry, sizes, args, golden, tolerance, flops, bytes, build, measure, value, baseline,
                space, search, launches, device, injectsDefines, geometry, metrics);
    }

    public Project withSpace(Optional<SearchSpace> value) {
        return new Project(file, name, kernel, language, entry, sizes, args, golden, tolerance, flops, bytes, build, measure, configs, baseline,
                value, search, launches, device, injectsDefines, geometry, metrics);
    }

    public Project withBaseline(Optional<Baseline> value) {
        return new Project(file, name, kernel, language, entry, sizes, args, golden, tolerance, flops, bytes, build, measure, configs, value,
                space, search, launches, device, injectsDefines, geometry, metrics);
    }

    public Project withSearch(SearchSettings value) {
        return new Project(file, name, kernel, language, entry, sizes, args, golden, tolerance, flops, bytes, build, measure, configs, baseline,
                space, value, launches, device, injectsDefines, geometry, metrics);
    }

    /**
     * Every parameter the project tunes: the space's, then those only the listed configs set (as
     * text values, in the order first seen).
     */
    public List<Parameter> parameters() {
        var out = new java.util.ArrayList<Parameter>(space.map(SearchSpace::parameters).orElse(List.of()));
        var listed = new java.util.LinkedHashMap<String, java.util.LinkedHashSet<String>>();
        for (Config c : configs) {
            c.values().forEach((k, v) -> {
                if (out.stream().noneMatch(p -> p.name().equals(k))) listed.computeIfAbsent(k, x -> new java.util.LinkedHashSet<>()).add(v);
            });
        }
        listed.forEach((k, v) -> out.add(Parameter.of(k, List.copyOf(v))));
        return out;
    }

    /** The configs a search may choose from: the space, or the listed configs when there is no space. */
    public SearchSpace searchSpace() {
        return space.orElseGet(() -> SearchSpace.listed(parameters(), configs));
    }
}
