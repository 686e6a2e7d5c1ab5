package org.tuningworkbench.engine.search;

import java.util.Locale;

/**
 * The order the listed configs, and a grid's walk of the space, are measured in.
 *
 * <p>{@link #SHUFFLED}, the default, is a seeded random order: a slow spell of the machine or a
 * drift over the run falls on configs at random rather than on one end of a parameter's values,
 * and racing meets a strong config early rather than after every slower one of a list that walks
 * from slow to fast. {@link #LISTED} measures in the order written (a space's in its values' order).
 */
public enum Order {
    SHUFFLED, LISTED;

    /** The name a project file and the command line use: {@code shuffled}, {@code listed}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The order named {@code key}. */
    public static Order of(String key) {
        for (Order o : values()) if (o.key().equals(key)) return o;
        throw new IllegalArgumentException("unknown order `" + key + "`; use shuffled or listed");
    }
}
