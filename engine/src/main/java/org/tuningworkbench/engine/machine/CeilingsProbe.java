package org.tuningworkbench.engine.machine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.tuningworkbench.engine.analysis.Ceilings;
import org.tuningworkbench.engine.process.ChildProcess;

/**
 * Measures this machine's roofline ceilings natively, with two small C programs built by the
 * system's gcc for this CPU ({@code -march=native}) and run in their own processes: the FP32
 * multiply-add peak of one core ({@code fma_peak.c}, independent FMA chains per vector width) and
 * the memory bandwidth of one core ({@code stream_triad.c}, STREAM's triad over arrays far larger
 * than the caches). Each program runs three times and the best figure is kept, as the quiet moments
 * of a shared machine show what it can do. It takes a few seconds: {@link CeilingsCache} keeps the
 * result per machine class.
 */
public final class CeilingsProbe {

    private static final int RUNS = 3;
    private static final Duration LIMIT = Duration.ofSeconds(60);

    /** How gcc builds the programs: optimised for this CPU, as the kernels are. */
    static final List<String> GCC_FLAGS = List.of("-O2", "-march=native");

    private CeilingsProbe() {}

    /** Measures both ceilings in {@code dir} (created if missing) for {@code machine}, the device class they are for. */
    public static Ceilings measure(Path dir, String machine) throws IOException, InterruptedException {
        String load = loadAverage();
        Map<Integer, Double> peak = fmaPeak(dir);
        if (peak.isEmpty()) throw new IOException("the FMA peak program printed no figure");
        var widest = ((TreeMap<Integer, Double>) peak).lastEntry();
        double bandwidth = triadBandwidth(dir);
        String method = String.format(Locale.ROOT, "best of %d runs each, one core, gcc -O2 -march=native, load average %s at the start: FP32 FMA peak %s; "
                        + "memory bandwidth from a stream triad (a[i] = b[i] + s·c[i], 3 × 128 MiB of doubles, 24 bytes counted per element)",
                RUNS, load, peak.entrySet().stream().map(e -> String.format(Locale.ROOT, "%.1f GFLOP/s at %d bits", e.getValue(), e.getKey())).toList());
        return new Ceilings(machine, widest.getValue(), widest.getKey(), bandwidth, Instant.now().toString(), method);
    }

    /** The best of three runs of the FP32 FMA peak program: GFLOP/s of one core per vector width in bits (256, and 512 with AVX-512). */
    public static Map<Integer, Double> fmaPeak(Path dir) throws IOException, InterruptedException {
        var best = new TreeMap<Integer, Double>();
        for (String line : runBest(dir, "fma_peak")) {
            String[] parts = line.strip().split("\\s+");
            if (parts.length >= 2) best.merge(Integer.parseInt(parts[0]), Double.parseDouble(parts[1]), Math::max);
        }
        return best;
    }

    /** The best of three runs of the stream triad: GB/s of one core. */
    public static double triadBandwidth(Path dir) throws IOException, InterruptedException {
        double best = 0;
        for (String line : runBest(dir, "stream_triad")) {
            String[] parts = line.strip().split("\\s+");
            if (parts.length >= 2 && parts[0].equals("triad")) best = Math.max(best, Double.parseDouble(parts[1]));
        }
        if (best <= 0) throw new IOException("the stream triad program printed no bandwidth");
        return best;
    }

    /** Builds {@code name.c} and returns the lines it printed over all runs. */
    private static List<String> runBest(Path dir, String name) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(name + ".c"), resource(name + ".c"));
        ChildProcess.Exit compile;
        try {
            var command = new ArrayList<String>(List.of("gcc"));
            command.addAll(GCC_FLAGS);
            command.addAll(List.of(name + ".c", "-o", name));
            compile = new ChildProcess().run(command, dir, "build-" + name, LIMIT);
        } catch (IOException e) {
            throw new IOException("cannot start gcc to build " + name + ".c (is gcc installed?): " + e.getMessage(), e);
        }
        if (!compile.ok()) throw new IOException("cannot build " + name + ".c: " + compile.stderrText(2000));
        var lines = new ArrayList<String>();
        for (int run = 0; run < RUNS; run++) {
            var exit = new ChildProcess().run(List.of(dir.resolve(name).toString()), dir, name, LIMIT);
            if (!exit.ok()) throw new IOException(name + " failed (exit " + exit.code() + (exit.timedOut() ? ", timed out" : "") + "): " + exit.stderrText(2000));
            lines.addAll(exit.stdoutText(1000).strip().lines().toList());
        }
        return lines;
    }

    /** The one-minute load average, which says how busy the machine was: a busy one measures low. */
    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split("\\s+")[0];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    static String resource(String name) throws IOException {
        try (InputStream in = CeilingsProbe.class.getResourceAsStream(name)) {
            if (in == null) throw new IOException(name + " is missing from the engine");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
