package org.tuningworkbench.app.configs;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.format.Numbers;

/** Numbers the way the grid, chart and tooltips show them. */
public final class Figures {
    private Figures() {}

    /**
     * {@code 0.854 µs}, {@code 16.99 µs}, {@code 2.310 ms}, {@code 1.200 s}: in the unit the engine's one rule picks
     * ({@link Durations#unitFor}), never fewer than three significant digits.
     */
    public static String micros(Double us) {
        if (us == null) return "";
        Durations.Unit unit = Durations.unitFor(us);
        double value = unit.of(us);
        String digits = value < 1 ? new BigDecimal(value).round(new MathContext(3)).toPlainString()
                : String.format(Locale.ROOT, unit == Durations.Unit.MICROSECONDS ? "%.2f" : "%.3f", value);
        return digits + " " + unit.symbol();
    }

    /** {@code 8.6%}, as the command line, the report and the lesson write a share ({@link Numbers#percent}). */
    public static String percent(Double fraction) {
        return fraction == null ? "" : Numbers.percent(fraction);
    }

    public static String decimal(Double value) {
        return value == null ? "" : String.format(Locale.ROOT, value >= 100 ? "%.0f" : "%.1f", value);
    }

    public static String duration(java.time.Duration d) {
        long s = Math.max(0, d.toSeconds());
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
