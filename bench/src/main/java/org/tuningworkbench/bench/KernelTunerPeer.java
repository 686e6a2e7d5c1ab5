package org.tuningworkbench.bench;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tuningworkbench.engine.build.ShellWords;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.TunableLine;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.process.ChildProcess;

/**
 * Kernel Tuner, the peer of the benchmark's peer part, run from its sources: found through
 * {@link #PYTHONPATH_VARIABLE} (its source, python-constraint's and a folder of their dist-info stubs,
 * kept outside the repository), given the kernel's own source with the tuned parameters left to its
 * {@code #define}s and a timed wrapper appended, and read back from the JSON its script prints.
 *
 * @param python     the interpreter ({@link #PYTHON_VARIABLE}, else {@code python3})
 * @param pythonPath the folders Kernel Tuner is imported from
 */
record KernelTunerPeer(String python, String pythonPath) {

    /** The variable naming the folders Kernel Tuner and python-constraint are imported from. */
    static final String PYTHONPATH_VARIABLE = "TW_PEER_PYTHONPATH";
    /** The variable naming the Python interpreter (default {@code python3}). */
    static final String PYTHON_VARIABLE = "TW_PEER_PYTHON";
    /** The timed function the script asks Kernel Tuner to tune (appended to the source by {@link #sourceFor}). */
    static final String TIMED_FUNCTION = "sgemm_timed";

    /** How to set the peer up, for a run that does not find it. */
    static final String SETUP = """
            Kernel Tuner is set up from its sources, outside this repository (numpy and scipy from the system's python3):
              PEER=$HOME/kernel-tuner-peer
              git clone --depth 1 https://github.com/KernelTuner/kernel_tuner "$PEER/kernel_tuner"
              git clone --depth 1 https://github.com/python-constraint/python-constraint "$PEER/python-constraint"
              mkdir -p "$PEER/meta/kernel_tuner-1.4.0.dist-info" "$PEER/meta/python_constraint2-2.6.0.dist-info"
              printf 'Metadata-Version: 2.1\\nName: kernel_tuner\\nVersion: 1.4.0\\n' > "$PEER/meta/kernel_tuner-1.4.0.dist-info/METADATA"
              printf 'Metadata-Version: 2.1\\nName: python-constraint2\\nVersion: 2.6.0\\n' > "$PEER/meta/python_constraint2-2.6.0.dist-info/METADATA"
              export TW_PEER_PYTHONPATH="$PEER/kernel_tuner:$PEER/python-constraint:$PEER/meta"
            then run the part again (docs/methods.md, "The benchmark", part 9).""";

    /** The peer as {@code environment} names it, or why there is none: {@link #PYTHONPATH_VARIABLE} unset, and how to set it. */
    static Found find(Map<String, String> environment) {
        String path = environment.get(PYTHONPATH_VARIABLE);
        if (path == null || path.isBlank()) return new Found(null, PYTHONPATH_VARIABLE + " is not set. " + SETUP);
        return new Found(new KernelTunerPeer(environment.getOrDefault(PYTHON_VARIABLE, "python3"), path), null);
    }

    /** The peer, or why it is not there. */
    record Found(KernelTunerPeer peer, String missing) {}

    /** Kernel Tuner's version as the interpreter imports it, or an {@link IOException} saying why it cannot. */
    String version(Path workDir) throws IOException, InterruptedException {
        var exit = new ChildProcess().run(List.of(python, "-c", "import numpy, kernel_tuner; print(kernel_tuner.__version__)"), workDir,
                "kernel_tuner", Duration.ofMinutes(1), Map.of("PYTHONPATH", pythonPath));
        if (!exit.ok()) {
            throw new IOException(PYTHONPATH_VARIABLE + "=" + pythonPath + " is set, but `" + python + "` cannot import kernel_tuner and numpy from it: "
                    + exit.stderrText(2000).strip() + "\n" + SETUP);
        }
        return exit.stdoutText(200).strip();
    }

    /**
     * The kernel's source for Kernel Tuner: the marked declarations of the {@code tuned} parameters left out (its
     * {@code #define}s give their values), every other line as it is, and {@code wrapper} (the timed function) after it.
     *
     * @throws IllegalArgumentException when a tuned parameter has no marked declaration, or is an alias of a line of code
     */
    static String sourceFor(TunableSource source, Set<String> tuned, String wrapper) {
        var lines = new ArrayList<>(List.of(source.text().split("\n", -1)));
        for (String name : tuned) {
            TunableLine line = source.parameters().get(name);
            if (line == null || line.kind() == TunableLine.Kind.ALIAS) {
                throw new IllegalArgumentException("`" + name + "` is not a marked declaration of " + source.file().getFileName()
                        + ": Kernel Tuner can set only a name its #define gives a value");
            }
            lines.set(line.line() - 1, "// " + name + ": given by Kernel Tuner's #define");
        }
        return String.join("\n", lines) + wrapper;
    }

