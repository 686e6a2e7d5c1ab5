package org.tuningworkbench.bench;

import org.tuningworkbench.engine.WorkFolders;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.tuningworkbench.engine.backend.Backends;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.build.BuildService;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.Candidates;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.project.SearchSettings;
import org.tuningworkbench.engine.space.SearchSpace;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.run.DeviceRunner;
import org.tuningworkbench.engine.run.RunOutcome;
import org.tuningworkbench.engine.run.Timing;
import org.tuningworkbench.engine.stats.SampleStatistics;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.tune.Tuner;
import java.util.Set;

/**
 * What the benchmark's parts share: tuning a project into a private record file, building and measuring a program, the
 * tile grid of {@code matmul-tiling} and the register block it keeps, the machine's load, and the statistics the parts print.
 *
 * @param examples the project's {@code examples} folder (for {@code matmul-tiling})
 * @param workDir  a private folder for the benchmark's projects and build caches
 * @param quick    smaller sizes and fewer rounds: a smoke run, not figures to quote
 */
record BenchSteps(Path examples, Path workDir, boolean quick, Consumer<String> log) {

    static final List<String> TILES = List.of("16", "32", "64", "128");
    static final int GRID_REPEAT = 7;

    /**
     * The tile grid of {@code matmul-tiling}: every BM, BN, BK of {@code tiles}, listed (the example's
     * own space and search budget left out), {@link #GRID_REPEAT} samples a config and no warm-up; at
     * 1024×2048×1024, or 256³ when quick.
     */
    Project tileGrid(List<String> tiles) throws Exception {
        Map<String, Long> sizes = quick ? Map.of("m", 256L, "n", 256L, "k", 256L) : Map.of();
        Project base = ProjectFile.load(examples.resolve("matmul-tiling/project.toml"), sizes);
        var space = new LinkedHashMap<String, List<String>>();
        space.put("BM", tiles);
        space.put("BN", tiles);
        space.put("BK", tiles);
        registerBlock().forEach((name, value) -> space.put(name, List.of(value)));
        return base.withCandidates(Candidates.listed(SearchSpace.ofTexts(space).list()))
                .withSearch(SearchSettings.DEFAULT)
                .withMeasure(base.measure().withWarmupMs(0).withRepeat(GRID_REPEAT).withMinSampleMs(0).withRunTimeout(Duration.ofSeconds(60)));
    }

    /** The CPU's feature flags from /proc/cpuinfo; empty when it cannot be read. */
    static java.util.Set<String> cpuFlags() {
        try {
            return java.util.Set.of(Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("flags")).findFirst()
                    .map(l -> l.substring(l.indexOf(':') + 1).strip()).orElse("").split("\\s+"));
        } catch (IOException e) {
            return java.util.Set.of();
        }
    }

    /**
     * The tile grid's register block for this CPU: the source's own (6 × 4 vectors of 16 floats)
     * where AVX-512 holds them; elsewhere the story's AVX2 block (6 × 2 vectors of 8), since a
     * 16-float vector on AVX2 takes two registers and the source's block would spill the register file.
     */
    static Map<String, String> registerBlock() {
        return registerBlock(cpuFlags());
    }

    static Map<String, String> registerBlock(java.util.Set<String> flags) {
        if (flags.contains("avx512f")) return Map.of();
        var block = new LinkedHashMap<String, String>();
        block.put("MR", "6");
        block.put("NV", "2");
        block.put("VW", "8");
        return block;
    }

    /** The register block in words, as the parts that tune the tile grid print it. */
    static String registerBlockText() {
        var block = registerBlock();
        return block.isEmpty() ? "the source's 6×64 register block (AVX-512)" : "register block " + block.get("MR") + "×" + (Integer.parseInt(block.get("NV")) * Integer.parseInt(block.get("VW"))) + " (AVX2)";
    }

    /** The 1, 5 and 15 minute load averages: how busy the shared machine was. */
    static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).strip().split("\\s+");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    record Tuned(List<TuningRecord> records, double wallS) {}

    Tuned tune(Project project, TuneOptions options) throws Exception {
        // A folder of its own, removed after: the record file and the lock file beside it.
        Path folder = Files.createTempDirectory(workDir, "records-");
        try {
            long start = System.nanoTime();
            List<TuningRecord> result;
            try (RecordFile file = RecordFile.open(folder.resolve("records.jsonl"))) {
                result = new Tuner(project, options).run(file, e -> { });
            }
            return new Tuned(result, (System.nanoTime() - start) / 1e9);
        } finally {
            WorkFolders.deleteQuietly(folder);
        }
    }

    TuneOptions coldOptions(String name) throws IOException {
        Path cache = workDir.resolve("cache-" + name);
        WorkFolders.deleteQuietly(cache);
        return TuneOptions.defaults(cache).toBuilder().resume(false).build();
    }

    Project trivialProject(int configs, String name) throws IOException, ProjectException {
        Path dir = workDir.resolve(name);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("trivial.c"), resource("trivial.c"));
        String salts = IntStream.range(0, configs).mapToObj(Integer::toString).collect(Collectors.joining(", "));
        Files.writeString(dir.resolve("project.toml"), """
                name = "trivial"
                [kernel]
                source = "trivial.c"
                entry = "trivial"
                [sizes]
                n = 64
                [[args]]
                name = "n"
                scalar = "int"
                value = "n"
                [[args]]
                name = "y"
                buffer = "f32[n]"
                output = true
                [golden]
                function = "trivial_reference"
                tolerance = "exact"
                [measure]
                warmup_ms = 0
                repeat = 3
                min_sample_ms = 0
                [space]
                SALT = [%s]
                """.formatted(salts));
        return ProjectFile.load(dir.resolve("project.toml"));
    }

    Path build(Project project, String kernelText, Path cache) throws Exception {
        String fileName = project.kernel().source().getFileName().toString();
        BuildResult result;
        try (var builds = BuildService.forKernel(project, Backends.of(project).recipe(project), cache, 1, false, List.of())) {
            result = builds.build(fileName, kernelText, project.kernel().entry(), "");
        }
        if (result instanceof BuildResult.Built b) return b.program();
        throw new IOException(project.name() + " does not build: " + ((BuildResult.Failed) result).reason() + "\n" + result.log());
    }

    Timing measure(Path program, MeasureSettings settings, Map<String, String> env, String name) throws Exception {
        return measureOutcome(program, settings, env, name).timing();
    }

    RunOutcome.Measured measureOutcome(Path program, MeasureSettings settings, Map<String, String> env, String name) throws Exception {
        Path out = workDir.resolve("out-" + name);
        try {
            RunOutcome outcome = new DeviceRunner().run(program, out, settings, new ChildProcess(), env);
            if (outcome instanceof RunOutcome.Measured m) return m;
            throw new IOException(program + " did not finish its measurement: " + outcome);
        } finally {
            WorkFolders.deleteQuietly(out);
        }
    }

    static Map<String, TuningRecord> byConfig(List<TuningRecord> records) {
        var out = new LinkedHashMap<String, TuningRecord>();
        records.forEach(r -> out.put(r.configValues().key(), r));
        return out;
    }

    static String resource(String name) throws IOException {
        try (InputStream in = BenchSteps.class.getResourceAsStream(name)) {
            if (in == null) throw new IOException(name + " is missing from the benchmark");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    static double median(List<Double> values) {
        return SampleStatistics.of(values.stream().mapToDouble(Double::doubleValue).toArray()).median();
    }

    static String verdict(boolean met) {
        return met ? "met" : "MISSED";
    }

}
