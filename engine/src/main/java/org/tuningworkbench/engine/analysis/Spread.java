package org.tuningworkbench.engine.analysis;

import static org.tuningworkbench.engine.stats.SampleStatistics.quantile;

import java.util.Arrays;
import java.util.Optional;

/**
 * Five figures that describe a set of latencies, as a box plot draws them: the quartiles are
 * interpolated between the sorted values (as spreadsheets and numpy's default do).
 *
 * @param count how many latencies
 * @param min   the fastest
 * @param q1    the first quartile
 * @param median the median
 * @param q3    the third quartile
 * @param max   the slowest
 */
public record Spread(int count, double min, double q1, double median, double q3, double max) {

    /** The spread of {@code values} (any order, left unchanged); empty when there are none. */
    public static Optional<Spread> of(double[] values) {
        return of(values, values.length);
    }

    /** The spread of the first {@code count} of {@code values}; empty when {@code count} is 0. */
    static Optional<Spread> of(double[] values, int count) {
        if (count == 0) return Optional.empty();
        double[] sorted = Arrays.copyOf(values, count);
        Arrays.sort(sorted);
        return Optional.of(new Spread(count, sorted[0], quantile(sorted, 0.25), quantile(sorted, 0.5), quantile(sorted, 0.75),
                sorted[count - 1]));
    }
}
