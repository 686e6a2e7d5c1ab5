package org.tuningworkbench.engine.replay;

import java.util.List;
import java.util.OptionalInt;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * How well a strategy did on a recorded space within a budget, over seeded runs. A run's fraction
 * of the optimum is the space's best time divided by the best time the run found (1.0: it found
 * the best; 0 when it found no config that succeeded).
 *
 * @param median    the median of the runs' fractions
 * @param p10       their 10th percentile (linearly interpolated between the two nearest runs)
 * @param evalsTo95 the median number of evaluations a run needed to reach 0.95 of the optimum (the
 *                  lower of the two middle runs for an even number of runs); empty when most runs never did
 */
public record ReplayScore(String strategy, int budget, double median, double p10, OptionalInt evalsTo95) {

    /** The share of the optimum {@link #evalsTo95} counts the evaluations to. */
    public static final double TARGET = 0.95;

    /** The score of {@code runs} (each a run's records in trial order) on a space whose best time is {@code optimumUs}. */
    public static ReplayScore of(String strategy, int budget, double optimumUs, List<List<TuningRecord>> runs) {
        if (runs.isEmpty()) throw new IllegalArgumentException("a score needs at least one run");
        double[] fractions = runs.stream().mapToDouble(run -> fraction(optimumUs, run)).toArray();
        var percentile = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
        int[] evals = runs.stream().mapToInt(run -> evalsToReach(optimumUs, run, TARGET).orElse(Integer.MAX_VALUE)).sorted().toArray();
        int middle = evals[(evals.length - 1) / 2];
        return new ReplayScore(strategy, budget, percentile.evaluate(fractions, 50), percentile.evaluate(fractions, 10),
                middle == Integer.MAX_VALUE ? OptionalInt.empty() : OptionalInt.of(middle));
    }

    /** The space's best time over the best time {@code run} found; 0 when nothing in it succeeded. */
    public static double fraction(double optimumUs, List<TuningRecord> run) {
        double best = run.stream().filter(r -> r.ok() && r.medianUs() != null).mapToDouble(TuningRecord::medianUs).min().orElse(Double.NaN);
        return Double.isNaN(best) ? 0 : optimumUs / best;
    }

    /** How many evaluations {@code run} took to reach {@code share} of the optimum; empty when it never did. */
    public static OptionalInt evalsToReach(double optimumUs, List<TuningRecord> run, double share) {
        for (int i = 0; i < run.size(); i++) {
            TuningRecord r = run.get(i);
            if (r.ok() && r.medianUs() != null && optimumUs / r.medianUs() >= share) return OptionalInt.of(i + 1);
        }
        return OptionalInt.empty();
    }
}