    /** The compiler and its options of a build command: the words between the compiler and the output, less the source, output and libraries. */
    static Compiler compilerOf(String command, Path kernelDir) {
        List<String> words = ShellWords.split(command.replace("{kernel_dir}", kernelDir.toString()));
        var options = new ArrayList<String>();
        for (int i = 1; i < words.size(); i++) {
            String word = words.get(i);
            if (word.equals("-o")) {
                i++;
            } else if (!word.contains("{source}") && !word.contains("{output}") && !word.startsWith("-l")) {
                options.add(word);
            }
        }
        return new Compiler(words.getFirst(), List.copyOf(options));
    }

    /** A compiler and the options it is given. */
    record Compiler(String command, List<String> options) {}

    /**
     * Runs the script on {@code spec} in {@code dir}: the process's wall time and what the script printed.
     *
     * @throws IOException when the script fails or prints what {@link #parse} cannot read
     */
    Run tune(Path dir, Map<String, Object> spec, Duration limit) throws IOException, InterruptedException {
        Path script = dir.resolve("kernel_tuner_grid.py");
        Files.writeString(script, BenchSteps.resource("kernel_tuner_grid.py"));
        Path specFile = dir.resolve("spec.json");
        Files.writeString(specFile, JSON.writeValueAsString(spec));
        long start = System.nanoTime();
        var exit = new ChildProcess().run(List.of(python, script.toString(), specFile.toString()), dir, "kernel_tuner", limit,
                Map.of("PYTHONPATH", pythonPath));
        double wallS = (System.nanoTime() - start) / 1e9;
        if (!exit.ok()) throw new IOException("Kernel Tuner's run failed (" + exit.code() + "): " + exit.stderrText(4000).strip());
        return new Run(wallS, parse(Files.readString(exit.stdout())));
    }

    /** One run of the peer: its process's wall time, start to exit, and what it measured. */
    record Run(double wallS, Output output) {}

    private static final ObjectMapper JSON = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /** Reads the script's JSON; an {@link IOException} names what is wrong with it. */
    static Output parse(String text) throws IOException {
        Output out;
        try {
            out = JSON.readValue(text.strip(), Output.class);
        } catch (IOException e) {
            throw new IOException("Kernel Tuner's script printed no result the benchmark can read: " + e.getMessage().lines().findFirst().orElse("")
                    + "; it printed: " + text.strip().lines().findFirst().orElse("(nothing)"), e);
        }
        if (out.configs() == null || out.configs().isEmpty()) throw new IOException("Kernel Tuner's script measured no config");
        for (Result r : out.configs()) {
            if (r.config() == null || r.config().isEmpty()) throw new IOException("Kernel Tuner's script printed a result without its config");
            if (r.error() == null && (r.timeMs() == null || r.timesMs() == null || r.timesMs().isEmpty())) {
                throw new IOException("Kernel Tuner's result for " + r.config() + " has neither times nor an error");
            }
        }
        return out;
    }

    /** What the script printed: versions, the phases' seconds and each config's result. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Output(String kernelTuner, String numpy, String python, double importS, double inputsS, double tuneS, List<Result> configs) {

        /** The configs that ran and passed verification, fastest first by Kernel Tuner's own objective (the mean of its iterations). */
        List<Result> ranked() {
            return configs.stream().filter(Result::ok).sorted(Comparator.comparingDouble(Result::timeMs)).toList();
        }

        Optional<Result> best() {
            return ranked().stream().findFirst();
        }

        double compileS() { return sum(Result::compileMs) / 1000; }

        double verificationS() { return sum(Result::verificationMs) / 1000; }

        /** What the verified calls cost beyond a warm call each (the mean of the config's iterations): the output's reset, its compare, a cold call. */
        double verificationBeyondWarmS() {
            return configs.stream().filter(r -> r.ok() && r.verificationMs() != null).mapToDouble(r -> r.verificationMs() - r.timeMs()).sum() / 1000;
        }

        double benchmarkS() { return sum(Result::benchmarkMs) / 1000; }

        /** The timed calls' own time, the sum of every iteration's time. */
        double timedCallsS() {
            return configs.stream().filter(Result::ok).flatMap(r -> r.timesMs().stream()).mapToDouble(Double::doubleValue).sum() / 1000;
        }

        long samples() {
            return configs.stream().filter(Result::ok).mapToLong(r -> r.timesMs().size()).sum();
        }

        long failed() {
            return configs.stream().filter(r -> !r.ok()).count();
        }

        private double sum(java.util.function.Function<Result, Double> field) {
            return configs.stream().map(field).filter(java.util.Objects::nonNull).mapToDouble(Double::doubleValue).sum();
        }
    }

    /** One config as Kernel Tuner measured it: milliseconds; {@code error} names what failed (a failed verification, a crash). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Result(Map<String, String> config, Double timeMs, List<Double> timesMs, Double compileMs, Double verificationMs, Double benchmarkMs,
                  Double frameworkMs, String error) {

        boolean ok() {
            return error == null && timeMs != null;
        }

        Config asConfig() {
            return new Config(new LinkedHashMap<>(config));
        }
    }
}
