package org.tuningworkbench.engine.project;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.KernelLaunch;

/**
 * A tuning project: what to build, how to call it, how to check and measure it, and which configs
 * to try. Read from a project file by {@link ProjectFile}, one part per table; sizes are already substituted.
 *
 * @param kernel     the kernel and its entry ({@code [kernel]})
 * @param inputs     the sizes and arguments of one call ({@code [sizes]}, {@code [[args]]})
 * @param work       the work of one call ({@code [work]})
 * @param check      how outputs are checked ({@code [golden]})
 * @param build      how a variant becomes a program ({@code [build]})
 * @param measure    how a variant is timed ({@code [measure]})
 * @param candidates the configs to try ({@code [[configs]]}, {@code [space]})
 * @param search     which strategy chooses among them and how much it may try ({@code [search]})
 * @param device     the launches and device of a kernel built for one ({@code [[launches]]}, {@code [launch]}, {@code [device]})
 * @param metrics    quantities recorded with every measured config ({@code [metrics]}), in order
 * @param baseline   what the configs are compared with ({@code [baseline]}), when given
 */
public record Project(
        Path file,
        String name,
        Kernel kernel,
        Inputs inputs,
        Work work,
        CheckSettings check,
        BuildSettings build,
        MeasureSettings measure,
        Candidates candidates,
        SearchSettings search,
        DeviceSettings device,
        List<Metric> metrics,
        Optional<Baseline> baseline) {

    public Project {
        if (device == null) device = DeviceSettings.HOST;
        metrics = metrics == null ? List.of() : List.copyOf(metrics);
        if (baseline == null) baseline = Optional.empty();
    }

    /**
     * The kernel launches of one call for {@code params}: those the project lists, or with {@code [launch]}
     * the entry over the work sizes the config gives.
     *
     * @throws IllegalArgumentException when the config's work sizes cannot be worked out (that config is invalid)
     */
    public List<KernelLaunch> launchesFor(Map<String, String> params) {
        if (device.geometry().isEmpty()) return device.launches();
        return List.of(device.geometry().get().launch(kernel.entry(), inputs.args().stream().map(KernelArg::name).toList(), params, inputs.sizes()));
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
        return kernel.language() != null && !build.command().equals(kernel.language().defaultBuildCommand());
    }

    /** The script the build command starts, when its first word is a file of the project ({@code ./build.sh}). */
    public Optional<Path> buildScript() {
        String program = build.command().strip().split("\\s+")[0];
        if (!program.contains("/")) return Optional.empty();
        Path script = directory().resolve(program).normalize();
        return Files.isRegularFile(script) ? Optional.of(script) : Optional.empty();
    }

    public Project withMeasure(MeasureSettings value) {
        return new Project(file, name, kernel, inputs, work, check, build, value, candidates, search, device, metrics, baseline);
    }

    public Project withCandidates(Candidates value) {
        return new Project(file, name, kernel, inputs, work, check, build, measure, value, search, device, metrics, baseline);
    }

    public Project withBaseline(Optional<Baseline> value) {
        return new Project(file, name, kernel, inputs, work, check, build, measure, candidates, search, device, metrics, value);
    }

    public Project withSearch(SearchSettings value) {
        return new Project(file, name, kernel, inputs, work, check, build, measure, candidates, value, device, metrics, baseline);
    }
}
