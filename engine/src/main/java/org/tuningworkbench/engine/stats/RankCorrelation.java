package org.tuningworkbench.engine.stats;

import org.apache.commons.math3.stat.correlation.SpearmansCorrelation;

/** Spearman's rank correlation of two measurements of the same configs (ties get their mean rank). */
public final class RankCorrelation {
    private RankCorrelation() {}

    /** 1 when both order the configs the same way, -1 when exactly reversed. */
    public static double spearman(double[] first, double[] second) {
        if (first.length != second.length) throw new IllegalArgumentException("both measurements must cover the same configs");
        if (first.length < 2) throw new IllegalArgumentException("a rank correlation needs at least two configs");
        return new SpearmansCorrelation().correlation(first, second);
    }
}
