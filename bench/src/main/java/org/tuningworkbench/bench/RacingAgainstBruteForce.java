package org.tuningworkbench.bench;

import org.tuningworkbench.engine.WorkFolders;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.tuningworkbench.engine.backend.Backends;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.build.BuildService;
import org.tuningworkbench.engine.marker.SourceFiles;
import java.util.Optional;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.run.Affinity;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.run.Device;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.tune.Confirmation;
import org.tuningworkbench.engine.tune.Ranking;
import org.tuningworkbench.engine.exec.TuneOptions;
import java.util.Locale;
import org.tuningworkbench.bench.BenchSteps.Tuned;

/** 7. Racing against brute force on the tile grid, warm builds, in interleaved rounds, with a long re-measurement as the truth. */
record RacingAgainstBruteForce(BenchSteps steps, int rounds) {

    static final double RACING_RATIO_GOAL = 1.0 / 3;
    static final double PICK_TOLERANCE = 0.03;
    static final int PICK_GOAL = 9;
    static final int PICK_GOAL_OF = 10;
    static final double RACING_ENGINE_GOAL_MS = 30;
    private static final int CONFIRM_TOP = 3;
    private static final int CONFIRM_ROUNDS = 3;
    private static final int TRUTH_TOP = 5;

    /** Where the measured programs run with {@code options}: every one on the same CPU (the default), or where the system places it. */
    static String measuredOn(TuneOptions options) {
        return options.pin() ? "every program on CPU " + Affinity.allowedCpus().last() + " (pinned)"
                : "each program where the system places it (not pinned)";
    }

