package org.tuningworkbench.engine.project;

import java.time.Duration;

/**
 * How each config is measured.
 *
 * @param warmupMs     time the kernel runs before sampling starts
 * @param repeat       number of samples kept
 * @param minSampleMs  minimum duration of one sample; short kernels are called many times per sample
 * @param runTimeout   limit on one config's whole run (verification call, warm-up and samples)
 * @param seed         seed of the random inputs, identical for every config
 */
public record MeasureSettings(double warmupMs, int repeat, double minSampleMs, Duration runTimeout, long seed) {
    public static final MeasureSettings DEFAULT = new MeasureSettings(100, 10, 20, Duration.ofSeconds(60), 42);

    public MeasureSettings {
        if (!(warmupMs >= 0)) throw new IllegalArgumentException("warm-up must be zero or more milliseconds");
        if (repeat < 1) throw new IllegalArgumentException("repeat must be at least 1");
        if (!(minSampleMs >= 0)) throw new IllegalArgumentException("the minimum sample time must be zero or more milliseconds");
        if (runTimeout.isNegative() || runTimeout.isZero()) throw new IllegalArgumentException("the run timeout must be positive");
    }

    public MeasureSettings withRepeat(int value) { return new MeasureSettings(warmupMs, value, minSampleMs, runTimeout, seed); }
    public MeasureSettings withWarmupMs(double value) { return new MeasureSettings(value, repeat, minSampleMs, runTimeout, seed); }
    public MeasureSettings withMinSampleMs(double value) { return new MeasureSettings(warmupMs, repeat, value, runTimeout, seed); }
    public MeasureSettings withRunTimeout(Duration value) { return new MeasureSettings(warmupMs, repeat, minSampleMs, value, seed); }
}
