package org.tuningworkbench.engine.format;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Times the way people read them: {@code 16.99 µs}, {@code 2.310 ms}, {@code 1.200 s}. One rule picks
 * the unit everywhere a time is shown, for one value or for a chart's axis or a heat map's cells:
 * the largest unit in which the largest value is at least 1 ({@link #unitFor}).
 */
public final class Durations {
    private Durations() {}

    /** The units times are shown in; every time is kept in microseconds. */
    public enum Unit {
        MICROSECONDS("µs", 1), MILLISECONDS("ms", 1e3), SECONDS("s", 1e6);

        private final String symbol;
        private final double micros;

        Unit(String symbol, double micros) {
            this.symbol = symbol;
            this.micros = micros;
        }

        /** {@code µs}, {@code ms}, {@code s}. */
        public String symbol() {
            return symbol;
        }

        /** Microseconds in one of this unit. */
        public double micros() {
            return micros;
        }

        /** {@code us} microseconds in this unit. */
        public double of(double us) {
            return us / micros;
        }
    }

    /**
     * The unit of values up to {@code largestUs} (a time, or the largest of a chart's or a table's
     * times): the largest in which it is at least 1, so figures read {@code 1.5 ms}, not
     * {@code 1500 µs}, and never {@code 0.8 s}. Microseconds for anything below one (or not a number).
     */
    public static Unit unitFor(double largestUs) {
        double magnitude = Math.abs(largestUs);
        if (magnitude >= Unit.SECONDS.micros) return Unit.SECONDS;
        if (magnitude >= Unit.MILLISECONDS.micros) return Unit.MILLISECONDS;
        return Unit.MICROSECONDS;
    }

    /**
     * A measured time as the command line, the report and the window write it, in prose and in tables:
     * four significant digits in the unit of the value itself ({@link #unitFor}), trailing zeros kept
     * so that a column's figures line up, and a space before the unit ({@code 16.99 µs},
     * {@code 0.09012 µs}, {@code 999.5 µs}, {@code 2.310 ms}, {@code 1.200 s}). A value that rounds up to
     * 1000 of its unit is written in the next ({@code 1.000 ms}, not {@code 1000 µs}).
     */
    public static String micros(double us) {
        if (!Double.isFinite(us)) return us + " " + Unit.MICROSECONDS.symbol();
        Unit unit = unitFor(us);
        BigDecimal digits = significant(unit.of(us));
        if (digits.abs().compareTo(THOUSAND) >= 0 && unit != Unit.SECONDS) {
            unit = unit == Unit.MICROSECONDS ? Unit.MILLISECONDS : Unit.SECONDS;
            digits = significant(unit.of(us));
        }
        return digits.toPlainString() + " " + unit.symbol();
    }

    private static final BigDecimal THOUSAND = BigDecimal.valueOf(1000);

    /** {@code value} to four significant digits, trailing zeros kept ({@code 12.00}, {@code 0.5000}). */
    private static BigDecimal significant(double value) {
        if (value == 0) return new BigDecimal("0.000");
        BigDecimal rounded = new BigDecimal(value).round(new MathContext(4, RoundingMode.HALF_EVEN));
        int integerDigits = rounded.precision() - rounded.scale();
        return rounded.setScale(Math.max(0, 4 - integerDigits), RoundingMode.UNNECESSARY);
    }

    /**
     * {@code us} in {@code unit}, with no unit sign, to three significant figures (two decimals below
     * 1): 159, 13.7, 5.66, 0.52; for a figure whose unit is said once, as a heat map's cells.
     */
    public static String figure(double us, Unit unit) {
        double v = unit.of(us);
        return String.format(Locale.ROOT, v >= 99.95 ? "%.0f" : v >= 9.995 ? "%.1f" : "%.2f", v);
    }
}
