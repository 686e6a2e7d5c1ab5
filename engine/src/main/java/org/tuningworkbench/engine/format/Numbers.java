package org.tuningworkbench.engine.format;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** Numbers of any size as tables show them: four significant digits. */
public final class Numbers {

    private Numbers() {}

    /** {@code 12.35}, {@code 0.001235}, {@code 1235}, {@code 1.235e+09}; beyond 10^7 or below 10^-4 in scientific form. */
    public static String significant(double value) {
        if (value == 0 || !Double.isFinite(value)) return String.valueOf(value);
        double magnitude = Math.abs(value);
        if (magnitude >= 1e7 || magnitude < 1e-4) return String.format(Locale.ROOT, "%.3e", value);
        return new BigDecimal(value).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }

    /** A rate ({@code GFLOP/s}, {@code GB/s}) as every table and line writes it: one decimal, {@code 1234.5}, {@code 12.3}. */
    public static String rate(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    /** A share as a percentage with one decimal: {@code 8.6%} for 0.086. */
    public static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }
}
