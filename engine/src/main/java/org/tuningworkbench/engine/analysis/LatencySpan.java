package org.tuningworkbench.engine.analysis;

import java.util.List;
import java.util.Optional;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * How far apart the fastest and the slowest median latencies are. Past {@link #LOG_SCALE_RATIO}
 * a linear axis squeezes the fast configs, the ones that matter, into its bottom pixels, so a chart
 * of these results starts on a log scale.
 *
 * @param fastestUs the lowest median latency of the successful records, in µs
 * @param slowestUs the highest
 */
public record LatencySpan(double fastestUs, double slowestUs) {

    /** The span beyond which a latency axis is better logarithmic. */
    public static final double LOG_SCALE_RATIO = 10;

    /** The span of the successful records' medians (a baseline among them counts); empty when none succeeded. */
    public static Optional<LatencySpan> of(List<TuningRecord> records) {
        double fastest = Double.MAX_VALUE;
        double slowest = 0;
        boolean any = false;
        for (TuningRecord r : records) {
            if (!Results.measured(r)) continue;
            any = true;
            fastest = Math.min(fastest, r.medianUs());
            slowest = Math.max(slowest, r.medianUs());
        }
        return any ? Optional.of(new LatencySpan(fastest, slowest)) : Optional.empty();
    }

    /** The slowest divided by the fastest (infinite when the fastest is 0). */
    public double ratio() {
        return slowestUs / fastestUs;
    }

    /** Whether the results span more than {@link #LOG_SCALE_RATIO} times: a log scale shows them better. */
    public boolean wantsLogScale() {
        return ratio() > LOG_SCALE_RATIO;
    }
}
