package org.tuningworkbench.bench;

import org.tuningworkbench.engine.WorkFolders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.tuningworkbench.engine.build.MissingPackage;
import org.tuningworkbench.engine.exec.BaselineCandidate;
import org.tuningworkbench.engine.marker.SourceFiles;
import org.tuningworkbench.engine.project.Baseline;
import java.util.Optional;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.machine.CeilingsProbe;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.BuildSettings;
import org.tuningworkbench.engine.project.Golden;
import org.tuningworkbench.engine.project.SearchSettings;
import org.tuningworkbench.engine.project.Kernel;
import org.tuningworkbench.engine.project.DeviceSettings;
import org.tuningworkbench.engine.project.CheckSettings;
import org.tuningworkbench.engine.project.Candidates;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.run.LibraryCore;
import org.tuningworkbench.engine.run.Device;
import org.tuningworkbench.engine.run.DeviceRunner;
import org.tuningworkbench.engine.run.RunOutcome;
import org.tuningworkbench.engine.stats.SampleStatistics;
import java.util.Set;
import java.util.Locale;

/** 5. The tuned example against the best of OpenBLAS's kernels this CPU runs, and the FMA peak. */
record BlasBaseline(BenchSteps steps) {

    private static final String BLAS_BUILD = "gcc -O2 -std=gnu11 -I{kernel_dir} {source} -o {output} -lopenblas";

    BenchReport.Baseline run(GridRepeatability.RepeatabilityRun grid) throws Exception {
        Map<Integer, Double> peak = CeilingsProbe.fmaPeak(steps.workDir().resolve("peak"));
        Project tiling = grid.project();
        String source = SourceFiles.read(tiling.kernel().source()).text();
        TunableSource marked = TunableSource.parse(tiling.kernel().source(), source);
        Path cache = steps.workDir().resolve("cache-baseline");
        record Candidate(String name, String kernel, String environment, Path program, Map<String, String> env) {}
        var candidates = new ArrayList<Candidate>();
        Path blas = null;
        try {
            blas = blasProgram(tiling, cache);
        } catch (IOException e) {
            // Without OpenBLAS the tuned configs are still measured, against the FMA peak alone.
            var missing = MissingPackage.in(String.valueOf(e.getMessage()));
            if (missing.isEmpty()) throw e;
            steps.log().accept("5. OpenBLAS skipped: " + missing.get().advice());
        }
        var kernels = new ArrayList<BenchReport.BlasKernel>();
        if (blas != null) {
            for (var kernel : blasKernels(blas, tiling.measure())) {
                kernels.addAll(kernel.asked());
                if (kernel.runs()) {
                    // Two environments that resolve to one core but differ otherwise (OPENBLAS_L2_SIZE) are told apart.
                    String rest = kernel.candidate().restOfEnvironment();
                    candidates.add(new Candidate(kernel.candidate().label("OpenBLAS sgemm, 1 thread", kernel.core()),
                            kernel.core().core() + (rest.isEmpty() ? "" : " (" + rest + ")"),
                            kernel.candidate().library(kernel.core()).chosen(), blas, kernel.environment()));
                }
            }
        }
        int blasCount = candidates.size();
        Config gridBest = grid.best();
        candidates.add(new Candidate("matmul-tiling grid best " + gridBest.values(), null, "", steps.build(tiling, marked.substitute(gridBest).text(), cache), Map.of()));
        // The story's register-blocked configs, as listed in the example's project file.
        for (Config story : ProjectFile.load(steps.examples().resolve("matmul-tiling/project.toml")).candidates().listed()) {
            if (!story.values().getOrDefault("LoopOrder", "").contains("sgemm_blocked")) continue;
            var shown = new LinkedHashMap<>(story.values());
            shown.remove("LoopOrder");
            candidates.add(new Candidate("matmul-tiling story blocked " + shown, null, "",
                    steps.build(tiling, marked.substitute(story).text(), cache), Map.of()));
        }
        MeasureSettings settings = tiling.measure().withWarmupMs(200).withRepeat(7).withMinSampleMs(0);
        int rounds = steps.quick() ? 1 : 3;
        var medians = new LinkedHashMap<Integer, List<Double>>();
        for (int round = 1; round <= rounds; round++) {
            for (int i = 0; i < candidates.size(); i++) {
                Candidate c = candidates.get(i);
                RunOutcome.Measured m = steps.measureOutcome(c.program, settings, c.env, "base-" + i + "-" + round);
                medians.computeIfAbsent(i, x -> new ArrayList<>()).add(SampleStatistics.of(m.timing().samplesUs()).median());
            }
        }
        double flops = tiling.work().flops().orElse(0);
        var contenders = new ArrayList<BenchReport.Contender>();
        for (int i = 0; i < candidates.size(); i++) {
            Candidate c = candidates.get(i);
            double medianUs = BenchSteps.median(medians.get(i));
            contenders.add(new BenchReport.Contender(c.name, c.kernel, c.environment.isEmpty() ? null : c.environment,
                    medianUs / 1000, flops / (medianUs * 1e3), medians.get(i).stream().map(us -> flops / (us * 1e3)).toList()));
        }
        double fmaPeak = peak.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
        steps.log().accept("5. sgemm " + (steps.quick() ? "(256^3)" : "1024 x 2048 x 1024") + ", single thread, median of " + rounds + " interleaved rounds of 7 samples;"
                + String.format(java.util.Locale.ROOT, " FP32 FMA peak %s", peak.entrySet().stream()
                .map(e -> String.format(java.util.Locale.ROOT, "%.1f GFLOP/s (%d-bit)", e.getValue(), e.getKey())).collect(Collectors.joining(", "))));
        BenchReport.Contender bestBlas = contenders.subList(0, blasCount).stream().max(java.util.Comparator.comparingDouble(BenchReport.Contender::gflops)).orElse(null);
        if (blas != null) {
            steps.log().accept("   OpenBLAS kernels on " + Device.localCpu().identity() + " (" + vectorExtensions() + "): "
                    + kernels.stream().map(k -> k.environment() + " → " + (k.core() == null ? "no answer" : k.core())
                    + (k.note() == null ? "" : " (" + k.note() + ")")).collect(Collectors.joining("; ")));
            steps.log().accept("   ran: " + contenders.subList(0, blasCount).stream().map(BenchReport.Contender::kernel).collect(Collectors.joining(", "))
                    + (bestBlas == null ? "; none ran" : String.format(java.util.Locale.ROOT, "; best: %s kernels at %.1f GFLOP/s", bestBlas.kernel(), bestBlas.gflops())));
        }
        int nameWidth = contenders.stream().mapToInt(c -> c.name().length()).max().orElse(1);
        for (var c : contenders) {
            String ofBlas = bestBlas != null ? String.format(java.util.Locale.ROOT, "%5.1f%% of the best OpenBLAS", 100 * c.gflops() / bestBlas.gflops())
                    : "   (no OpenBLAS)          ";
            steps.log().accept(String.format(java.util.Locale.ROOT, "   %-" + nameWidth + "s %6.1f GFLOP/s  %s  %5.1f%% of peak%s", c.name(), c.gflops(),
                    ofBlas, fmaPeak > 0 ? 100 * c.gflops() / fmaPeak : 0, c.environment() == null ? "" : "  [" + c.environment() + "]"));
        }
        return new BenchReport.Baseline(rounds, peak, contenders, kernels, bestBlas == null ? null : bestBlas.kernel());
    }

