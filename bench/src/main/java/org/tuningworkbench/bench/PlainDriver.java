package org.tuningworkbench.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.stats.SampleStatistics;

/**
 * The peer part's referee: each config's variant of the kernel (the workbench's substitution, the same text it
 * measured) compiled with the project's compiler and options into {@code plain_driver.c}, neither tool's harness,
 * and timed call by call in interleaved rounds: a config's figure is the median of its rounds' medians.
 *
 * @param dir a private folder for the sources and programs
 */
record PlainDriver(Path dir, TunableSource marked, KernelTunerPeer.Compiler compiler, long m, long n, long k) {

    /** Each config's re-measured time in milliseconds, keyed by {@link Config#key()}, in the order given. */
    Map<String, Double> measure(List<Config> configs, int rounds, int calls) throws Exception {
        Files.createDirectories(dir);
        Path driver = dir.resolve("plain_driver.c");
        Files.writeString(driver, BenchSteps.resource("plain_driver.c"));
        var programs = new LinkedHashMap<String, Path>();
        for (Config config : configs) programs.putIfAbsent(config.key(), build(config, driver, programs.size()));
        var medians = new HashMap<String, List<Double>>();
        for (int round = 0; round < rounds; round++) {
            for (var entry : programs.entrySet()) {
                medians.computeIfAbsent(entry.getKey(), x -> new ArrayList<>()).add(median(run(entry.getValue(), calls)));
            }
        }
        var out = new LinkedHashMap<String, Double>();
        programs.keySet().forEach(key -> out.put(key, BenchSteps.median(medians.get(key))));
        return out;
    }

    private Path build(Config config, Path driver, int index) throws Exception {
        Path source = dir.resolve("variant-" + index + ".c");
        Files.writeString(source, marked.substitute(config).text());
        Path program = dir.resolve("variant-" + index);
        var command = new ArrayList<String>();
        command.add(compiler.command());
        command.addAll(compiler.options());
        command.addAll(List.of(source.toString(), driver.toString(), "-o", program.toString()));
        var exit = new ChildProcess().run(command, dir, "build-" + index, Duration.ofMinutes(2));
        if (!exit.ok()) throw new IOException(config + " does not build with the plain driver (" + String.join(" ", command) + "): " + exit.stderrText(4000));
        return program;
    }

    private double[] run(Path program, int calls) throws Exception {
        var exit = new ChildProcess().run(List.of(program.toString(), Long.toString(m), Long.toString(n), Long.toString(k), Integer.toString(calls)),
                dir, "run", Duration.ofMinutes(10));
        if (!exit.ok()) throw new IOException(program.getFileName() + " failed (" + exit.code() + "): " + exit.stderrText(2000));
        return parseTimes(Files.readString(exit.stdout()), calls);
    }

    /** The driver's output: one time in milliseconds a line, {@code calls} of them. */
    static double[] parseTimes(String text, int calls) throws IOException {
        double[] times = text.lines().filter(l -> !l.isBlank()).mapToDouble(l -> {
            try {
                return Double.parseDouble(l.strip());
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }).toArray();
        if (times.length != calls || java.util.Arrays.stream(times).anyMatch(t -> !(t > 0))) {
            throw new IOException("the plain driver printed " + times.length + " lines, not " + calls + " positive times: "
                    + text.lines().limit(3).toList());
        }
        return times;
    }

    private static double median(double[] values) {
        return SampleStatistics.of(values).median();
    }
}
