package org.tuningworkbench.engine.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.search.Prior;
import org.tuningworkbench.engine.search.Strategies;
import org.tuningworkbench.engine.exec.TuningException;
import org.tuningworkbench.engine.recorded.RecordedSpace;

/**
 * Strategies side by side on a recorded space: for each, seeded replays and, per evaluation, the
 * fraction of the optimum the runs had reached by then (median, 10th and 90th percentile over the
 * seeds); the strategies that learn from priors once without and once with them when priors are given.
 */
public final class StrategyCurves {
    private StrategyCurves() {}

    /**
     * One strategy's curve: element {@code i} of each array is for the first {@code i + 1} evaluations.
     *
     * @param priors whether the strategy learned from priors
     */
    public record Curve(String strategy, boolean priors, double[] median, double[] p10, double[] p90) {

        /** What a legend calls it: {@code model}, {@code model with priors}. */
        public String label() {
            return priors ? strategy + " with priors" : strategy;
        }
    }

    /**
     * Replays each of {@code strategies} for seeds 1..{@code seeds} up to {@code budget} trials on {@code space};
     * {@code progress} is told how many runs are done after each.
     */
    public static List<Curve> of(RecordedSpace space, List<String> strategies, List<Prior> priors, int budget, int seeds,
                                 IntConsumer progress) throws TuningException {
        if (budget < 1 || seeds < 1) throw new IllegalArgumentException("the budget and the seeds must be at least 1");
        var out = new ArrayList<Curve>();
        int done = 0;
        for (String strategy : strategies) {
            boolean learns = !priors.isEmpty() && Strategies.LEARNING_FROM_PRIORS.contains(strategy);
            for (boolean withPriors : learns ? List.of(false, true) : List.of(false)) {
                double[][] fractions = new double[seeds][];
                for (int seed = 1; seed <= seeds; seed++) {
                    List<TuningRecord> run = Replay.run(space, strategy, budget, seed, withPriors ? priors : List.of());
                    fractions[seed - 1] = curve(space.optimum(), run, budget);
                    progress.accept(++done);
                }
                out.add(summary(strategy, withPriors, fractions, budget));
            }
        }
        return out;
    }

    /** How many runs {@link #of} replays for these arguments. */
    public static int runs(List<String> strategies, List<Prior> priors, int seeds) {
        int curves = 0;
        for (String s : strategies) curves += !priors.isEmpty() && Strategies.LEARNING_FROM_PRIORS.contains(s) ? 2 : 1;
        return curves * seeds;
    }

    /** The run's fraction of the optimum after each of {@code length} evaluations (a run that ended early keeps its last). */
    static double[] curve(double optimumUs, List<TuningRecord> run, int length) {
        double[] out = new double[length];
        double best = Double.NaN;
        for (int i = 0; i < length; i++) {
            if (i < run.size()) {
                TuningRecord r = run.get(i);
                if (r.ok() && r.medianUs() != null && (Double.isNaN(best) || r.medianUs() < best)) best = r.medianUs();
            }
            out[i] = Double.isNaN(best) ? 0 : optimumUs / best;
        }
        return out;
    }

    private static Curve summary(String strategy, boolean priors, double[][] fractions, int length) {
        var percentile = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
        double[] median = new double[length];
        double[] p10 = new double[length];
        double[] p90 = new double[length];
        for (int i = 0; i < length; i++) {
            int at = i;
            double[] column = Arrays.stream(fractions).mapToDouble(f -> f[at]).toArray();
            median[i] = percentile.evaluate(column, 50);
            p10[i] = percentile.evaluate(column, 10);
            p90[i] = percentile.evaluate(column, 90);
        }
        return new Curve(strategy, priors, median, p10, p90);
    }
}
