package org.tuningworkbench.engine.stats;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * The one rule behind every claim that one set of samples is faster than another ("best", "faster",
 * "slower", "not distinguishable", a lesson's "2.1× faster"): the ratio of their medians with a 95%
 * bootstrap interval, and a two-sided Mann-Whitney U test on the samples (commons-statistics; exact
 * p-values for small samples without ties). One side is faster when the test's p is below
 * {@link #ALPHA} and the interval excludes 1; a side with fewer than {@link #MIN_SAMPLES} samples,
 * or two sides too small for the test to reach {@link #ALPHA} at all (3 and 3), support no claim,
 * and the comparison says so instead of giving a ratio.
 *
 * <p>Samples are times (lower is better); any other figure where lower is better compares the same.
 *
 * @param verdict  what the samples support
 * @param ratio    slower median / faster median (at least 1); NaN when there are too few samples
 * @param low      the ratio's 95% interval, lower end; NaN when there are too few samples
 * @param high     the ratio's 95% interval, upper end; NaN when there are too few samples
 * @param p        the two-sided p-value of the Mann-Whitney U test; NaN when there are too few samples
 * @param aFaster  whether the first side's median is the lower (false when there are too few samples)
 * @param samplesA the samples of the first side the claim rests on
 * @param samplesB the samples of the second side
 */
public record Comparison(Verdict verdict, double ratio, double low, double high, double p, boolean aFaster, int samplesA, int samplesB) {

    /** What two sets of samples support. */
    public enum Verdict {
        /** The first side is faster beyond the noise. */
        A_FASTER,
        /** The second side is faster beyond the noise. */
        B_FASTER,
        /** The samples cannot tell the two apart. */
        NOT_DISTINGUISHABLE,
        /** One side has fewer than {@link #MIN_SAMPLES} samples, or the two too few for the test to separate them: no claim either way. */
        TOO_FEW_SAMPLES
    }

    /** The samples each side needs before the two are compared at all. */
    public static final int MIN_SAMPLES = 3;

    /** The test's significance level. */
    public static final double ALPHA = 0.05;

    private static final int RESAMPLES = 2000;

    /** Whether one side is faster beyond the noise. */
    public boolean significant() {
        return verdict == Verdict.A_FASTER || verdict == Verdict.B_FASTER;
    }

    public static Comparison of(List<Double> a, List<Double> b) {
        return of(a.stream().mapToDouble(Double::doubleValue).toArray(), b.stream().mapToDouble(Double::doubleValue).toArray());
    }

    public static Comparison of(double[] a, double[] b) {
        if (a.length < MIN_SAMPLES || b.length < MIN_SAMPLES || !separable(a.length, b.length)) {
            return new Comparison(Verdict.TOO_FEW_SAMPLES, Double.NaN, Double.NaN, Double.NaN, Double.NaN, false, a.length, b.length);
        }
        double ma = median(a);
        double mb = median(b);
        boolean aFaster = ma <= mb;
        double[] fast = aFaster ? a : b;
        double[] slow = aFaster ? b : a;
        // Seeded: the same samples always give the same interval.
        RandomGenerator random = RandomGeneratorFactory.of("L64X128MixRandom").create(Arrays.hashCode(a) * 31L + Arrays.hashCode(b));
        double[] ratios = new double[RESAMPLES];
        for (int i = 0; i < RESAMPLES; i++) ratios[i] = median(resample(slow, random)) / median(resample(fast, random));
        Arrays.sort(ratios);
        double low = ratios[(int) (0.025 * RESAMPLES)];
        double high = ratios[(int) (0.975 * RESAMPLES) - 1];
        double p = MannWhitneyUTest.withDefaults().test(a, b).getPValue();
        boolean separated = p < ALPHA && low > 1;
        Verdict verdict = !separated ? Verdict.NOT_DISTINGUISHABLE : aFaster ? Verdict.A_FASTER : Verdict.B_FASTER;
        return new Comparison(verdict, slowMedianOverFast(ma, mb), low, high, p, aFaster, a.length, b.length);
    }

    /**
     * Whether the rank test on {@code n} and {@code m} samples can give a p below {@link #ALPHA} at all: its smallest
     * two-sided p, the two wholly apart, is 2 / C(n + m, n). With 3 and 3 it is 0.1, so no difference, however wide, is
     * one the test can see, and saying "not distinguishable" would read as "alike".
     */
    static boolean separable(int n, int m) {
        double orderings = 1;
        for (int i = 1; i <= Math.min(n, m); i++) orderings = orderings * (n + m - Math.min(n, m) + i) / i;
        return 2 / orderings < ALPHA;
    }

    private static double slowMedianOverFast(double ma, double mb) {
        return Math.max(ma, mb) / Math.min(ma, mb);
    }

    /**
     * The comparison in a sentence, the sides named {@code a} and {@code b}:
     * {@code No.1 is 1.91× faster than No.2 (medians; 95% interval 1.85–1.97×, Mann-Whitney p = 0.001, 7 and 7 samples)},
     * {@code No.1 and No.2 are not distinguishable: ...}, or {@code No.1 and No.2 cannot be compared: No.2 rests on 1 sample ...}.
     */
    public String sentence(String a, String b) {
        return switch (verdict) {
            case TOO_FEW_SAMPLES -> a + " and " + b + " cannot be compared: " + tooFew(a, b);
            case NOT_DISTINGUISHABLE -> a + " and " + b + " are not distinguishable: " + String.format(Locale.ROOT, "%.2f×", ratio)
                    + " apart in median, but " + why() + " (" + evidence() + ")";
            case A_FASTER, B_FASTER -> (aFaster ? a : b) + " is " + String.format(Locale.ROOT, "%.2f×", ratio) + " faster than " + (aFaster ? b : a)
                    + " (medians; " + evidence() + ")";
        };
    }

    /**
     * The verdict in a few words, for a table's cell, of the first side against the second:
     * {@code 1.91× faster (p = 0.001)}, {@code 1.20× slower (p = 0.002)}, {@code not distinguishable (p = 0.43)},
     * {@code too few samples (1)}.
     */
    public String brief() {
        return brief(null);
    }

    /**
     * The same, naming the second side {@code other}: {@code 1.91× faster than step 1 (p = 0.001)},
     * {@code not distinguishable from step 1 (p = 0.43)}, {@code too few samples to compare with step 1 (1)}.
     */
    public String brief(String other) {
        String than = other == null ? "" : " than " + other;
        return switch (verdict) {
            case TOO_FEW_SAMPLES -> "too few samples" + (other == null ? "" : " to compare with " + other) + " ("
                    + (Math.min(samplesA, samplesB) < MIN_SAMPLES ? Integer.toString(Math.min(samplesA, samplesB)) : samplesA + " and " + samplesB) + ")";
            case NOT_DISTINGUISHABLE -> "not distinguishable" + (other == null ? "" : " from " + other) + " (" + pText() + ")";
            case A_FASTER -> String.format(Locale.ROOT, "%.2f× faster%s (%s)", ratio, than, pText());
            case B_FASTER -> String.format(Locale.ROOT, "%.2f× slower%s (%s)", ratio, than, pText());
        };
    }

    /** Which of the two conditions failed: the test, the interval, or both. */
    private String why() {
        boolean test = p < ALPHA;
        boolean interval = low > 1;
        if (!test && !interval) return "the rank test and the interval leave room for no difference";
        if (!test) return String.format(Locale.ROOT, "the rank test's p = %.3g is not below %.2f", p, ALPHA);
        return "the interval reaches 1";
    }

    private String evidence() {
        return String.format(Locale.ROOT, "95%% interval %.2f–%.2f×, Mann-Whitney %s, %d and %d samples", low, high, pText(), samplesA, samplesB);
    }

    private String pText() {
        return pText(p);
    }

    /** A p-value as the claims print it: {@code p = 0.0214}, {@code p < 0.001}. */
    public static String pText(double p) {
        return p < 0.001 ? "p < 0.001" : String.format(Locale.ROOT, "p = %.3g", p);
    }

    private String tooFew(String a, String b) {
        if (samplesA >= MIN_SAMPLES && samplesB >= MIN_SAMPLES) {
            return a + " and " + b + " rest on " + samplesA + " and " + samplesB + " samples, on which the rank test cannot reach p < "
                    + ALPHA + " (a claim needs 4 on each side, or 3 against 5)";
        }
        String side = samplesA < MIN_SAMPLES && samplesB < MIN_SAMPLES ? a + " and " + b + " rest on " + count(samplesA) + " and " + count(samplesB)
                : samplesA < MIN_SAMPLES ? a + " rests on " + count(samplesA) : b + " rests on " + count(samplesB);
        return side + " (a claim needs " + MIN_SAMPLES + " on each side)";
    }

    private static String count(int n) {
        return n == 0 ? "no samples" : n == 1 ? "1 sample" : n + " samples";
    }

    private static double[] resample(double[] x, RandomGenerator random) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) out[i] = x[random.nextInt(x.length)];
        return out;
    }

    private static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
