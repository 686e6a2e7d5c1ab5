package org.tuningworkbench.engine.project;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.tuningworkbench.engine.measure.Racing;

/**
 * How each config is measured.
 *
 * @param warmupMs      time the kernel runs before sampling starts (when {@code warmupCalls} is 0)
 * @param repeat        number of samples kept
 * @param minSampleMs   minimum duration of one sample; short kernels are called many times per sample
 * @param runTimeout    limit on one config's whole run (verification call, warm-up and samples)
 * @param seed          seed of the random inputs, identical for every config
 * @param memoryLimitMb limit on the address space of the measured program, in MiB; 0 for none
 * @param warmupCalls   warm up by this many calls instead of for {@code warmupMs} ({@code warmup = 10}, as the
 *                      vendor counts it); 0 when the warm-up is a time
 * @param deviceIds     the CPUs to measure on ({@code device_ids = [2, 3]}), each config pinned to one of them
 *                      in turn; empty: wherever the system runs it (or as {@code --pin} says)
 * @param racing        when a config stops sampling because it is clearly slower than the best so far
 *                      ({@code racing = false}, {@code race_margin}, {@code race_min_samples}); the command
 *                      line may say otherwise
 */
public record MeasureSettings(double warmupMs, int repeat, double minSampleMs, Duration runTimeout, long seed, long memoryLimitMb,
                              int warmupCalls, List<Integer> deviceIds, Racing racing) {
    public static final MeasureSettings DEFAULT = new MeasureSettings(100, 10, 20, Duration.ofSeconds(60), 42, defaultMemoryLimitMb());

    /** The longest warm-up or minimum sample time: an hour. Longer (or infinite) ones would only make every config time out. */
    public static final double MAX_TIME_MS = 3_600_000;

    public MeasureSettings {
        if (!(warmupMs >= 0 && warmupMs <= MAX_TIME_MS)) {
            throw new IllegalArgumentException("the warm-up must be from 0 to " + (long) MAX_TIME_MS + " ms (an hour), not " + warmupMs);
        }
        if (repeat < 1) throw new IllegalArgumentException("repeat must be at least 1");
        if (!(minSampleMs >= 0 && minSampleMs <= MAX_TIME_MS)) {
            throw new IllegalArgumentException("the minimum sample time must be from 0 to " + (long) MAX_TIME_MS + " ms (an hour), not " + minSampleMs);
        }
        if (runTimeout.isNegative() || runTimeout.isZero()) throw new IllegalArgumentException("the run timeout must be positive");
        if (memoryLimitMb < 0) throw new IllegalArgumentException("the memory limit must be zero (none) or more MB");
        if (warmupCalls < 0) throw new IllegalArgumentException("the warm-up must be zero or more calls");
        if (warmupCalls > 0) warmupMs = 0;
        deviceIds = deviceIds == null ? List.of() : List.copyOf(deviceIds);
        if (deviceIds.stream().anyMatch(id -> id < 0)) throw new IllegalArgumentException("device ids are CPU numbers, zero or more");
        if (racing == null) racing = Racing.DEFAULT;
    }

    /** Settings that race as {@link Racing#DEFAULT}. */
    public MeasureSettings(double warmupMs, int repeat, double minSampleMs, Duration runTimeout, long seed, long memoryLimitMb,
                           int warmupCalls, List<Integer> deviceIds) {
        this(warmupMs, repeat, minSampleMs, runTimeout, seed, memoryLimitMb, warmupCalls, deviceIds, Racing.DEFAULT);
    }

    /** Settings with a warm-up time, measured wherever the system runs the program. */
    public MeasureSettings(double warmupMs, int repeat, double minSampleMs, Duration runTimeout, long seed, long memoryLimitMb) {
        this(warmupMs, repeat, minSampleMs, runTimeout, seed, memoryLimitMb, 0, List.of());
    }

    public MeasureSettings withRepeat(int value) { return new MeasureSettings(warmupMs, value, minSampleMs, runTimeout, seed, memoryLimitMb, warmupCalls, deviceIds, racing); }
    /** A warm-up of {@code value} ms (instead of a number of calls). */
    public MeasureSettings withWarmupMs(double value) { return new MeasureSettings(value, repeat, minSampleMs, runTimeout, seed, memoryLimitMb, 0, deviceIds, racing); }
    /** A warm-up of {@code value} calls (instead of a time); 0 is no warm-up. */
    public MeasureSettings withWarmupCalls(int value) { return new MeasureSettings(0, repeat, minSampleMs, runTimeout, seed, memoryLimitMb, value, deviceIds, racing); }
    public MeasureSettings withMinSampleMs(double value) { return new MeasureSettings(warmupMs, repeat, value, runTimeout, seed, memoryLimitMb, warmupCalls, deviceIds, racing); }
    public MeasureSettings withRunTimeout(Duration value) { return new MeasureSettings(warmupMs, repeat, minSampleMs, value, seed, memoryLimitMb, warmupCalls, deviceIds, racing); }
    public MeasureSettings withMemoryLimitMb(long value) { return new MeasureSettings(warmupMs, repeat, minSampleMs, runTimeout, seed, value, warmupCalls, deviceIds, racing); }
    public MeasureSettings withDeviceIds(List<Integer> value) { return new MeasureSettings(warmupMs, repeat, minSampleMs, runTimeout, seed, memoryLimitMb, warmupCalls, value, racing); }

    public MeasureSettings withRacing(Racing value) { return new MeasureSettings(warmupMs, repeat, minSampleMs, runTimeout, seed, memoryLimitMb, warmupCalls, deviceIds, value); }

    /** The warm-up as people read it: {@code 10 calls} or {@code 100 ms}. */
    public String warmupText() {
        if (warmupCalls > 0) return warmupCalls + (warmupCalls == 1 ? " call" : " calls");
        return (warmupMs == Math.rint(warmupMs) ? Long.toString((long) warmupMs) : Double.toString(warmupMs)) + " ms";
    }

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
