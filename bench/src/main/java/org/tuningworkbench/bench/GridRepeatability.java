package org.tuningworkbench.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.stats.RankCorrelation;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.exec.Pipeline;
import org.tuningworkbench.engine.tune.Ranking;
import org.tuningworkbench.engine.exec.TuneOptions;
import java.util.Locale;
import org.tuningworkbench.bench.BenchSteps.Tuned;

/** 4. The 64-config tile grid tuned twice, from cold builds and then from the cache: the passes' walls and rank correlation. */
record GridRepeatability(BenchSteps steps) {

    static final double PASS_GOAL_S = 35;
    static final double SPEARMAN_GOAL = 0.9;

    /** The two passes' records, kept for the baseline's choice of the tuned config. */
    record RepeatabilityRun(BenchReport.Repeatability report, Project project, Config best) {}

    RepeatabilityRun run() throws Exception {
        int repeat = BenchSteps.GRID_REPEAT;
        Project project = steps.tileGrid(BenchSteps.TILES);
        var passes = new ArrayList<Tuned>();
        // Racing off, and an unsteady config flagged but not measured again: each pass keeps exactly seven samples a config.
        // Quiet: on two cores a build beside the measurement takes a fifth of its CPU time (see the modes above).
        TuneOptions cold = steps.coldOptions("grid").toBuilder().unsteadyRetries(0).pipeline(Pipeline.QUIET).racing(Racing.OFF).build();
        for (int pass = 1; pass <= 2; pass++) {
            // Pass 1 builds every variant; pass 2 re-tunes as a user would, finding them in the build cache.
            Tuned t = steps.tune(project, cold);
            passes.add(t);
            var best = Ranking.of(t.records()).best();
            double kernelS = RacingFigures.timedCallsMs(t.records()) / 1000;
            double buildS = RacingFigures.buildMs(t.records()) / 1000;
            long unsteady = t.records().stream().filter(r -> Boolean.TRUE.equals(r.unsteady())).count();
            double share = t.records().stream().filter(r -> r.cpuShare() != null).mapToDouble(TuningRecord::cpuShare).average().orElse(1);
            steps.log().accept(String.format(java.util.Locale.ROOT, "   grid pass %d: %.1f s wall for %d configs (%s, quiet pipeline, %s, %d samples each + verification; %.1f s of kernel calls, %.1f s of builds; %d configs unsteady, measuring thread on a CPU %.0f%% of the sample time), best %s at %.1f GFLOP/s",
                    pass, t.wallS(), t.records().size(), BenchSteps.registerBlockText(), pass == 1 ? "cold builds" : "builds cached by pass 1", repeat, kernelS, buildS, unsteady, 100 * share, best.map(b -> b.config().toString()).orElse("none"),
                    best.map(TuningRecord::gflops).orElse(0.0)));
        }
        Map<String, TuningRecord> first = BenchSteps.byConfig(passes.get(0).records());
        Map<String, TuningRecord> second = BenchSteps.byConfig(passes.get(1).records());
        List<String> both = first.keySet().stream().filter(n -> first.get(n).ok() && second.containsKey(n) && second.get(n).ok()).toList();
        double rho = both.size() < 2 ? Double.NaN : RankCorrelation.spearman(
                both.stream().mapToDouble(n -> first.get(n).medianUs()).toArray(),
                both.stream().mapToDouble(n -> second.get(n).medianUs()).toArray());
        List<String> withCpu = both.stream().filter(n -> first.get(n).cpuMedianUs() != null && second.get(n).cpuMedianUs() != null).toList();
        double rhoCpu = withCpu.size() < 2 ? Double.NaN : RankCorrelation.spearman(
                withCpu.stream().mapToDouble(n -> first.get(n).cpuMedianUs()).toArray(),
                withCpu.stream().mapToDouble(n -> second.get(n).cpuMedianUs()).toArray());
        var bests = passes.stream().map(t -> Ranking.of(t.records()).best().orElseThrow()).toList();
        boolean sameBest = bests.get(0).configValues().equals(bests.get(1).configValues());
        var report = new BenchReport.Repeatability(project.candidates().listed().size(), repeat, passes.stream().map(t -> t.wallS()).toList(), rho, sameBest,
                bests.stream().map(b -> b.config().toString()).toList(), bests.stream().map(TuningRecord::gflops).toList(),
                PASS_GOAL_S, SPEARMAN_GOAL, rhoCpu);
        steps.log().accept(String.format(java.util.Locale.ROOT, "4. repeatability: passes %.1f s and %.1f s (goal < %.0f s each), Spearman %.3f over %d configs of the wall-time medians (goal ≥ %.1f), %.3f of the CPU-time medians, same best: %s — %s",
                report.passS().get(0), report.passS().get(1), PASS_GOAL_S, rho, both.size(), SPEARMAN_GOAL, rhoCpu, sameBest ? "yes" : "no", BenchSteps.verdict(report.met())));
        TuningRecord best = bests.get(0);
        return new RepeatabilityRun(report, project, new Config(best.config()));
    }
}
