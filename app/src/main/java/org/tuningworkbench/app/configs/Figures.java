package org.tuningworkbench.app.configs;

import java.util.Locale;

/** Numbers the way the grid, chart and tooltips show them. */
public final class Figures {
    private Figures() {}

    /** {@code 0.854 µs}, {@code 16.99 µs}, {@code 2.310 ms}, {@code 1.200 s}: never fewer than three significant digits. */
    public static String micros(Double us) {
        if (us == null) return "";
        if (us < 1) return new java.math.BigDecimal(us).round(new java.math.MathContext(3)).toPlainString() + " µs";
        if (us < 1000) return String.format(Locale.ROOT, "%.2f µs", us);
        if (us < 1_000_000) return String.format(Locale.ROOT, "%.3f ms", us / 1000);
        return String.format(Locale.ROOT, "%.3f s", us / 1_000_000);
    }

    public static String percent(Double fraction) {
        return fraction == null ? "" : String.format(Locale.ROOT, "%.1f %%", fraction * 100);
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
