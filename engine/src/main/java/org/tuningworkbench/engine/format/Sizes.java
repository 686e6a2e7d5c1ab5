package org.tuningworkbench.engine.format;

import java.util.Locale;

/** Sizes in bytes as people read them: {@code 512 B}, {@code 1.5 KiB}, {@code 3.0 GiB}. */
public final class Sizes {

    private Sizes() {}

    private static final String[] UNITS = {"KiB", "MiB", "GiB", "TiB"};

    /** Bytes below 1 KiB; else one decimal in the largest binary unit (up to TiB) in which the size is at least 1. */
    public static String bytes(long bytes) {
        if (bytes < 1024) return bytes + " B";
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < UNITS.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, UNITS[u]);
    }
}
