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
 * kernel compiled alone with the project's flags ({@code -c}, no launcher, no link), (b) the kernel compiled into a
 * shared library as Kernel Tuner builds it ({@code -fPIC -shared}, the same flags), (c) the variant built whole (the
 * launcher with the whole harness in one translation unit, as a command the builder does not recognise still is)
 * and (d) the variant built by the project's command: its kernel unit into a library that the program, built once
 * and kept in the cache, loads.
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
        var library = new Builder(cache, new BuildSettings(command, project.build().timeout()), toolchain, kernelDir, project.directory(), List.of(), inputs);
        // `exec` first: the same compiler call, which the builder does not take for a plain one, so it builds the variant whole.
        var whole = new Builder(cache, new BuildSettings("exec " + command, project.build().timeout()), toolchain, kernelDir, project.directory(),
                List.of(), inputs);
        Launcher launcher = Backends.of(project).recipe(project).launcher(fileName, project.kernel().entry());
        // The program is built once, by the first library build (unless an earlier run left it in the cache): told apart, not in the medians.
        double firstMs = millis(library.build(fileName, marked.substitute(configs.getFirst()).text(), launcher, new ChildProcess(), true));
        var kernelMs = new ArrayList<Double>();
        var peerMs = new ArrayList<Double>();
        var wholeMs = new ArrayList<Double>();
        var libraryMs = new ArrayList<Double>();
        // By config: [kernel alone, the peer's way, whole, library] of each round.
        var byConfig = new java.util.LinkedHashMap<Config, List<double[]>>();
        for (int round = 0; round < rounds; round++) {
            for (Config config : configs) {
                String text = marked.substitute(config).text();
                double[] times = {kernelAlone(command, kernelDir, project.directory(), fileName, text, false),
                        kernelAlone(command, kernelDir, project.directory(), fileName, text, true),
                        millis(whole.build(fileName, text, launcher, new ChildProcess(), true)),
                        millis(library.build(fileName, text, launcher, new ChildProcess(), true))};
                kernelMs.add(times[0]);
                peerMs.add(times[1]);
                wholeMs.add(times[2]);
                libraryMs.add(times[3]);
                byConfig.computeIfAbsent(config, c -> new ArrayList<>()).add(times);
            }
        }
        var result = new BenchReport.BuildFloor(configs.size(), rounds, firstMs, BenchSteps.median(kernelMs), BenchSteps.median(peerMs),
                BenchSteps.median(wholeMs), BenchSteps.median(libraryMs), GOAL);
        log.accept(String.format(java.util.Locale.ROOT, "8. builds: %d configs of matmul-tiling x %d interleaved rounds, `%s`: kernel alone (-c) median %.0f ms;"
                        + " kernel into a shared library as Kernel Tuner builds it %.0f ms (%.2fx); variant built whole %.0f ms (%.2fx);"
                        + " variant's library, loaded by the program built once, %.0f ms (%.2fx) — goal ≤ %.1fx: %s;"
                        + " the first library build %.0f ms (it builds the program when the cache lacks it)",
                configs.size(), rounds, command, result.kernelAloneMs(), result.peerWayMs(), result.peerWayRatio(), result.wholeMs(), result.wholeRatio(),
                result.libraryMs(), result.libraryRatio(), GOAL, result.libraryRatio() <= GOAL ? "yes" : "no", firstMs));
        byConfig.forEach((config, times) -> {
            double kernel = BenchSteps.median(times.stream().map(t -> t[0]).toList());
            double peer = BenchSteps.median(times.stream().map(t -> t[1]).toList());
            double built = BenchSteps.median(times.stream().map(t -> t[2]).toList());
            double lib = BenchSteps.median(times.stream().map(t -> t[3]).toList());
            log.accept(String.format(java.util.Locale.ROOT, "   %s: kernel alone %.0f ms, Kernel Tuner's way %.0f ms (%.2fx), whole %.0f ms (%.2fx), library %.0f ms (%.2fx)",
                    config, kernel, peer, peer / kernel, built, built / kernel, lib, lib / kernel));
        });
        return result;
    }

    private static double millis(BuildResult built) throws IOException {
        if (built instanceof BuildResult.Failed failed) throw new IOException("matmul-tiling does not build: " + failed.reason());
        return built.time().toNanos() / 1e6;
    }

    /**
     * The variant's kernel compiled alone by the project's command made a compile-only one ({@code -c}, no launcher, no
     * libraries), or with {@code shared} into a shared library as Kernel Tuner builds it ({@code -fPIC -shared}).
     */
    private double kernelAlone(String command, Path kernelDir, Path projectDir, String fileName, String text, boolean shared) throws Exception {
        Path dir = Files.createDirectories(workDir.resolve("build-floor-kernel"));
        Path kernel = dir.resolve(fileName);
        Files.writeString(kernel, text);
        String compile = String.join(" ", ShellWords.split(command).stream().filter(w -> !w.startsWith("-l")).toList())
                .replace("{source}", (shared ? "-fPIC -shared " : "-c ") + ShellWords.quote(kernel.toString()))
                .replace("{output}", ShellWords.quote(dir.resolve(shared ? "kernel.so" : "kernel.o").toString()))
                .replace("{kernel_dir}", ShellWords.quote(kernelDir.toString()));
        var exit = new ChildProcess().run(List.of("/bin/sh", "-c", "cd " + ShellWords.quote(projectDir.toString()) + " && " + compile), dir, "kernel",
                Duration.ofMinutes(2), Map.of("TMPDIR", dir.toString()));
        if (!exit.ok()) throw new IOException("the kernel alone does not compile (" + compile + "): " + exit.stderrText(4000));
        return exit.time().toNanos() / 1e6;
    }
}