    /** OpenBLAS's own pick and the cores named in {@link #BLAS_CORES}: what each environment resolves to, and whether it runs here. */
    private record BlasKernel(BaselineCandidate candidate, LibraryCore core, Map<String, String> environment,
                              String error, List<BenchReport.BlasKernel> asked) {
        boolean runs() {
            return core != null && error == null;
        }
    }

    /** The cores OpenBLAS is asked for besides its own pick: AVX2 (Haswell, Zen) and AVX-512 (SkylakeX, Cooperlake). */
    private static final List<String> BLAS_CORES = List.of("Haswell", "Zen", "SkylakeX", "Cooperlake");

    /**
     * Asks the OpenBLAS program which core each environment resolves to (its own pick as the
     * environment is, with the overrides unset when some are set, and each of {@link #BLAS_CORES}),
     * measures nothing twice (environments resolving to one core are one candidate), and tries each
     * candidate once on a small product: a core this CPU cannot run is left out, saying why.
     */
    private List<BlasKernel> blasKernels(Path blas, MeasureSettings settings) throws Exception {
        var environments = new ArrayList<Map<String, String>>();
        environments.add(Map.of());
        if (System.getenv("OPENBLAS_CORETYPE") != null || System.getenv("OPENBLAS_L2_SIZE") != null) {
            var unset = new HashMap<String, String>();
            unset.put("OPENBLAS_CORETYPE", null);
            unset.put("OPENBLAS_L2_SIZE", null);
            environments.add(unset);
        }
        for (String core : BLAS_CORES) environments.add(Map.of(BaselineCandidate.CORE_VARIABLE, core));
        var cores = new ArrayList<Optional<LibraryCore>>();
        var asked = new ArrayList<BenchReport.BlasKernel>();
        for (var environment : environments) {
            var env = new HashMap<>(environment);
            env.put("OPENBLAS_NUM_THREADS", "1");
            env.put("TW_DESCRIBE_LIBRARY", "1");
            Path out = steps.workDir().resolve("out-library");
            try {
                RunOutcome outcome = new DeviceRunner().run(blas, out, settings, new ChildProcess(), env);
                cores.add(outcome instanceof RunOutcome.Measured m ? Optional.ofNullable(m.timing().library()) : Optional.empty());
            } finally {
                WorkFolders.deleteQuietly(out);
            }
        }
        var kernels = new ArrayList<BlasKernel>();
        for (BaselineCandidate candidate : BaselineCandidate.group(environments, cores)) {
            var env = new HashMap<>(candidate.measuredIn());
            env.put("OPENBLAS_NUM_THREADS", "1");
            String error = null;
            if (candidate.core() != null) {
                Path out = steps.workDir().resolve("out-library-try");
                try {
                    RunOutcome tried = new DeviceRunner().run(blas, out, settings.withWarmupMs(0).withRepeat(1).withMinSampleMs(0), new ChildProcess(), env);
                    if (!(tried instanceof RunOutcome.Measured)) error = "cannot run here: " + switch (tried) {
                        case RunOutcome.Crashed c -> c.description();
                        case RunOutcome.TimedOut t -> "did not finish within " + t.limit().toSeconds() + " s";
                        default -> tried.getClass().getSimpleName();
                    };
                } finally {
                    WorkFolders.deleteQuietly(out);
                }
            }
            var reports = new ArrayList<BenchReport.BlasKernel>();
            for (var environment : candidate.environments()) {
                String name = Baseline.describe(environment);
                String core = candidate.core() == null ? null : candidate.core().core();
                String fellBack = core != null && environment.get(BaselineCandidate.CORE_VARIABLE) != null
                        && !environment.get(BaselineCandidate.CORE_VARIABLE).equalsIgnoreCase(core) ? "fell back" : null;
                reports.add(new BenchReport.BlasKernel(name.isEmpty() ? "as set" : name, core, fellBack == null ? error
                        : error == null ? fellBack : fellBack + "; " + error));
            }
            kernels.add(new BlasKernel(candidate, candidate.core(), env, error, reports));
        }
        return kernels;
    }

