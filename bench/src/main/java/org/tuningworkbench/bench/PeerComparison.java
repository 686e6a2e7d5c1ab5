package org.tuningworkbench.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.exec.Pipeline;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.SourceFiles;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.project.Candidates;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.search.Budget;
import org.tuningworkbench.engine.space.SearchSpace;
import org.tuningworkbench.engine.stats.RankCorrelation;
import org.tuningworkbench.engine.tune.Confirmation;

/**
 * 9. The peer side by side: Kernel Tuner (its C backend, brute force, {@link #ITERATIONS} iterations a config, every
 * output verified against the golden product) and the workbench (racing then {@code --confirm-top 3}, the default quiet
 * pipeline; the same with builds overlapping the measurements, {@code --pipeline parallel}; and
 * {@code --strategy model --budget 16} then the same confirmation) on the same tile grid of {@code matmul-tiling}, the
 * same kernel source and tolerance, interleaved in rounds, every tool building every variant afresh. After each round
 * a plain driver ({@link PlainDriver}) times Kernel Tuner's fastest configs and each tool's pick, built alike, in
 * interleaved rounds: the truth the picks are judged by. What overlapping the builds costs is said as each arm's rank
 * correlation with Kernel Tuner's ranking (its seven iterations of every config) over the configs both measured.
 */
record PeerComparison(BenchSteps steps, int rounds, KernelTunerPeer peer) {

    /** The workbench's racing and confirmation within this share of Kernel Tuner's wall time, in every round. */
    static final double RACING_GOAL = 0.2;
    /** The model search and its confirmation within this share of Kernel Tuner's wall time. */
    static final double MODEL_GOAL = 0.1;
    static final double PICK_TOLERANCE = 0.03;
    static final int ITERATIONS = 7;
    static final int MODEL_BUDGET = 16;
    static final int CONFIRM_TOP = 3;
    static final int CONFIRM_ROUNDS = 3;
    /** Kernel Tuner's fastest configs by its own timing, re-measured beside the picks. */
    static final int TRUTH_TOP = 5;

