package org.tuningworkbench.engine.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;

/**
 * The harness's timings of one config: every sample's mean time per kernel call.
 *
 * @param callsPerSample kernel calls in each sample, calibrated once
 * @param warmupCalls    kernel calls made during warm-up
 */
public record Timing(long callsPerSample, long warmupCalls, double[] samplesUs) {

    /** Reads {@code timing.txt} as the harness writes it. */
    public static Timing read(Path file) throws IOException {
        long calls = 0;
        long warmup = 0;
        var samples = new ArrayList<Double>();
        for (String line : Files.readAllLines(file)) {
            String[] parts = line.strip().split("\\s+");
            if (parts.length != 2) continue;
            switch (parts[0]) {
                case "calls_per_sample" -> calls = Long.parseLong(parts[1]);
                case "warmup_calls" -> warmup = Long.parseLong(parts[1]);
                case "sample_ns" -> samples.add(Double.parseDouble(parts[1]) / 1000.0);
                default -> { }
            }
        }
        return new Timing(calls, warmup, samples.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
