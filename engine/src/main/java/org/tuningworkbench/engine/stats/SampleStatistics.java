package org.tuningworkbench.engine.stats;

import java.util.Arrays;

/**
 * Summary of a config's samples. The median is the headline: it ignores the occasional sample a
 * busy machine spoils. A config is noisy when its coefficient of variation passes {@link #NOISY_CV}.
 */
public record SampleStatistics(double median, double min, double max, double mean, double stddev, double cv) {

    public static final double NOISY_CV = 0.05;

    /**
     * The {@code q} quantile (0 to 1) of {@code sorted} values, interpolated between the two nearest
     * (as spreadsheets and numpy's default do).
     */
    public static double quantile(double[] sorted, double q) {
        double position = q * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
    }

    public static SampleStatistics of(double[] samples) {
        if (samples.length == 0) throw new IllegalArgumentException("no samples");
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        double mean = Arrays.stream(sorted).sum() / n;
        double variance = n < 2 ? 0 : Arrays.stream(sorted).map(x -> (x - mean) * (x - mean)).sum() / (n - 1);
        double stddev = Math.sqrt(variance);
        return new SampleStatistics(median, sorted[0], sorted[n - 1], mean, stddev, mean > 0 ? stddev / mean : 0);
    }

    public boolean noisy() {
        return cv > NOISY_CV;
    }
}
