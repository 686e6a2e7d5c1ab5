package org.tuningworkbench.engine.stats;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;

/**
 * Whether one config is faster than another beyond the noise of their samples: the ratio of their
 * medians with a 95% bootstrap interval, and a Mann-Whitney U test on the samples (commons-math).
 * The difference is significant when the test's p is below 0.05 and the interval excludes 1.
 *
 * @param ratio  slower median / faster median (at least 1)
 * @param low    the ratio's interval, lower end
 * @param high   the ratio's interval, upper end
 * @param p      the two-sided p-value of the Mann-Whitney U test; NaN with fewer than two samples a side
 * @param aFaster whether the first set of samples is the faster
 */
public record Comparison(double ratio, double low, double high, double p, boolean aFaster) {

    private static final int RESAMPLES = 2000;

    public boolean significant() {
        return p < 0.05 && low > 1;
    }

    public static Comparison of(double[] a, double[] b) {
        if (a.length == 0 || b.length == 0) throw new IllegalArgumentException("both configs need samples");
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
        double p = a.length < 2 || b.length < 2 ? Double.NaN : new MannWhitneyUTest().mannWhitneyUTest(a, b);
        return new Comparison(median(slow) / median(fast), ratios[(int) (0.025 * RESAMPLES)], ratios[(int) (0.975 * RESAMPLES) - 1], p, aFaster);
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
