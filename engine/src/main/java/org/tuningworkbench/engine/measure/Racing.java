package org.tuningworkbench.engine.measure;

import java.util.Locale;
import java.util.Map;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.stats.SampleStatistics;

/**
 * Adaptive sampling: once a config has taken {@code minSamples} samples, it stops sampling when it
 * is clearly slower than the best config so far: even its fastest sample is slower than the best's
 * slowest (their intervals do not overlap), or its median is past {@code margin} times the best's.
 * It cannot be the best, and more samples would only spend time where they cannot change the
 * answer. After {@link #SETTLED_SAMPLES} samples a config's median speaks for it: past the best's
 * slowest sample, it stops too; all of them faster than the best's fastest, it is clearly ahead, the
 * new best, and it stops there. The best's slowest sample sets an outlier aside (see
 * {@link #slowestUsual}): one sample slowed by an interruption would otherwise shield every config
 * up to it. The contenders, whose samples overlap the best's, get every sample. The measured program applies the rules itself (no extra process),
 * from its environment.
 *
 * <p>Where the best's verified (first) call took about as long as its samples, and a millisecond or
 * more, a config's own verified call already races: past {@code margin} times the best's, on a core it had to itself, the config
 * takes no samples at all. Both calls paid the same cold start, which only brings their ratio closer
 * to 1; a slow config then costs the one call its outputs needed.
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

    /**
     * How much longer than its median the best's verified call may take for a verified call to race:
     * beyond it the cold start (page faults, cold caches) is a large share of the call, and differs
     * from config to config more than the margin can absorb.
     */
    public static final double COLD_CALL_RATIO = 1.25;

    /**
     * The shortest verified call of the best that lets verified calls race, in microseconds: in a
     * shorter call one interrupt or timer tick is a large share of it, and one call has no other to
     * outvote it.
     */
    public static final double SHORTEST_RACING_CALL_US = 1000;

    /**
     * The samples after which a config's median speaks for it: past the best's slowest sample it
     * stops, behind; all of them faster than the best's fastest, it stops ahead. Three, so that one
     * lucky or unlucky sample cannot do it, and a new best's median, which the next configs race
     * against, is the middle of three.
     */
    public static final int SETTLED_SAMPLES = 3;

    /**
     * The slowest of {@code samples} that is not an outlier: past the upper quartile by more than
     * 1.5 times the interquartile range (Tukey's fence). With fewer than five samples there are no
     * quartiles to speak of, and it is the slowest.
     */
    public static double slowestUsual(double[] samples) {
        if (samples.length == 0) throw new IllegalArgumentException("no samples");
        double[] sorted = samples.clone();
        java.util.Arrays.sort(sorted);
        if (sorted.length < 5) return sorted[sorted.length - 1];
        double q1 = SampleStatistics.quantile(sorted, 0.25);
        double q3 = SampleStatistics.quantile(sorted, 0.75);
        double fence = q3 + 1.5 * (q3 - q1);
        double slowest = sorted[0];
        for (double x : sorted) if (x <= fence) slowest = x;
        return slowest;
    }

    /**
     * The best config so far, as racing needs it: its median, its fastest and slowest samples (an
     * outlier aside, see {@link #slowestUsual}) and its verified call, in microseconds; {@code firstCallUs} is 0 where the verified call does not race
     * (see {@link #of}).
     */
    public record Best(double medianUs, double fastestUs, double slowestUs, double firstCallUs) {
        public Best {
            if (!(fastestUs > 0) || !(medianUs >= fastestUs) || !(slowestUs >= medianUs)) {
                throw new IllegalArgumentException("the best's samples must be positive and its fastest (" + fastestUs + " µs), median ("
                        + medianUs + " µs) and slowest (" + slowestUs + " µs) in that order");
            }
            if (!(firstCallUs >= 0)) throw new IllegalArgumentException("the best's verified call cannot take " + firstCallUs + " µs");
        }

        /**
         * The best from its record: its verified call races only when it took at most {@link #COLD_CALL_RATIO} times its
         * median and at least {@link #SHORTEST_RACING_CALL_US}.
         */
        public static Best of(double medianUs, double fastestUs, double slowestUs, Double firstCallUs) {
            boolean races = firstCallUs != null && firstCallUs >= SHORTEST_RACING_CALL_US && firstCallUs <= COLD_CALL_RATIO * medianUs;
            return new Best(medianUs, fastestUs, slowestUs, races ? firstCallUs : 0);
        }
    }

    /**
     * Why a config stopped sampling, as the measured program wrote it: the rule ({@code interval},
     * {@code margin}, {@code median}, {@code verified_call} when it took no samples, or {@code ahead})
     * and the best it raced against.
     */
    public record Stop(String rule, double bestMedianUs, double bestFastestUs, double bestSlowestUs, double bestFirstCallUs) {
        public static final String VERIFIED_CALL = "verified_call";
        public static final String AHEAD = "ahead";

        /** Whether the config stopped on its verified call, before any sample. */
        public boolean onVerifiedCall() {
            return VERIFIED_CALL.equals(rule);
        }

        /** Whether the config stopped clearly ahead of the best, rather than clearly behind it. */
        public boolean ahead() {
            return AHEAD.equals(rule);
        }
    }

    /** The environment that tells the measured program to race against {@code best}; empty when there is nothing to race. */
    public Map<String, String> environment(Best best) {
        if (!enabled || best == null) return Map.of();
        var out = new java.util.HashMap<String, String>();
        out.put("TW_RACE_BEST_NS", String.format(Locale.ROOT, "%.3f", best.medianUs() * 1000));
        out.put("TW_RACE_BEST_SLOWEST_NS", String.format(Locale.ROOT, "%.3f", best.slowestUs() * 1000));
        out.put("TW_RACE_BEST_FASTEST_NS", String.format(Locale.ROOT, "%.3f", best.fastestUs() * 1000));
        out.put("TW_RACE_SETTLED_SAMPLES", Integer.toString(SETTLED_SAMPLES));
        if (best.firstCallUs() > 0) out.put("TW_RACE_BEST_FIRST_NS", String.format(Locale.ROOT, "%.3f", best.firstCallUs() * 1000));
        out.put("TW_RACE_MARGIN", Double.toString(margin));
        out.put("TW_RACE_MIN_SAMPLES", Integer.toString(minSamples));
        return Map.copyOf(out);
    }

    /** The rule in words, as the run's settings are printed. */
    public String rule() {
        return String.format(Locale.ROOT, "after its verified call past %.2f× the best's, or after %d sample%s, its fastest is slower than the best's slowest (an outlier aside), or its median past %.2f× the best's;"
                + " or after %d samples, its median is past the best's slowest; or, ahead, after %d samples all faster than the best's fastest",
                margin, minSamples, minSamples == 1 ? "" : "s", margin, SETTLED_SAMPLES, SETTLED_SAMPLES);
    }

    /** Why a config whose verified call took {@code firstCallUs} and whose samples are {@code samplesUs} stopped, for its record. */
    public String reason(Stop stop, double firstCallUs, double[] samplesUs) {
        if (stop.onVerifiedCall()) {
            return String.format(Locale.ROOT, "raced out on its verified call, before any sample: it took %s, past %.2f× the best's verified call, %s",
                    Durations.micros(firstCallUs), margin, Durations.micros(stop.bestFirstCallUs()));
        }
        int n = samplesUs.length;
        String after = n + " sample" + (n == 1 ? "" : "s");
        if (stop.ahead()) {
            double slowest = java.util.Arrays.stream(samplesUs).max().orElse(Double.NaN);
            return String.format(Locale.ROOT, "ahead of the best after %s: %s %s is faster than the best's fastest sample, %s", after,
                    n == 1 ? "its sample" : "its slowest", Durations.micros(slowest), Durations.micros(stop.bestFastestUs()));
        }
        if (stop.rule().equals("interval")) {
            double fastest = java.util.Arrays.stream(samplesUs).min().orElse(Double.NaN);
            return String.format(Locale.ROOT, "raced out after %s: %s %s is slower than the best's slowest sample (an outlier aside), %s", after,
                    n == 1 ? "its sample" : "its fastest", Durations.micros(fastest), Durations.micros(stop.bestSlowestUs()));
        }
        if (stop.rule().equals("median")) {
            return String.format(Locale.ROOT, "raced out after %s: its median %s is slower than the best's slowest sample (an outlier aside), %s", after,
                    Durations.micros(SampleStatistics.of(samplesUs).median()), Durations.micros(stop.bestSlowestUs()));
        }
        return String.format(Locale.ROOT, "raced out after %s: its median %s is past %.2f× the best's median, %s", after,
                Durations.micros(SampleStatistics.of(samplesUs).median()), margin, Durations.micros(stop.bestMedianUs()));
    }
}