    BenchReport.Peer run() throws Exception {
        Path dir = Files.createDirectories(steps.workDir().resolve("peer"));
        String version = peer.version(dir);
        Project grid = steps.tileGrid(steps.quick() ? List.of("32", "128") : BenchSteps.TILES).withBaseline(Optional.empty());
        var tuneParams = tuneParams(grid.candidates().listed());
        Project space = grid.withCandidates(Candidates.space(SearchSpace.ofTexts(tuneParams)))
                .withSearch(grid.search().withStrategy("model").withBudget(Budget.trials(MODEL_BUDGET)));
        Map<String, Long> sizes = grid.inputs().sizes();
        long m = sizes.get("m"), n = sizes.get("n"), k = sizes.get("k");
        Path kernelDir = Files.createDirectories(dir.resolve("kernel"));
        Path ktSource = kernelDir.resolve(grid.kernel().source().getFileName());
        TunableSource marked = TunableSource.parse(grid.kernel().source(), SourceFiles.read(grid.kernel().source()).text());
        Files.writeString(ktSource, KernelTunerPeer.sourceFor(marked, tuneParams.keySet(), BenchSteps.resource("kernel_tuner_timed.c")));
        var compiler = KernelTunerPeer.compilerOf(grid.build().command(), grid.kernel().source().toAbsolutePath().getParent());
        var spec = new LinkedHashMap<String, Object>();
        spec.put("source", ktSource.toString());
        spec.put("function", KernelTunerPeer.TIMED_FUNCTION);
        spec.put("m", m);
        spec.put("n", n);
        spec.put("k", k);
        var ktParams = new LinkedHashMap<String, List<Long>>();
        tuneParams.forEach((name, values) -> ktParams.put(name, values.stream().map(Long::parseLong).toList()));
        spec.put("tune_params", ktParams);
        spec.put("compiler", compiler.command());
        spec.put("compiler_options", compiler.options());
        spec.put("iterations", ITERATIONS);
        spec.put("atol", grid.check().tolerance().atol());
        spec.put("rtol", grid.check().tolerance().rtol());
        int truthRounds = steps.quick() ? 2 : 3;
        int truthCalls = steps.quick() ? 5 : 11;
        var driver = new PlainDriver(dir.resolve("plain"), marked, compiler, m, n, k);
        int configs = grid.candidates().listed().size();
        steps.log().accept(String.format(Locale.ROOT, "9. peer: Kernel Tuner %s (C backend, brute force, %d iterations, verified) against the workbench"
                        + " (racing + --confirm-top %d; --strategy model --budget %d + --confirm-top %d; racing + --confirm-top %d with --pipeline parallel) on %d configs of matmul-tiling (%s; %s) at %d×%d×%d,"
                        + " `%s %s`, %d interleaved round%s, every variant built afresh by each tool; the truth: Kernel Tuner's top %d and the picks timed by a plain"
                        + " driver, %d interleaved rounds of %d calls; workbench: %s; Kernel Tuner where the system places it",
                version, ITERATIONS, CONFIRM_TOP, MODEL_BUDGET, CONFIRM_TOP, CONFIRM_TOP, configs, String.join(", ", tuneParams.keySet()), BenchSteps.registerBlockText(),
                m, n, k, compiler.command(), String.join(" ", compiler.options()), rounds, rounds == 1 ? "" : "s", TRUTH_TOP, truthRounds, truthCalls,
                RacingAgainstBruteForce.measuredOn(TuneOptions.defaults())));
        var done = new ArrayList<BenchReport.PeerRound>();
        KernelTunerPeer.Output lastPeer = null;
        for (int round = 1; round <= rounds; round++) {
            String loadBefore = BenchSteps.loadAverage();
            Path roundDir = Files.createDirectories(dir.resolve("round-" + round));
            KernelTunerPeer.Run kt = null;
            // Kernel Tuner first in odd rounds, last in even ones: neither tool always meets the machine as the other left it.
            if (round % 2 == 1) kt = peer.tune(roundDir, spec, Duration.ofHours(1));
            Arm racing = arm(grid.withSearch(grid.search().withSeed(round)), "racing-" + round, Pipeline.QUIET);
            Arm overlapped = arm(grid.withSearch(grid.search().withSeed(round)), "overlapped-" + round, Pipeline.PARALLEL);
            Arm model = arm(space.withSearch(space.search().withSeed(round)), "model-" + round, Pipeline.QUIET);
            if (kt == null) kt = peer.tune(roundDir, spec, Duration.ofHours(1));
            lastPeer = kt.output();
            WorkFolders.deleteQuietly(roundDir);

            var candidates = new ArrayList<Config>();
            kt.output().ranked().stream().limit(TRUTH_TOP).map(KernelTunerPeer.Result::asConfig).forEach(candidates::add);
            for (Config pick : List.of(racing.pick, overlapped.pick, model.pick)) if (!candidates.contains(pick)) candidates.add(pick);
            Map<String, Double> truthMs = driver.measure(candidates, truthRounds, truthCalls);
            Config ktBest = kt.output().best().orElseThrow(() -> new IOException("no config passed Kernel Tuner's verification")).asConfig();
            Map<String, Double> peerMs = new LinkedHashMap<>();
            kt.output().ranked().forEach(r -> peerMs.put(r.asConfig().key(), r.timeMs()));
            var tools = List.of(
                    peerTool(kt, ktBest, truthMs),
                    racing.tool("workbench racing + confirmation", truthMs, peerMs),
                    model.tool("workbench model " + MODEL_BUDGET + " + confirmation", truthMs, peerMs),
                    overlapped.tool("workbench racing, builds overlapped", truthMs, peerMs));
            var truth = candidates.stream().map(c -> new BenchReport.Truth(c.toString(), truthMs.get(c.key()))).toList();
            var row = new BenchReport.PeerRound(round, loadBefore, BenchSteps.loadAverage(), tools, truth);
            done.add(row);
            for (var tool : tools) {
                steps.log().accept(String.format(Locale.ROOT, "   round %d %-38s %6.1f s wall (%s; tune %.1f s + confirmation %.1f s): %d trials, builds %.1f s,"
                                + " programs %.1f s (first calls %.1f s, %.1f s beyond as many warm calls; timed calls %.1f s in %d samples; the rest %.1f s), %d samples confirming, %s;"
                                + " best %s at %.2f ms by its own timing, %.2f ms re-measured (%.1f%% behind the fastest)%s",
                        round, tool.name(), tool.wallS(), tool == tools.getFirst() ? "its process, start to exit"
                                : String.format(Locale.ROOT, "%.2fx Kernel Tuner's", tool.wallS() / kt.wallS()), tool.tuneS(), tool.confirmS(), tool.trials(), tool.buildS(), tool.programsS(),
                        tool.firstCallsS(), tool.firstCallsBeyondWarmS(), tool.timedCallsS(), tool.samples(), tool.programsS() - tool.firstCallsS() - tool.timedCallsS(), tool.confirmSamples(),
                        beyond(tool.wallS() - tool.buildS() - tool.programsS()), tool.best(), tool.bestMs(), tool.remeasuredMs(), tool.behindPercent(),
                        Double.isNaN(tool.spearman()) ? "" : String.format(Locale.ROOT, "; Spearman %.3f against Kernel Tuner's ranking over %d configs",
                                tool.spearman(), tool.ranked())));
            }
            steps.log().accept(String.format(Locale.ROOT, "            racing %.2fx (goal ≤ %.2f and within %.0f%%: %s), model %.2fx (goal ≤ %.2f and within %.0f%%: %s), racing with builds overlapped %.2fx;"
                            + " fastest re-measured %s; load average %s before, %s after",
                    row.racingRatio(), RACING_GOAL, 100 * PICK_TOLERANCE, BenchSteps.verdict(row.racingRatio() <= RACING_GOAL && row.racingWithin(PICK_TOLERANCE)),
                    row.modelRatio(), MODEL_GOAL, 100 * PICK_TOLERANCE, BenchSteps.verdict(row.modelRatio() <= MODEL_GOAL && row.modelWithin(PICK_TOLERANCE)),
                    row.tools().get(3).wallS() / kt.wallS(), row.fastest(), loadBefore, row.loadAfter()));
        }
        var result = new BenchReport.Peer(lastPeer.kernelTuner(), lastPeer.python(), lastPeer.numpy(), configs, String.join(", ", tuneParams.keySet()),
                m + "×" + n + "×" + k, ITERATIONS, truthRounds, truthCalls, done, RACING_GOAL, MODEL_GOAL, 100 * PICK_TOLERANCE);
        steps.log().accept(String.format(Locale.ROOT, "9. peer: Kernel Tuner %.1f s (median wall); workbench racing + confirmation %.1f s (%.2fx), within %.0f%% of the fastest"
                        + " and ≤ %.2fx in %d of %d rounds: %s; model %d + confirmation %.1f s (%.2fx), within %.0f%% and ≤ %.2fx in %d of %d rounds: %s;"
                        + " racing with builds overlapped %.1f s (%.2fx)",
                result.peerWallS(), result.racingWallS(), result.racingWallS() / result.peerWallS(), 100 * PICK_TOLERANCE, RACING_GOAL, result.racingRoundsMet(),
                done.size(), BenchSteps.verdict(result.racingRoundsMet() == done.size()), MODEL_BUDGET, result.modelWallS(), result.modelWallS() / result.peerWallS(),
                100 * PICK_TOLERANCE, MODEL_GOAL, result.modelRoundsMet(), done.size(), BenchSteps.verdict(result.modelRoundsMet() == done.size()),
                result.overlappedWallS(), result.overlappedWallS() / result.peerWallS()));
        return result;
    }

