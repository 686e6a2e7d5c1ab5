package org.tuningworkbench.engine.run;

import java.util.Locale;
import java.util.Map;

/**
 * Adaptive sampling: once a config has taken {@code minSamples} samples and their median is past
 * {@code margin} times the best median so far, it stops sampling. It cannot be the best, and more
 * samples would only spend time where they cannot change the answer; the contenders get every
 * sample. The measured program applies the rule itself (no extra process), from its environment.
 */
public record Racing(boolean enabled, double margin, int minSamples) {

    public static final Racing DEFAULT = new Racing(true, 1.3, 3);
    public static final Racing OFF = new Racing(false, 1.3, 3);

    public Racing {
        if (!(margin >= 1)) throw new IllegalArgumentException("the racing margin must be at least 1");
        if (minSamples < 1) throw new IllegalArgumentException("racing needs at least one sample");
    }

    /** The environment that tells the measured program to race against {@code bestUs}; empty when there is nothing to race. */
    public Map<String, String> environment(double bestUs) {
        if (!enabled || !(bestUs > 0)) return Map.of();
        return Map.of("TW_RACE_BEST_NS", String.format(Locale.ROOT, "%.3f", bestUs * 1000),
                "TW_RACE_MARGIN", Double.toString(margin), "TW_RACE_MIN_SAMPLES", Integer.toString(minSamples));
    }

    /** Why a raced-out config stopped, for its record. */
    public String reason() {
        return String.format(Locale.ROOT, "slower than %.2f× the best after %d samples", margin, minSamples);
    }
}
