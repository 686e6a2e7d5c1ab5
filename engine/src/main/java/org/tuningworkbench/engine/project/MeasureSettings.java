package org.tuningworkbench.engine.project;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How each config is measured.
 *
 * @param warmupMs      time the kernel runs before sampling starts
 * @param repeat        number of samples kept
 * @param minSampleMs   minimum duration of one sample; short kernels are called many times per sample
 * @param runTimeout    limit on one config's whole run (verification call, warm-up and samples)
 * @param seed          seed of the random inputs, identical for every config
 * @param memoryLimitMb limit on the address space of the measured program, in MiB; 0 for none
 */
public record MeasureSettings(double warmupMs, int repeat, double minSampleMs, Duration runTimeout, long seed, long memoryLimitMb) {
    public static final MeasureSettings DEFAULT = new MeasureSettings(100, 10, 20, Duration.ofSeconds(60), 42, defaultMemoryLimitMb());

    public MeasureSettings {
        if (!(warmupMs >= 0)) throw new IllegalArgumentException("warm-up must be zero or more milliseconds");
        if (repeat < 1) throw new IllegalArgumentException("repeat must be at least 1");
        if (!(minSampleMs >= 0)) throw new IllegalArgumentException("the minimum sample time must be zero or more milliseconds");
        if (runTimeout.isNegative() || runTimeout.isZero()) throw new IllegalArgumentException("the run timeout must be positive");
        if (memoryLimitMb < 0) throw new IllegalArgumentException("the memory limit must be zero (none) or more MB");
    }

    public MeasureSettings withRepeat(int value) { return new MeasureSettings(warmupMs, value, minSampleMs, runTimeout, seed, memoryLimitMb); }
    public MeasureSettings withWarmupMs(double value) { return new MeasureSettings(value, repeat, minSampleMs, runTimeout, seed, memoryLimitMb); }
    public MeasureSettings withMinSampleMs(double value) { return new MeasureSettings(warmupMs, repeat, value, runTimeout, seed, memoryLimitMb); }
    public MeasureSettings withRunTimeout(Duration value) { return new MeasureSettings(warmupMs, repeat, minSampleMs, value, seed, memoryLimitMb); }
    public MeasureSettings withMemoryLimitMb(long value) { return new MeasureSettings(warmupMs, repeat, minSampleMs, runTimeout, seed, value); }

    /** The memory limit in bytes, or 0 when there is none. */
    public long memoryLimitBytes() {
        return memoryLimitMb * 1024 * 1024;
    }

    /**
     * Half of the machine's memory: a config that wants more is stopped with room to spare for the
     * tuner, the window and everything else, rather than bringing the OOM killer down on them.
     * 4096 MiB when the machine's memory cannot be read.
     */
    static long defaultMemoryLimitMb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) return Math.max(256, Long.parseLong(line.replaceAll("\\D", "")) / 1024 / 2);
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or /proc is hidden.
        }
        return 4096;
    }
}
