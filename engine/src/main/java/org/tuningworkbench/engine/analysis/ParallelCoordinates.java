package org.tuningworkbench.engine.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.space.Parameter;

/**
 * Every config as a line across one vertical axis per parameter and a last axis for its latency.
 * Positions are normalised to 0 (bottom) … 1 (top): categories evenly spaced in their order,
 * numbers by value (on a log scale when they are all positive and span {@link #LOG_AXIS_RATIO} times
 * or more, as powers of two do), latency on a log scale when {@link LatencySpan#wantsLogScale()}.
 *
 * @param axes    one per parameter, in the parameters' order
 * @param latency the latency axis; its range is that of the successful configs
 * @param lines   one per record, in the records' order
 */
public record ParallelCoordinates(List<Axis> axes, LatencyAxis latency, List<Line> lines) {

    /** A numeric parameter whose values span this many times or more is drawn on a log axis. */
    public static final double LOG_AXIS_RATIO = 8;

    /** How an axis places its values. */
    public enum Scale { CATEGORY, LINEAR, LOG }

    /**
     * A parameter's axis.
     *
     * @param ticks     the parameter's values, in order
     * @param positions each tick's normalised position, in the same order
     */
    public record Axis(Parameter parameter, Scale scale, List<String> ticks, List<Double> positions) {}

    /** The latency axis, from the fastest to the slowest median in µs. */
    public record LatencyAxis(double fastestUs, double slowestUs, boolean log) {
        /** The normalised position of a latency. */
        public double position(double latencyUs) {
            if (slowestUs <= fastestUs) return 0.5;
            return log ? Math.log(latencyUs / fastestUs) / Math.log(slowestUs / fastestUs)
                    : (latencyUs - fastestUs) / (slowestUs - fastestUs);
        }
    }

    /**
     * One config.
     *
     * @param positions the position on each parameter's axis; NaN where the config does not set the parameter
     * @param latency   the position on the latency axis; NaN when the config failed
     */
    public record Line(TuningRecord record, double[] positions, double latency) {
        public boolean failed() {
            return Double.isNaN(latency);
        }
    }

    public static ParallelCoordinates of(Results results) {
        var axes = new ArrayList<Axis>();
        var lookups = new ArrayList<Map<String, Integer>>();
        for (Parameter p : results.parameters()) {
            axes.add(axis(p));
            lookups.add(results.positions(p));
        }
        LatencyAxis latency = LatencySpan.of(results.records())
                .map(s -> new LatencyAxis(s.fastestUs(), s.slowestUs(), s.wantsLogScale() && s.fastestUs() > 0))
                .orElse(new LatencyAxis(0, 0, false));
        var lines = new ArrayList<Line>(results.records().size());
        for (TuningRecord r : results.records()) {
            double[] at = new double[axes.size()];
            for (int a = 0; a < at.length; a++) {
                Integer index = lookups.get(a).get(results.value(r, axes.get(a).parameter().name()));
                at[a] = index == null ? Double.NaN : axes.get(a).positions().get(index);
            }
            lines.add(new Line(r, at, Results.measured(r) ? latency.position(r.medianUs()) : Double.NaN));
        }
        return new ParallelCoordinates(axes, latency, lines);
    }

    private static Axis axis(Parameter p) {
        int n = p.size();
        var positions = new ArrayList<Double>(n);
        if (n == 1) return new Axis(p, p.numeric() ? Scale.LINEAR : Scale.CATEGORY, p.values(), List.of(0.5));
        if (!p.numeric()) {
            for (int i = 0; i < n; i++) positions.add((double) i / (n - 1));
            return new Axis(p, Scale.CATEGORY, p.values(), positions);
        }
        double[] v = p.values().stream().mapToDouble(Double::parseDouble).toArray();
        double low = java.util.Arrays.stream(v).min().orElseThrow();
        double high = java.util.Arrays.stream(v).max().orElseThrow();
        boolean log = low > 0 && high / low >= LOG_AXIS_RATIO;
        for (double x : v) positions.add(high == low ? 0.5 : log ? Math.log(x / low) / Math.log(high / low) : (x - low) / (high - low));
        return new Axis(p, log ? Scale.LOG : Scale.LINEAR, p.values(), positions);
    }
}
