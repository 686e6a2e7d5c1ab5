package org.tuningworkbench.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.tuningworkbench.engine.build.Toolchain;
import org.tuningworkbench.engine.run.Device;

/**
 * The engine's benchmark: its own overhead, the pipeline's gain, the timing protocol's accuracy,
 * the repeatability of a full tile grid, the tuned example against OpenBLAS and the FMA peak, the
 * window's first frame, racing against brute force on the tile grid, builds against the compiler's floor, and
 * Kernel Tuner beside the workbench on the tile grid.
 * Everything compared is measured in this one run, side by side and interleaved where it can be,
 * because the same binary varies by tens of percent between launches on a shared machine.
 *
 * @param examples the project's {@code examples} folder (for {@code matmul-tiling})
 * @param workDir  a private folder for the benchmark's projects and build caches
 * @param quick    smaller sizes and fewer rounds: a smoke run, not figures to quote
 * @param parts    which parts to run ({@link BenchReport#PARTS})
 * @param racingRounds the racing part's rounds (brute force and racing, interleaved)
 * @param peerRounds   the peer part's rounds (Kernel Tuner and the workbench, interleaved)
 */
public record Benchmark(Path examples, Path workDir, boolean quick, Set<String> parts, int racingRounds, int peerRounds, Consumer<String> log) {

    public Benchmark {
        if (racingRounds < 1) throw new IllegalArgumentException("the racing part needs at least one round, not " + racingRounds);
        if (peerRounds < 1) throw new IllegalArgumentException("the peer part needs at least one round, not " + peerRounds);
    }

    public BenchReport run() throws Exception {
        long start = System.nanoTime();
        Files.createDirectories(workDir);
        Device device = Device.localCpu();
        String toolchain = Toolchain.of("gcc").version();
        var environment = new LinkedHashMap<String, String>();
        for (String name : List.of("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "OPENBLAS_NUM_THREADS")) {
            environment.put(name, System.getenv().getOrDefault(name, "(unset)"));
        }
        String loadBefore = BenchSteps.loadAverage();
        log.accept("Tuning Workbench benchmark on " + device.identity() + ", " + toolchain + (quick ? " (quick: not figures to quote)" : ""));
        log.accept("load average at start: " + loadBefore + "; OpenBLAS environment: " + BlasBaseline.describeOpenBlasEnvironment());
        var loadByPart = new LinkedHashMap<String, String>();
        var steps = new BenchSteps(examples, workDir, quick, log);
        var overhead = part("overhead", loadByPart, () -> new EngineOverhead(steps).run());
        var pipeline = part("pipeline", loadByPart, () -> new PipelineModes(steps).pipelineRatio());
        var modes = part("modes", loadByPart, () -> new PipelineModes(steps).modes());
        var timing = part("timing", loadByPart, () -> new TimingAccuracy(steps).run());
        var grid = new GridRepeatability(steps);
        var repeatability = parts.contains("baseline") && !parts.contains("repeatability") ? grid.run()
                : part("repeatability", loadByPart, grid::run);
        var baseline = part("baseline", loadByPart, () -> new BlasBaseline(steps).run(repeatability));
        var window = part("window", loadByPart, this::window);
        var racing = part("racing", loadByPart, () -> new RacingAgainstBruteForce(steps, racingRounds).run(device));
        var builds = part("build", loadByPart, () -> new BuildFloor(examples, workDir, quick, log).run());
        var peer = part("peer", loadByPart, () -> peer(steps));
        double total = (System.nanoTime() - start) / 1e9;
        String loadAfter = BenchSteps.loadAverage();
        log.accept("load average at end: " + loadAfter);
        return new BenchReport(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), device.identity(), toolchain, environment,
                List.of(loadBefore, loadAfter), loadByPart, total, overhead, pipeline, modes, timing,
                repeatability == null ? null : repeatability.report(), baseline, window, racing, builds, peer);
    }

    private interface Part<T> {
        T run() throws Exception;
    }

    /** Runs one part when it was asked for, and notes the load average at its end (the 1-minute figure covers it). */
    private <T> T part(String name, Map<String, String> loadByPart, Part<T> part) throws Exception {
        if (!parts.contains(name)) return null;
        T result = part.run();
        String load = BenchSteps.loadAverage();
        loadByPart.put(name, load);
        log.accept("   (load average after " + name + ": " + load + ")");
        return result;
    }

    /** 9. Kernel Tuner beside the workbench, when {@link KernelTunerPeer#PYTHONPATH_VARIABLE} says where it is; otherwise how to set it up. */
    private BenchReport.Peer peer(BenchSteps steps) throws Exception {
        var found = KernelTunerPeer.find(System.getenv());
        if (found.peer() == null) {
            log.accept("9. peer: not measured: " + found.missing());
            return null;
        }
        return new PeerComparison(steps, peerRounds, found.peer()).run();
    }

    // --- 6. the window's first frame and idle cost ------------------------------------------

    private BenchReport.Window window() throws Exception {
        Path workbench = Path.of(System.getProperty("workbench.home", "")).toAbsolutePath().resolve("workbench");
        String unavailable = WindowStart.unavailable(workbench);
        if (unavailable != null) {
            log.accept("6. window: not measured: " + unavailable);
            return null;
        }
        log.accept("6. window: " + (quick ? 2 : 3) + " starts of ./workbench on examples/basic-matmul (the first after a build records the ahead-of-time cache, the second assembles it)");
        var result = new WindowStart(workbench, examples.resolve("basic-matmul/project.toml"), quick ? 2 : 3, 5, quick ? 5 : 15, log).measure();
        log.accept(String.format(Locale.ROOT, "6. window: first frame %.2f s (goal ≤ %.0f s: %s), project open %.2f s, idle %.2f%% of a core (goal < %.0f%%: %s), last start; load average now %s",
                result.warmFirstFrameS(), WindowStart.FIRST_FRAME_GOAL_S, BenchSteps.verdict(result.warmFirstFrameS() <= WindowStart.FIRST_FRAME_GOAL_S), result.warmProjectOpenS(),
                result.warmIdlePercent(), WindowStart.IDLE_GOAL_PERCENT, BenchSteps.verdict(result.warmIdlePercent() < WindowStart.IDLE_GOAL_PERCENT), BenchSteps.loadAverage()));
        return result;
    }
}
