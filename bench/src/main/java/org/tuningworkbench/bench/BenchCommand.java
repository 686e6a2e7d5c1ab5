package org.tuningworkbench.bench;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.tuningworkbench.engine.SafeWrite;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.cli.Cli;
import org.tuningworkbench.engine.cli.ExitCode;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.project.Range;
import org.tuningworkbench.engine.record.RecordFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code workbench bench}: measures the engine itself and prints the figures (docs/methods.md, "The benchmark"). */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Measures the engine and its examples in a few minutes, everything compared measured in this one run.",
                "It measures its overhead per config, the pipeline's gain, the timing protocol's accuracy,",
                "the repeatability of the 64-config matmul-tiling grid, the tuned example against OpenBLAS and the FMA peak,",
                "the window's first frame and idle CPU, racing against brute force on the tile grid, builds against the compiler's floor,",
                "and Kernel Tuner beside the workbench on the tile grid (with TW_PEER_PYTHONPATH set: the part says how)."})
public final class BenchCommand implements Callable<Integer> {

    /** {@code workbench bench ...}: the engine's command line with this command beside its own. */
    public static void main(String[] args) {
        System.exit(Cli.execute(java.util.List.of(new BenchCommand()), args));
    }

    @Spec
    CommandSpec spec;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the figures as JSON to FILE.")
    Path json;

    @Option(names = "--quick", description = "Small sizes and one round each: checks the benchmark runs, not figures to quote.")
    boolean quick;

    @Option(names = "--only", paramLabel = "PART", split = ",",
            description = "Run only these parts: overhead, pipeline, modes, timing, repeatability, baseline, window, racing, build, peer (default: all).")
    java.util.List<String> only;

    @Option(names = "--racing-rounds", paramLabel = "R",
            description = "Rounds of the racing part, brute force and racing interleaved (default: 3; 1 with --quick); 10 judge the pick's goal.")
    Integer racingRounds;

    @Option(names = "--peer-rounds", paramLabel = "R",
            description = "Rounds of the peer part, Kernel Tuner and the workbench interleaved (default: 3; 1 with --quick).")
    Integer peerRounds;

    @Option(names = "--examples", paramLabel = "DIR", description = "The examples folder (default: the one beside the workbench).")
    Path examples;

    @Option(names = "--work-dir", paramLabel = "DIR", description = "Where the benchmark builds (default: a fresh folder under ~/.cache/tuning-workbench/bench).")
    Path workDir;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path examplesDir = examples != null ? examples : defaultExamples();
        if (!Files.isRegularFile(examplesDir.resolve("matmul-tiling/project.toml"))) {
            err.println("error: cannot find examples/matmul-tiling/project.toml under " + examplesDir + "; pass --examples DIR");
            return ExitCode.BAD_INPUT;
        }
        var parts = only == null ? BenchReport.PARTS : java.util.Set.copyOf(only);
        if (!BenchReport.PARTS.containsAll(parts)) {
            err.println("error: --only takes " + String.join(", ", new java.util.TreeSet<>(BenchReport.PARTS)) + "; not " + parts.stream().filter(p -> !BenchReport.PARTS.contains(p)).toList());
            return ExitCode.BAD_INPUT;
        }
        int rounds = racingRounds != null ? racingRounds : quick ? 1 : 3;
        if (!Range.BENCH_ROUNDS.contains(rounds)) {
            err.println("error: " + Range.BENCH_ROUNDS.refusal("--racing-rounds", rounds));
            return ExitCode.BAD_INPUT;
        }
        int peer = peerRounds != null ? peerRounds : quick ? 1 : 3;
        if (!Range.BENCH_ROUNDS.contains(peer)) {
            err.println("error: " + Range.BENCH_ROUNDS.refusal("--peer-rounds", peer));
            return ExitCode.BAD_INPUT;
        }
        Path work = workDir != null ? workDir
                : TuneOptions.defaults().cacheDir().resolve("bench").resolve("run-" + ProcessHandle.current().pid());
        Benchmark benchmark = new Benchmark(examplesDir, work, quick, parts, rounds, peer, line -> {
            out.println(line);
            out.flush();
        });
        BenchReport report;
        try {
            report = benchmark.run();
        } finally {
            if (workDir == null) WorkFolders.deleteQuietly(work);
        }
        out.println(String.format(java.util.Locale.ROOT, "Benchmark done in %.0f s.", report.totalS()));
        if (json != null) {
            if (json.toAbsolutePath().getParent() != null) Files.createDirectories(json.toAbsolutePath().getParent());
            SafeWrite.write(json, RecordFile.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(report) + "\n");
            out.println("Figures: " + json);
        }
        out.flush();
        return ExitCode.OK;
    }

    private static Path defaultExamples() {
        String home = System.getProperty("workbench.home");
        return (home != null ? Path.of(home) : Path.of("")).toAbsolutePath().resolve("examples");
    }

}
