package org.tuningworkbench.app.configs;

import java.util.Locale;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.format.Numbers;

/** Numbers the way the grid, chart and tooltips show them. */
public final class Figures {
    private Figures() {}

    /** {@code 16.99 µs}, {@code 2.310 ms}: a time as the command line and the report write it ({@link Durations#micros}). */
    public static String micros(Double us) {
        return us == null ? "" : Durations.micros(us);
    }

    /** {@code 8.6%}, as the command line, the report and the lesson write a share ({@link Numbers#percent}). */
    public static String percent(Double fraction) {
        return fraction == null ? "" : Numbers.percent(fraction);
    }

    /** {@code 1234.5}: a rate (GFLOP/s, GB/s) as the command line and the report write it ({@link Numbers#rate}). */
    public static String rate(Double value) {
        return value == null ? "" : Numbers.rate(value);
    }

    public static String duration(java.time.Duration d) {
        long s = Math.max(0, d.toSeconds());
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
