package org.tuningworkbench.engine.format;

import java.util.Locale;

/** Times the way people read them: {@code 16.986µs}, {@code 2.31ms}, {@code 1.20s}. */
public final class Durations {
    private Durations() {}

    public static String micros(double us) {
        if (us < 1000) return String.format(Locale.ROOT, "%.3fµs", us);
        if (us < 1_000_000) return String.format(Locale.ROOT, "%.3fms", us / 1000);
        return String.format(Locale.ROOT, "%.3fs", us / 1_000_000);
    }
}
