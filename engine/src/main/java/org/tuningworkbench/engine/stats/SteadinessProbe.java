package org.tuningworkbench.engine.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Judges whether the machine was steady while a config was measured, from the native probe's
 * GFLOP/s right before and right after the samples. The probe's usual figure is the median of every
 * reading in this run so far, the current ones included; a measurement is unsteady when either of
 * its readings falls below {@code threshold} times that figure (a core slowed down, or shared).
 * With no history yet, the two readings are judged against each other. A measurement is unsteady
 * too when its thread was on a CPU for less than {@link #MIN_CPU_SHARE} of the samples' wall time:
 * the core was shared while the kernel ran.
 */
public final class SteadinessProbe {

    /** Below 70% of the usual figure the machine is taken as unsteady. */
    public static final double DEFAULT_THRESHOLD = 0.7;

    /** Below 90% of the wall time on a CPU, the measured thread shared its core. */
    public static final double MIN_CPU_SHARE = 0.9;

    private final double threshold;
    private final List<Double> readings = new ArrayList<>();

    public SteadinessProbe(double threshold) {
        if (!(threshold > 0 && threshold <= 1)) throw new IllegalArgumentException("the threshold must be in (0, 1]");
        this.threshold = threshold;
    }

    public SteadinessProbe() {
        this(DEFAULT_THRESHOLD);
    }

    /**
     * The probe's verdict on one measurement.
     *
     * @param usualGflops the usual figure it was compared with
     */
    public record Verdict(double beforeGflops, double afterGflops, double usualGflops, boolean unsteady, double cpuShare) {

        public Verdict(double beforeGflops, double afterGflops, double usualGflops, boolean unsteady) {
            this(beforeGflops, afterGflops, usualGflops, unsteady, 1);
        }

        /** The lower of the two readings as a share of the usual figure: 1 is as usual. */
        public double worstShare() {
            return usualGflops > 0 ? Math.min(beforeGflops, afterGflops) / usualGflops : 1;
        }
    }

    /** Judges the probe readings and the share of the samples' wall time the thread was on a CPU. */
    public synchronized Verdict judge(double beforeGflops, double afterGflops, double cpuShare) {
        Verdict probe = judge(beforeGflops, afterGflops);
        return new Verdict(beforeGflops, afterGflops, probe.usualGflops(), probe.unsteady() || cpuShare < MIN_CPU_SHARE, cpuShare);
    }

    /** Adds the two readings to the history and judges them. */
    public synchronized Verdict judge(double beforeGflops, double afterGflops) {
        if (!(beforeGflops > 0) || !(afterGflops > 0)) throw new IllegalArgumentException("probe readings must be positive");
        readings.add(beforeGflops);
        readings.add(afterGflops);
        double usual = median(readings);
        boolean unsteady = Math.min(beforeGflops, afterGflops) < threshold * usual;
        return new Verdict(beforeGflops, afterGflops, usual, unsteady);
    }

    /** The usual figure so far, or 0 before the first reading. */
    public synchronized double usualGflops() {
        return readings.isEmpty() ? 0 : median(readings);
    }

    private static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
