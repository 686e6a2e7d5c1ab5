package org.tuningworkbench.engine.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.tuningworkbench.engine.measure.Racing;

/**
 * The harness's timings of one config: every sample's mean time per kernel call.
 *
 * @param callsPerSample     kernel calls in each sample, calibrated once
 * @param warmupCalls        kernel calls made during warm-up
 * @param firstCallUs        time of the first call, whose outputs are verified (0 when not timed)
 * @param probeBeforeGflops  the steadiness probe right before the samples (0 when not run)
 * @param probeAfterGflops   the steadiness probe right after the samples (0 when not run)
 * @param samplesCpuUs       each sample's thread CPU time per call (empty when not measured)
 * @param raceStop           why sampling stopped early, clearly slower than the best so far or
 *                           clearly ahead of it (see {@link Racing}); null when every sample was taken
 * @param samplesKernelUs    each sample's kernel time per call from the device's profiling events
 *                           (empty when the device does not tell it): the rest of the wall time is launch overhead
 * @param launchesPerCall    kernel launches each call makes (0 when not said)
 * @param library            the BLAS library's kernels the program ran, when it is linked with OpenBLAS (else null)
 * @param faultedSamples     samples taken again because the kernel took page faults while they ran (touching memory
 *                           for the first time, as a kernel that allocates in every call does in its first calls)
 */
public record Timing(long callsPerSample, long warmupCalls, double[] samplesUs, double firstCallUs,
                     double probeBeforeGflops, double probeAfterGflops, double[] samplesCpuUs, Racing.Stop raceStop,
                     double[] samplesKernelUs, long launchesPerCall, LibraryCore library, int faultedSamples) {

    /** The timing of a program that times its own calls (a harness): one call a sample, no warm-up, probe, CPU time or racing. */
    public static Timing ofOwnCalls(double[] samplesUs, double firstCallUs, double[] samplesKernelUs) {
        return new Timing(1, 0, samplesUs, firstCallUs, 0, 0, new double[0], null, samplesKernelUs, 0, null, 0);
    }

    /**
     * The share of the samples' wall time the measuring thread was on a CPU: 1 when it had its core
     * to itself, 0.5 when it shared it half the time. 1 when CPU time was not measured.
     */
    public double cpuShare() {
        if (samplesCpuUs.length == 0 || samplesCpuUs.length != samplesUs.length) return 1;
        double wall = 0;
        double cpu = 0;
        for (int i = 0; i < samplesUs.length; i++) {
            wall += samplesUs[i];
            cpu += samplesCpuUs[i];
        }
        return wall > 0 ? Math.min(1, cpu / wall) : 1;
    }

    /** Whether racing stopped the sampling early, the config clearly slower than the best or clearly ahead of it. */
    public boolean stoppedEarly() {
        return raceStop != null;
    }

    /**
     * The times the config's latency is judged by: its samples, or its verified call alone when racing
     * stopped it there, before any sample.
     */
    public double[] latencySamplesUs() {
        boolean verifiedCallOnly = samplesUs.length == 0 && raceStop != null && raceStop.onVerifiedCall() && firstCallUs > 0;
        return verifiedCallOnly ? new double[] {firstCallUs} : samplesUs;
    }

    /** Whether the harness ran the steadiness probe around the samples. */
    public boolean probed() {
        return probeBeforeGflops > 0 && probeAfterGflops > 0;
    }

    /** The kernel time the samples account for, in microseconds: every sample's calls. */
    public double sampledUs() {
        double total = 0;
        for (double s : samplesUs) total += s * callsPerSample;
        return total;
    }

    /** The time of the kernel calls timed, in microseconds: the first call and every sample's calls (warm-up calls are not timed one by one). */
    public double timedCallsUs() {
        return firstCallUs + sampledUs();
    }

    /** Reads {@code timing.txt} as the harness writes it. */
    public static Timing read(Path file) throws IOException {
        long calls = 0;
        long warmup = 0;
        double first = 0;
        double before = 0;
        double after = 0;
        var samples = new ArrayList<Double>();
        var cpu = new ArrayList<Double>();
        var kernel = new ArrayList<Double>();
        long launches = 0;
        int faulted = 0;
        String raceRule = null;
        double raceBest = 0;
        double raceBestSlowest = 0;
        double raceBestFastest = 0;
        double raceBestFirst = 0;
        List<String> lines = Files.readAllLines(file);
        for (String line : lines) {
            String[] parts = line.strip().split("\\s+");
            if (parts.length != 2) continue;
            switch (parts[0]) {
                case "calls_per_sample" -> calls = Long.parseLong(parts[1]);
                case "warmup_calls" -> warmup = Long.parseLong(parts[1]);
                case "first_call_ns" -> first = Double.parseDouble(parts[1]) / 1000.0;
                case "probe_before_gflops" -> before = Double.parseDouble(parts[1]);
                case "probe_after_gflops" -> after = Double.parseDouble(parts[1]);
                case "sample_ns" -> samples.add(Double.parseDouble(parts[1]) / 1000.0);
                case "sample_cpu_ns" -> cpu.add(Double.parseDouble(parts[1]) / 1000.0);
                case "race_stop" -> raceRule = parts[1];
                case "race_best_ns" -> raceBest = Double.parseDouble(parts[1]) / 1000.0;
                case "race_best_slowest_ns" -> raceBestSlowest = Double.parseDouble(parts[1]) / 1000.0;
                case "race_best_fastest_ns" -> raceBestFastest = Double.parseDouble(parts[1]) / 1000.0;
                case "race_best_first_ns" -> raceBestFirst = Double.parseDouble(parts[1]) / 1000.0;
                case "sample_kernel_ns" -> kernel.add(Double.parseDouble(parts[1]) / 1000.0);
                case "launches_per_call" -> launches = Long.parseLong(parts[1]);
                case "faulted_samples_retaken" -> faulted = Integer.parseInt(parts[1]);
                default -> { }
            }
        }
        return new Timing(calls, warmup, samples.stream().mapToDouble(Double::doubleValue).toArray(), first, before, after,
                cpu.stream().mapToDouble(Double::doubleValue).toArray(),
                raceRule == null ? null : new Racing.Stop(raceRule, raceBest, raceBestFastest, raceBestSlowest, raceBestFirst), kernel.stream().mapToDouble(Double::doubleValue).toArray(), launches,
                LibraryCore.parse(lines).orElse(null), faulted);
    }
}
