package org.tuningworkbench.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.backend.Backends;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.build.Builder;
import org.tuningworkbench.engine.build.KernelInputs;
import org.tuningworkbench.engine.build.ShellWords;
import org.tuningworkbench.engine.build.Toolchain;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.SourceFiles;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.BuildSettings;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;

/**
 * 8. Builds against the compiler's floor: for configs of matmul-tiling, in interleaved rounds, (a) the variant's
 * kernel compiled alone with the project's flags ({@code -c}, no launcher, no link), (b) the variant built the
 * header-only way (the launcher with the whole harness in one translation unit, as every build was before the
 * harness object, and as a command the builder does not recognise still is) and (c) the variant built by the
 * project's command, compiling its launcher and kernel and linking the harness object the cache holds.
 */
record BuildFloor(Path examples, Path workDir, boolean quick, Consumer<String> log) {

    /** The goal: a variant's build within this factor of its kernel compiled alone. */
    static final double GOAL = 1.3;

    BenchReport.BuildFloor run() throws Exception {
        Project project = ProjectFile.load(examples.resolve("matmul-tiling/project.toml"));
        String fileName = project.kernel().source().getFileName().toString();
        TunableSource marked = TunableSource.parse(project.kernel().source(), SourceFiles.read(project.kernel().source()).text());
        List<Config> configs = project.candidates().listed().subList(0, Math.min(quick ? 2 : 4, project.candidates().listed().size()));
        int rounds = quick ? 2 : 9;
        String command = project.build().command();
        Toolchain toolchain = Toolchain.of(command, project.directory());
        Path kernelDir = project.kernel().source().toAbsolutePath().getParent();
        String inputs = KernelInputs.of(project, project.kernel().source(), Files.createDirectories(workDir.resolve("build-floor-inputs")), "cpu");
        Path cache = workDir.resolve("cache-build-floor");
        var linked = new Builder(cache, new BuildSettings(command, project.build().timeout()), toolchain, kernelDir, project.directory(), List.of(), inputs);
        // `exec` first: the same compiler call, which the builder does not take for a plain one, so it includes the whole harness.
        var headerOnly = new Builder(cache, new BuildSettings("exec " + command, project.build().timeout()), toolchain, kernelDir, project.directory(),
                List.of(), inputs);
        Launcher launcher = Backends.of(project).recipe(project).launcher(fileName, project.kernel().entry());
        // The harness object is compiled once, by the first linked build (unless an earlier run left it in the cache): told apart, not in the medians.
        double firstMs = millis(linked.build(fileName, marked.substitute(configs.getFirst()).text(), launcher, new ChildProcess(), true));
        var kernelMs = new ArrayList<Double>();
        var headerOnlyMs = new ArrayList<Double>();
        var linkedMs = new ArrayList<Double>();
        // By config: [kernel alone, header-only, linked] of each round.
        var byConfig = new java.util.LinkedHashMap<Config, List<double[]>>();
        for (int round = 0; round < rounds; round++) {
            for (Config config : configs) {
                String text = marked.substitute(config).text();
                double[] times = {kernelAlone(command, kernelDir, project.directory(), fileName, text),
                        millis(headerOnly.build(fileName, text, launcher, new ChildProcess(), true)),
                        millis(linked.build(fileName, text, launcher, new ChildProcess(), true))};
                kernelMs.add(times[0]);
                headerOnlyMs.add(times[1]);
                linkedMs.add(times[2]);
                byConfig.computeIfAbsent(config, c -> new ArrayList<>()).add(times);
            }
        }
        var result = new BenchReport.BuildFloor(configs.size(), rounds, firstMs, BenchSteps.median(kernelMs), BenchSteps.median(headerOnlyMs),
                BenchSteps.median(linkedMs), GOAL);
        log.accept(String.format(java.util.Locale.ROOT, "8. builds: %d configs of matmul-tiling x %d interleaved rounds, `%s`: kernel alone (-c) median %.0f ms;"
                        + " header-only build %.0f ms (%.2fx the kernel alone); build linking the harness object %.0f ms (%.2fx) — goal ≤ %.1fx: %s;"
                        + " the first build linking it %.0f ms (it compiles the harness object when the cache lacks it)",
                configs.size(), rounds, command, result.kernelAloneMs(), result.headerOnlyMs(), result.headerOnlyRatio(), result.linkedMs(), result.linkedRatio(),
                GOAL, result.linkedRatio() <= GOAL ? "yes" : "no", firstMs));
        byConfig.forEach((config, times) -> {
            double kernel = BenchSteps.median(times.stream().map(t -> t[0]).toList());
            double header = BenchSteps.median(times.stream().map(t -> t[1]).toList());
            double link = BenchSteps.median(times.stream().map(t -> t[2]).toList());
            log.accept(String.format(java.util.Locale.ROOT, "   %s: kernel alone %.0f ms, header-only %.0f ms (%.2fx), linking the harness object %.0f ms (%.2fx)",
                    config, kernel, header, header / kernel, link, link / kernel));
        });
        return result;
    }

    private static double millis(BuildResult built) throws IOException {
        if (built instanceof BuildResult.Failed failed) throw new IOException("matmul-tiling does not build: " + failed.reason());
        return built.time().toNanos() / 1e6;
    }

    /** The variant's kernel compiled alone by the project's command made a compile-only one: {@code -c}, no launcher, no libraries. */
    private double kernelAlone(String command, Path kernelDir, Path projectDir, String fileName, String text) throws Exception {
        Path dir = Files.createDirectories(workDir.resolve("build-floor-kernel"));
        Path kernel = dir.resolve(fileName);
        Files.writeString(kernel, text);
        String compile = String.join(" ", ShellWords.split(command).stream().filter(w -> !w.startsWith("-l")).toList())
                .replace("{source}", "-c " + ShellWords.quote(kernel.toString()))
                .replace("{output}", ShellWords.quote(dir.resolve("kernel.o").toString()))
                .replace("{kernel_dir}", ShellWords.quote(kernelDir.toString()));
        var exit = new ChildProcess().run(List.of("/bin/sh", "-c", "cd " + ShellWords.quote(projectDir.toString()) + " && " + compile), dir, "kernel",
                Duration.ofMinutes(2), Map.of("TMPDIR", dir.toString()));
        if (!exit.ok()) throw new IOException("the kernel alone does not compile (" + compile + "): " + exit.stderrText(4000));
        return exit.time().toNanos() / 1e6;
    }
}
