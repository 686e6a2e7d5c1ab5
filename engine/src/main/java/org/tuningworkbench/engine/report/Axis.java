package org.tuningworkbench.engine.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A chart axis from data values to pixels, linear or logarithmic, with round tick values.
 *
 * @param low    the smallest value shown
 * @param high   the largest
 * @param log    whether the scale is logarithmic (then low is above 0)
 * @param from   the pixel of {@code low}
 * @param to     the pixel of {@code high} (smaller than {@code from} on a vertical axis)
 */
record Axis(double low, double high, boolean log, double from, double to) {

    /**
     * On a log axis, the least room below the smallest value, in decades: a bar drawn up from the
     * axis's foot to a value just above a power of ten (10.3 ms over an axis from 10) would be a
     * line, and the best config's bar, the one the chart is for, would all but vanish.
     */
    static final double LOG_ROOM_BELOW = 0.2;

    /** An axis over {@code min … max} with a little room, logarithmic when asked and possible. */
    static Axis over(double min, double max, boolean log, double from, double to) {
        if (log && min > 0) {
            double lo = Math.pow(10, Math.floor(Math.log10(min) - LOG_ROOM_BELOW));
            double hi = Math.pow(10, Math.ceil(Math.log10(max)));
            if (hi <= lo) hi = lo * 10;
            return new Axis(lo, hi, true, from, to);
        }
        double lo = Math.min(0, min);
        double hi = max <= lo ? lo + 1 : max * 1.05;
        return new Axis(lo, hi, false, from, to);
    }

    double at(double value) {
        double share = log ? Math.log(Math.max(value, low) / low) / Math.log(high / low) : (value - low) / (high - low);
        return from + share * (to - from);
    }

    /** Round values to mark: each power of ten on a log axis, about five steps of 1, 2 or 5 × 10^n otherwise. */
    List<Double> ticks() {
        var ticks = new ArrayList<Double>();
        if (log) {
            for (double v = low; v <= high * 1.0001; v *= 10) ticks.add(v);
            return ticks;
        }
        double raw = (high - low) / 5;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = raw / magnitude < 1.5 ? magnitude : raw / magnitude < 3.5 ? 2 * magnitude : raw / magnitude < 7.5 ? 5 * magnitude : 10 * magnitude;
        for (double v = Math.ceil(low / step) * step; v <= high + step * 1e-9; v += step) ticks.add(v);
        return ticks;
    }

    /** A figure short enough for a tick: 0.25, 12, 1.5k, 2M. */
    static String label(double value) {
        double a = Math.abs(value);
        if (a >= 1e6) return trim(value / 1e6) + "M";
        if (a >= 1e4) return trim(value / 1e3) + "k";
        if (a >= 1 || a == 0) return trim(value);
        return String.format(Locale.ROOT, "%.3g", value);
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.2f", v);
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }
}
