package org.tuningworkbench.app.chart;

import java.text.DecimalFormat;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import org.jfree.chart.axis.NumberAxis;

/** Axis ticks in µs, ms or s, whichever keeps the numbers short; the data stay in microseconds. */
final class TimeUnitFormat extends NumberFormat {

    private final double divisor;
    private final DecimalFormat digits = new DecimalFormat("#,##0.###");

    private TimeUnitFormat(double divisor) {
        this.divisor = divisor;
    }

    /** Labels {@code axis} in the unit that suits {@code maxUs}, e.g. {@code latency (ms), median with min–max}. */
    static void apply(NumberAxis axis, String what, String detail, double maxUs) {
        String unit = maxUs >= 5_000_000 ? "s" : maxUs >= 5_000 ? "ms" : "µs";
        double divisor = unit.equals("s") ? 1e6 : unit.equals("ms") ? 1e3 : 1;
        axis.setNumberFormatOverride(new TimeUnitFormat(divisor));
        axis.setLabel(what + " (" + unit + ")" + (detail == null ? "" : ", " + detail));
    }

    @Override
    public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
        return digits.format(number / divisor, to, pos);
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
