package org.tuningworkbench.engine.run;

import java.util.Locale;
import java.util.Map;
import org.tuningworkbench.engine.cli.Durations;

/**
 * Adaptive sampling: once a config has taken {@code minSamples} samples, it stops sampling when it
 * is clearly slower than the best config so far: even its fastest sample is slower than the best's
 * slowest (their intervals do not overlap), or its median is past {@code margin} times the best's.
 * It cannot be the best, and more samples would only spend time where they cannot change the
 * answer; the contenders get every sample. The measured program applies the rule itself (no extra
 * process), from its environment.
 */
public record Racing(boolean enabled, double margin, int minSamples) {

    public static final Racing DEFAULT = new Racing(true, 1.3, 1);
    public static final Racing OFF = new Racing(false, 1.3, 1);

    public Racing {
        if (!(margin >= 1)) throw new IllegalArgumentException("the racing margin must be at least 1, not " + margin);
        if (minSamples < 1) throw new IllegalArgumentException("racing needs at least one sample before it stops a config, not " + minSamples);
    }

    /** The same rule, on or off. */
    public Racing withEnabled(boolean value) {
        return new Racing(value, margin, minSamples);
    }

    /** The best config so far, as racing needs it: its median and its slowest sample, in microseconds. */
    public record Best(double medianUs, double slowestUs) {
        public Best {
            if (!(medianUs > 0) || !(slowestUs >= medianUs)) {
                throw new IllegalArgumentException("the best's slowest sample (" + slowestUs + " µs) must be at least its positive median (" + medianUs + " µs)");
            }
        }
    }

    /**
     * Why a config stopped sampling, as the measured program wrote it: the rule ({@code interval}
     * or {@code margin}) and the best it raced against.
     */
    public record Stop(String rule, double bestMedianUs, double bestSlowestUs) {}

    /** The environment that tells the measured program to race against {@code best}; empty when there is nothing to race. */
    public Map<String, String> environment(Best best) {
        if (!enabled || best == null) return Map.of();
        return Map.of("TW_RACE_BEST_NS", String.format(Locale.ROOT, "%.3f", best.medianUs() * 1000),
                "TW_RACE_BEST_SLOWEST_NS", String.format(Locale.ROOT, "%.3f", best.slowestUs() * 1000),
                "TW_RACE_MARGIN", Double.toString(margin), "TW_RACE_MIN_SAMPLES", Integer.toString(minSamples));
    }

    /** The rule in words, as the run's settings are printed. */
    public String rule() {
        return String.format(Locale.ROOT, "after %d sample%s, its fastest is slower than the best's slowest, or its median past %.2f× the best's",
                minSamples, minSamples == 1 ? "" : "s", margin);
    }

    /** Why a config whose samples are {@code samplesUs} stopped, for its record. */
    public String reason(Stop stop, double[] samplesUs) {
        int n = samplesUs.length;
        String after = n + " sample" + (n == 1 ? "" : "s");
        if (stop.rule().equals("interval")) {
            double fastest = java.util.Arrays.stream(samplesUs).min().orElse(Double.NaN);
            return String.format(Locale.ROOT, "raced out after %s: %s %s is slower than the best's slowest sample, %s", after,
                    n == 1 ? "its sample" : "its fastest", Durations.micros(fastest), Durations.micros(stop.bestSlowestUs()));
        }
        return String.format(Locale.ROOT, "raced out after %s: its median %s is past %.2f× the best's median, %s", after,
                Durations.micros(org.tuningworkbench.engine.stats.Statistics.of(samplesUs).median()), margin, Durations.micros(stop.bestMedianUs()));
    }
}
