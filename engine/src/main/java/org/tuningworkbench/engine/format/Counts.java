package org.tuningworkbench.engine.format;

import java.util.Locale;

/** A count as the command line, the report and the window write it: thousands grouped, the noun in the singular for one. */
public final class Counts {

    private Counts() {}

    /** {@code 11,130}. */
    public static String of(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** {@code 1 config}, {@code 0 configs}, {@code 17,956 configs}. */
    public static String of(long n, String noun) {
        return of(n) + " " + noun + (n == 1 ? "" : "s");
    }
}
