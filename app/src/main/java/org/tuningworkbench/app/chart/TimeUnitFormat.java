package org.tuningworkbench.app.chart;

import java.text.DecimalFormat;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.tuningworkbench.engine.format.Durations;

/** Axis ticks in µs, ms or s, whichever keeps the numbers short; the data stay in microseconds. */
public final class TimeUnitFormat extends NumberFormat {

    private final double divisor;
    private final DecimalFormat digits = new DecimalFormat("#,##0.###");
    private final boolean significant;

    private TimeUnitFormat(double divisor, boolean significant) {
        this.divisor = divisor;
        this.significant = significant;
    }

    /**
     * A latency axis, linear or logarithmic ({@code log}); a log axis starts above zero, so failed
     * configs drawn at zero are left out of its range.
     */
    public static ValueAxis latencyAxis(boolean log, String label) {
        if (!log) return new NumberAxis(label);
        var axis = new PlainLogAxis(label);
        axis.setBase(10);
        axis.setSmallestValue(1e-3);
        axis.setMinorTickMarksVisible(true);
        return axis;
    }

    /**
     * Ticks of a log axis in the data's own unit (GFLOP/s, FLOP/byte), to two significant digits: a log
     * axis's ticks fall on fractional powers (398.107), which read better as the scale does (400).
     */
    public static NumberFormat logTicks() {
        return new TimeUnitFormat(1, true);
    }

    /**
     * Labels {@code axis} in the unit of times up to {@code maxUs} (the engine's one rule, {@link Durations#unitFor}),
     * e.g. {@code latency (ms), median with min–max}.
     */
    public static void apply(ValueAxis axis, String what, String detail, double maxUs) {
        Durations.Unit unit = Durations.unitFor(maxUs);
        if (axis instanceof NumberAxis n) n.setNumberFormatOverride(new TimeUnitFormat(unit.micros(), false));
        // A log axis's ticks fall on fractional powers (79.433): two significant digits read as the scale does.
        if (axis instanceof LogAxis l) l.setNumberFormatOverride(new TimeUnitFormat(unit.micros(), true));
        // A log axis says so: its equal steps are ratios, not differences.
        axis.setLabel(what + " (" + unit.symbol() + (axis instanceof LogAxis ? ", log scale" : "") + ")" + (detail == null ? "" : ", " + detail));
    }

    @Override
    public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
        double value = number / divisor;
        if (significant && value != 0) {
            int exponent = (int) Math.floor(Math.log10(Math.abs(value)));
            double scale = Math.pow(10, exponent - 1);
            value = Math.round(value / scale) * scale;
            // As many decimals as two significant digits need: a tick of 0.00009 ms must not read 0.
            if (exponent < -2) {
                var fine = (DecimalFormat) digits.clone();
                fine.setMaximumFractionDigits(1 - exponent);
                return fine.format(value, to, pos);
            }
        }
        return digits.format(value, to, pos);
    }

    @Override
    public StringBuffer format(long number, StringBuffer to, FieldPosition pos) {
        return format((double) number, to, pos);
    }

    @Override
    public Number parse(String source, ParsePosition pos) {
        Number n = digits.parse(source, pos);
        return n == null ? null : n.doubleValue() * divisor;
    }
}