    /** The wall time beyond builds and programs, or by how much they overlapped (builds beside the measurements). */
    static String beyond(double seconds) {
        return seconds >= 0 ? String.format(Locale.ROOT, "beyond builds and programs %.1f s", seconds)
                : String.format(Locale.ROOT, "builds and programs overlapping by %.1f s", -seconds);
    }

    /** Each tuned parameter's values, in the grid's order: the tile sizes, and the register block when it is set. */
    static LinkedHashMap<String, List<String>> tuneParams(List<Config> configs) {
        var out = new LinkedHashMap<String, List<String>>();
        for (Config config : configs) {
            config.values().forEach((name, value) -> {
                var values = out.computeIfAbsent(name, x -> new ArrayList<>());
                if (!values.contains(value)) values.add(value);
            });
        }
        return out;
    }

    /** A workbench run to a confirmed best: its tune and its confirmation, timed together. */
    private record Arm(List<TuningRecord> records, Confirmation.Result confirmed, double tuneS, double wallS, Config pick) {

        /**
         * What the arm spent: its programs' runs, first calls, timed calls and samples are the tune's; the confirmation's
         * programs are not timed apart, so its time counts beyond builds and programs, as does each program's verification in
         * the engine.
         */
        BenchReport.PeerTool tool(String name, Map<String, Double> truthMs, Map<String, Double> peerMs) {
            var own = confirmed.confirmedBest().orElseThrow();
            var timings = records.stream().map(TuningRecord::timing).filter(java.util.Objects::nonNull).toList();
            var ours = new LinkedHashMap<String, Double>();
            records.stream().filter(r -> r.ok() && r.medianUs() != null).forEach(r -> ours.put(r.configValues().key(), r.medianUs()));
            var both = ours.keySet().stream().filter(peerMs::containsKey).toList();
            double firstCallsS = timings.stream().filter(t -> t.firstCallUs() != null).mapToDouble(t -> t.firstCallUs()).sum() / 1e6;
            return new BenchReport.PeerTool(name, wallS, tuneS, wallS - tuneS, RacingFigures.buildMs(records) / 1000,
                    timings.stream().filter(t -> t.runMs() != null).mapToDouble(t -> t.runMs()).sum() / 1000,
                    firstCallsS,
                    records.stream().filter(r -> r.timing() != null && r.timing().firstCallUs() != null && r.medianUs() != null)
                            .mapToDouble(r -> r.timing().firstCallUs() - r.medianUs()).sum() / 1e6,
                    // The records' timed calls hold the first call too.
                    RacingFigures.timedCallsMs(records) / 1000 - firstCallsS, RacingFigures.samples(records), confirmed.samples(), records.size(),
                    pick.toString(), own.confirmedMedianUs() / 1000, truthMs.get(pick.key()), 100 * RacingFigures.pickBehind(truthMs, pick.key()),
                    both.size() < 3 ? Double.NaN : RankCorrelation.spearman(both.stream().mapToDouble(ours::get).toArray(),
                            both.stream().mapToDouble(peerMs::get).toArray()), both.size());
        }
    }