    /** The vector extensions /proc/cpuinfo lists, for the reader of the kernels OpenBLAS chose. */
    private static String vectorExtensions() {
        var flags = BenchSteps.cpuFlags();
        if (flags.isEmpty()) return "vector extensions unknown";
        return (flags.contains("avx2") ? "AVX2" : "no AVX2") + ", " + (flags.contains("avx512f") ? "AVX-512" : "no AVX-512")
                + (flags.contains("avx512_bf16") ? " with BF16" : "");
    }

    private Path blasProgram(Project tiling, Path cache) throws Exception {
        Path dir = steps.workDir().resolve("blas");
        Files.createDirectories(dir);
        Path kernel = dir.resolve("blas_sgemm.c");
        Files.writeString(kernel, BenchSteps.resource("blas_sgemm.c"));
        Project blas = new Project(dir.resolve("project.toml"), "openblas", new Kernel(kernel, tiling.kernel().language(), "sgemm_blas", false),
                tiling.inputs(), tiling.work(), new CheckSettings(new Golden.None(), tiling.check().tolerance()),
                new BuildSettings(BLAS_BUILD, tiling.build().timeout()), tiling.measure(), Candidates.listed(List.of()), SearchSettings.DEFAULT,
                DeviceSettings.HOST, List.of(), Optional.empty());
        return steps.build(blas, Files.readString(kernel), cache);
    }

    static String describeOpenBlasEnvironment() {
        String core = System.getenv("OPENBLAS_CORETYPE");
        String l2 = System.getenv("OPENBLAS_L2_SIZE");
        if (core == null && l2 == null) return "neither OPENBLAS_CORETYPE nor OPENBLAS_L2_SIZE is set here";
        return "OPENBLAS_CORETYPE=" + (core == null ? "(unset)" : core) + " OPENBLAS_L2_SIZE=" + (l2 == null ? "(unset)" : l2);
    }
}