    /**
     * Brute force (racing off, every sample of every config, none measured again) against racing
     * (the defaults, then {@code --confirm-top 3}) on the tile grid with warm builds, in interleaved
     * rounds; after each round a long interleaved re-measurement of the brute-force top five and the
     * racing pick says whether the pick is within 3% of the fastest.
     */
    BenchReport.Racing run(Device device) throws Exception {
        Project grid = steps.tileGrid(steps.quick() ? List.of("32", "128") : BenchSteps.TILES).withBaseline(Optional.empty());
        int configs = grid.candidates().listed().size();
        Path cache = steps.workDir().resolve("cache-racing");
        WorkFolders.deleteQuietly(cache);
        TuneOptions options = TuneOptions.defaults(cache).toBuilder().resume(false).build();
        TuneOptions bruteForce = options.toBuilder().racing(Racing.OFF).unsteadyRetries(0).build();
        TuneOptions racing = options.toBuilder().racing(Racing.DEFAULT).build();
        int truthRounds = steps.quick() ? 2 : 4;
        int truthRepeat = steps.quick() ? 5 : 15;
        Project truthGrid = grid.withMeasure(grid.measure().withWarmupMs(steps.quick() ? 20 : 100).withRepeat(truthRepeat));
        String loadAtStart = BenchSteps.loadAverage();
        // Warm builds: every variant built and the golden result kept before anything is timed, so both arms spend only measurement effort.
        prebuild(grid, cache);
        steps.tune(grid.withCandidates(grid.candidates().withListed(grid.candidates().listed().subList(0, 1))), bruteForce);
        steps.log().accept(String.format(java.util.Locale.ROOT, "7. racing: %d configs of matmul-tiling (BM, BN, BK in %s; %s) at %s, warm builds, %d interleaved round%s: brute force (racing off, %d samples + verification each, none measured again) against racing (the defaults: the configs in a shuffled order, seeded with the round's number; a config stops sampling %s; an unsteady one is measured again once; then --confirm-top %d); the truth: the brute-force top %d and the pick measured again, %d interleaved rounds of %d samples, a fresh process each; %s",
                configs, steps.quick() ? "{32, 128}" : "{16, 32, 64, 128}", BenchSteps.registerBlockText(), steps.quick() ? "256³" : "1024×2048×1024", rounds, rounds == 1 ? "" : "s",
                BenchSteps.GRID_REPEAT, Racing.DEFAULT.rule(), CONFIRM_TOP, TRUTH_TOP, truthRounds, truthRepeat, measuredOn(options)));
        java.util.function.Function<TuningRecord, String> label = r -> r.configValues().toString();
        var measured = new ArrayList<BenchReport.RacingRound>();
        for (int round = 1; round <= rounds; round++) {
            Tuned brute = steps.tune(grid, bruteForce);
            long start = System.nanoTime();
            // The default order, shuffled: each round draws its own, seeded with its number.
            Tuned raced = steps.tune(grid.withSearch(grid.search().withSeed(round)), racing);
            long tuned = System.nanoTime();
            var confirmed = new Confirmation(grid, racing).run(raced.records(), CONFIRM_TOP, CONFIRM_ROUNDS, label, Confirmation.Progress.NONE);
            double racingS = (System.nanoTime() - start) / 1e9;
            Config pick = new Config(confirmed.confirmedBest().orElseThrow(() -> new IOException("no config of the grid ran in the racing arm")).config());

            List<TuningRecord> candidates = RacingFigures.truthCandidates(brute.records(), pick, TRUTH_TOP);
            var truth = new Confirmation(truthGrid, options).samplesPerRound(truthRepeat).run(candidates, candidates.size(), truthRounds, label, Confirmation.Progress.NONE);
            var truthUs = new LinkedHashMap<String, Double>();
            truth.entries().forEach(e -> truthUs.put(new Config(e.config()).key(), e.confirmedMedianUs()));
            double behind = RacingFigures.pickBehind(truthUs, pick.key());
            boolean within = RacingFigures.within(behind, PICK_TOLERANCE);

            double callsMs = RacingFigures.timedCallsMs(raced.records()) + confirmed.timedCallsUs() / 1000;
            double buildMs = RacingFigures.buildMs(raced.records());
            double engineMs = RacingFigures.engineMsPerConfig(racingS * 1000, callsMs, buildMs, configs);
            long bruteSamples = RacingFigures.samples(brute.records());
            long racingSamples = RacingFigures.samples(raced.records()) + confirmed.samples();
            int racedOut = (int) raced.records().stream().filter(r -> r.timing() != null && r.timing().racedOut()).count();
            int ahead = (int) raced.records().stream().filter(r -> r.timing() != null && r.timing().ahead()).count();
            int again = (int) raced.records().stream().filter(r -> r.remeasured() != null && r.remeasured() > 0).count();
            String bruteBest = Ranking.of(brute.records()).best().map(label).orElse("none");
            String fastest = truth.confirmedBest().map(e -> new Config(e.config()).toString()).orElse("none");
            var row = new BenchReport.RacingRound(brute.wallS(), racingS, (tuned - start) / 1e9, racingS - (tuned - start) / 1e9,
                    RacingFigures.ratio(racingS, brute.wallS()), bruteSamples, racingSamples, racedOut, ahead, again, callsMs / 1000, buildMs / 1000, engineMs,
                    bruteBest, pick.toString(), fastest, 100 * behind, within,
                    truth.entries().stream().map(e -> new BenchReport.Truth(new Config(e.config()).toString(), e.confirmedMedianUs() / 1000)).toList(),
                    BenchSteps.loadAverage());
            measured.add(row);
            steps.log().accept(String.format(java.util.Locale.ROOT, "   round %d: brute force %.1f s (%d samples); racing %.1f s (tune %.1f s + confirmation %.1f s; %d samples, %d configs raced out, %d stopped ahead, %d measured again): ratio %.2f; brute-force best %s",
                    round, row.bruteForceS(), bruteSamples, racingS, row.tuneS(), row.confirmS(), racingSamples, racedOut, ahead, again, row.ratio(), bruteBest));
            steps.log().accept(String.format(java.util.Locale.ROOT, "            pick %s is %.1f%% behind the fastest re-measured, %s (within %.0f%%: %s); engine overhead %.1f ms per config in the racing arm (%.1f s wall, %.1f s of timed kernel calls, %.1f s of builds); load average %s",
                    pick, 100 * behind, fastest, 100 * PICK_TOLERANCE, within ? "yes" : "no", engineMs, racingS, callsMs / 1000, buildMs / 1000, row.loadAverage()));
        }
        var result = BenchReport.Racing.of(configs, BenchSteps.GRID_REPEAT, CONFIRM_TOP, CONFIRM_ROUNDS, TRUTH_TOP, truthRounds, truthRepeat, loadAtStart, measured);
        String picks = measured.size() >= PICK_GOAL_OF ? BenchSteps.verdict(result.picksMet())
                : "not judged: " + PICK_GOAL_OF + " rounds are needed, " + measured.size() + (measured.size() == 1 ? " was" : " were") + " run";
        steps.log().accept(String.format(java.util.Locale.ROOT, "7. racing on %s: brute force %.1f s, racing to a confirmed best %.1f s (medians of %d interleaved round%s): ratio %.2f (median of the rounds' ratios; goal ≤ %.2f: %s); pick within %.0f%% of the fastest in %d of %d rounds (goal ≥ %d of %d: %s); engine overhead %.1f ms per config in the racing arm (median; goal ≤ %.0f ms: %s); samples per round %d brute force, %d racing (medians); load average %s at the start, %s at the end",
                device.identity(), result.bruteForceS(), result.racingS(), measured.size(), measured.size() == 1 ? "" : "s", result.ratio(), RACING_RATIO_GOAL, BenchSteps.verdict(result.ratioMet()),
                100 * PICK_TOLERANCE, result.picksWithin(), measured.size(), PICK_GOAL, PICK_GOAL_OF, picks, result.engineMsPerConfig(), RACING_ENGINE_GOAL_MS,
                BenchSteps.verdict(result.engineMet()), result.bruteForceSamples(), result.racingSamples(), loadAtStart, BenchSteps.loadAverage()));
        steps.log().accept("   the ratio is against this engine's own brute force; the peer part (--only peer) runs Kernel Tuner beside the workbench on the same grid.");
        return result;
    }

    /** Builds every config of {@code project} into {@code cache} (two at a time), as the tuner would find them. */
    private void prebuild(Project project, Path cache) throws Exception {
        String source = SourceFiles.read(project.kernel().source()).text();
        TunableSource marked = TunableSource.parse(project.kernel().source(), source);
        String fileName = project.kernel().source().getFileName().toString();
        try (var builds = BuildService.forKernel(project, Backends.of(project).recipe(project), cache, Math.max(1, Runtime.getRuntime().availableProcessors()), false, List.of())) {
            var pending = new ArrayList<java.util.concurrent.Future<BuildResult>>();
            for (Config config : project.candidates().listed()) pending.add(builds.submit(fileName, marked.substitute(config).text(), project.kernel().entry(), ""));
            for (var future : pending) {
                if (future.get() instanceof BuildResult.Failed failed) throw new IOException(project.name() + " does not build: " + failed.reason());
            }
        }
    }
}