    /** The workbench on {@code project} from an empty build cache (as Kernel Tuner compiles every config), then {@code --confirm-top 3}. */
    private Arm arm(Project project, String name, Pipeline pipeline) throws Exception {
        Path cache = steps.workDir().resolve("cache-peer-" + name);
        WorkFolders.deleteQuietly(cache);
        TuneOptions options = TuneOptions.defaults(cache).toBuilder().resume(false).racing(Racing.DEFAULT).pipeline(pipeline).build();
        Function<TuningRecord, String> label = r -> r.configValues().toString();
        long start = System.nanoTime();
        var tuned = steps.tune(project, options);
        long mid = System.nanoTime();
        var confirmed = new Confirmation(project, options).run(tuned.records(), CONFIRM_TOP, CONFIRM_ROUNDS, label, Confirmation.Progress.NONE);
        long end = System.nanoTime();
        WorkFolders.deleteQuietly(cache);
        Config pick = new Config(confirmed.confirmedBest().orElseThrow(() -> new IOException("no config of " + name + " ran")).config());
        return new Arm(tuned.records(), confirmed, (mid - start) / 1e9, (end - start) / 1e9, pick);
    }

    private static BenchReport.PeerTool peerTool(KernelTunerPeer.Run kt, Config best, Map<String, Double> truthMs) {
        var out = kt.output();
        return new BenchReport.PeerTool("Kernel Tuner " + out.kernelTuner(), kt.wallS(), out.tuneS(), 0, out.compileS(),
                out.verificationS() + out.benchmarkS(), out.verificationS(), out.verificationBeyondWarmS(), out.timedCallsS(), out.samples(), 0, out.configs().size(), best.toString(),
                out.best().orElseThrow().timeMs(), truthMs.get(best.key()), 100 * RacingFigures.pickBehind(truthMs, best.key()), Double.NaN, out.ranked().size());
    }
}
