package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.cli.Cli;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.verify.Verification;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** A project's baseline is measured and verified like a config, recorded as config 0, and resumed like one. */
@IntegrationTest
class BaselineTest {

    @TempDir
    Path dir;

    private Path project() throws Exception {
        String text = TestProject.scaleProject(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];"))
                + "\n[baseline]\nlabel = \"plain loop\"\nfunction = \"scale_reference\"\nflags = \"-DUNUSED_FLAG=1\"\n";
        return TestProject.write(dir, text, "scale.c", TestProject.SCALE_KERNEL);
    }

    @Test
    void theBaselineIsMeasuredVerifiedAndRecordedBeforeTheConfigs() throws Exception {
        Path projectFile = project();
        var events = new ArrayList<TuningEvent>();
        try (RecordFile file = RecordFile.open(dir.resolve("r.jsonl"))) {
            var results = new Tuner(ProjectFile.load(projectFile), TuneOptions.defaults(dir.resolve("cache"))).run(file, events::add);
            assertThat(results).extracting(TuningRecord::trial).containsExactly(1);
        }
        var baseline = events.stream().filter(e -> e instanceof TuningEvent.BaselineMeasured).map(e -> (TuningEvent.BaselineMeasured) e)
                .findFirst().orElseThrow();
        assertThat(events.indexOf(baseline)).isLessThan(events.indexOf(events.stream().filter(e -> e instanceof TuningEvent.Finished).findFirst().orElseThrow()));
        TuningRecord record = baseline.record();
        assertThat(record.baseline()).isEqualTo("plain loop");
        assertThat(record.trial()).isZero();
        assertThat(record.status()).isEqualTo(Status.OK);
        assertThat(record.verification().status()).isEqualTo(Verification.Status.PASS);
        assertThat(record.samplesUs()).hasSize(3);
        assertThat(RecordFile.read(dir.resolve("r.jsonl"))).hasSize(2).first().satisfies(r -> assertThat(r.baseline()).isEqualTo("plain loop"));

        var again = new ArrayList<TuningEvent>();
        try (RecordFile file = RecordFile.open(dir.resolve("r.jsonl"))) {
            new Tuner(ProjectFile.load(projectFile), TuneOptions.defaults(dir.resolve("cache"))).run(file, again::add);
        }
        assertThat(again).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(TuningEvent.BaselineMeasured.class, b -> assertThat(b.resumed()).isTrue()));
        assertThat(RecordFile.read(dir.resolve("r.jsonl"))).hasSize(2);
    }

    @Test
    void theCommandLinePrintsTheBaselineAndRanksItInTheTable() throws Exception {
        Path projectFile = project();
        var out = new StringWriter();
        int code = Cli.execute(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true),
                "tune", "--cache-dir=" + dir.resolve("cache"), projectFile.toString());
        assertThat(code).isZero();
        assertThat(out.toString()).containsPattern("(?m)^Baseline: [0-9.]+ (µs|ms), plain loop$")
                .containsPattern("(?m)^  baseline +[0-9.]+ (µs|ms) .*%.* plain loop$")
                .contains("Best config: No.1");
    }

    @Test
    void aBaselineWhoseLibraryIsNotInstalledIsSkippedWithWhatToInstallAndTheConfigsStillRun() throws Exception {
        Files.writeString(dir.resolve("blas.c"), "#include <tw_test_not_installed/cblas.h>\nvoid sgemm_blas(int n, const float *x, float *y) { }\n");
        String text = TestProject.scaleProject(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];"))
                + "\n[baseline]\nlabel = \"OpenBLAS\"\nfunction = \"sgemm_blas\"\nsource = \"blas.c\"\nflags = \"-lopenblas\"\n";
        Path projectFile = TestProject.write(dir, text, "scale.c", TestProject.SCALE_KERNEL);
        var out = new StringWriter();
        var err = new StringWriter();
        int code = Cli.execute(new PrintWriter(out, true), new PrintWriter(err, true),
                "tune", "--cache-dir=" + dir.resolve("cache"), "--records=" + dir.resolve("r.jsonl"), projectFile.toString());
        assertThat(code).isZero();
        assertThat(err.toString()).containsOnlyOnce("Baseline skipped (OpenBLAS): OpenBLAS is not installed (cblas.h: No such file or directory): "
                + "sudo apt-get install libopenblas-dev");
        assertThat(out.toString()).startsWith("No.1: ").doesNotContain("Baseline").doesNotContain("compile error");
        assertThat(RecordFile.read(dir.resolve("r.jsonl"))).singleElement().satisfies(r -> assertThat(r.baseline()).isNull());
        assertThat(org.tuningworkbench.engine.build.MissingPackage.in("/usr/bin/ld: cannot find -lopenblas: No such file or directory"))
                .hasValueSatisfying(m -> assertThat(m.debianPackage()).isEqualTo("libopenblas-dev"));
        assertThat(org.tuningworkbench.engine.build.MissingPackage.in("k.c:3:1: error: expected ';'")).isEmpty();
    }

    @Test
    void aBaselineWithEnvironmentsIsTheBestOfThemAndNamesIt() throws Exception {
        Files.writeString(dir.resolve("baseline.c"), """
                #include <stdlib.h>
                void scale_env(int n, const float *x, float *y) {
                    int reps = getenv("TW_TEST_SLOW") ? 40 : 1;
                    for (int r = 0; r < reps; r++)
                        for (int i = 0; i < n; i++) y[i] = ((volatile const float *) x)[i] * 2.0f;
                }
                """);
        String text = TestProject.scaleProject(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];"))
                + "\n[baseline]\nlabel = \"env loop\"\nsource = \"baseline.c\"\nfunction = \"scale_env\"\n"
                + "environments = [{TW_TEST_SLOW = \"1\"}, {TW_TEST_MODE = \"fast\"}]\n";
        Path projectFile = TestProject.write(dir, text, "scale.c", TestProject.SCALE_KERNEL);
        var events = new ArrayList<TuningEvent>();
        try (RecordFile file = RecordFile.open(dir.resolve("r.jsonl"))) {
            new Tuner(ProjectFile.load(projectFile), TuneOptions.defaults(dir.resolve("cache"))).run(file, events::add);
        }
        var measured = events.stream().filter(e -> e instanceof TuningEvent.BaselineMeasured).map(e -> (TuningEvent.BaselineMeasured) e)
                .findFirst().orElseThrow();
        TuningRecord baseline = measured.record();
        assertThat(baseline.ok()).isTrue();
        assertThat(baseline.baseline()).isEqualTo("env loop [TW_TEST_MODE=fast]");
        assertThat(measured.log()).contains("TW_TEST_SLOW=1: ", "TW_TEST_MODE=fast: ");
    }

    /** The CPU feature flags OpenBLAS's kernels for a core need, as /proc/cpuinfo names them; a core not listed needs nothing checked here. */
    private static final java.util.Map<String, java.util.List<String>> CORE_NEEDS = java.util.Map.of(
            "Haswell", java.util.List.of("avx2", "fma"), "Zen", java.util.List.of("avx2", "fma"),
            "SkylakeX", java.util.List.of("avx512f", "avx512bw", "avx512dq", "avx512vl"),
            "Cooperlake", java.util.List.of("avx512f", "avx512bw", "avx512dq", "avx512vl", "avx512_bf16"),
            "SapphireRapids", java.util.List.of("avx512f", "avx512_bf16", "amx_tile"));

    @Test
    void anOpenBlasBaselineIsNamedByTheKernelsThatRanOnThisCpuNotByTheCoreItAskedFor() throws Exception {
        Files.writeString(dir.resolve("blas.c"), """
                #include <cblas.h>
                void scale_blas(int n, const float *x, float *y) {
                    openblas_set_num_threads(1);
                    cblas_scopy(n, x, 1, y, 1);
                    cblas_sscal(n, 2.0f, y, 1);
                }
                """);
        String text = TestProject.scaleProject(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];"))
                + "\n[baseline]\nlabel = \"OpenBLAS sscal\"\nsource = \"blas.c\"\nfunction = \"scale_blas\"\nflags = \"-lopenblas\"\n"
                + "environments = [{OPENBLAS_CORETYPE = \"Cooperlake\"}, {}]\n";
        Path projectFile = TestProject.write(dir, text, "scale.c", TestProject.SCALE_KERNEL);
        var events = new ArrayList<TuningEvent>();
        try (RecordFile file = RecordFile.open(dir.resolve("r.jsonl"))) {
            new Tuner(ProjectFile.load(projectFile), TuneOptions.defaults(dir.resolve("cache"))).run(file, events::add);
        }
        org.junit.jupiter.api.Assumptions.assumeFalse(events.stream().anyMatch(e -> e instanceof TuningEvent.BaselineSkipped),
                "OpenBLAS is not installed here");
        var measured = events.stream().filter(e -> e instanceof TuningEvent.BaselineMeasured).map(e -> (TuningEvent.BaselineMeasured) e)
                .findFirst().orElseThrow();
        TuningRecord baseline = measured.record();
        assertThat(baseline.ok()).isTrue();
        assertThat(baseline.library()).as("the kernels OpenBLAS reported").isNotNull();
        String core = baseline.library().core();

        // What this machine can run, read from it: the recorded core's kernels must be among them.
        java.util.Set<String> flags = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("flags"))
                .findFirst().map(l -> java.util.Set.of(l.substring(l.indexOf(':') + 1).strip().split("\\s+"))).orElseThrow();
        assertThat(flags).as("the CPU flags the " + core + " kernels need").containsAll(CORE_NEEDS.getOrDefault(core, java.util.List.of()));
        if (!flags.contains("avx512f")) assertThat(core).isNotIn("SkylakeX", "Cooperlake", "SapphireRapids");

        assertThat(baseline.baseline()).isEqualTo("OpenBLAS sscal [" + core + " kernels]");
        assertThat(baseline.library().environments()).isNotEmpty().isSubsetOf("OPENBLAS_CORETYPE=Cooperlake", "");
        if (baseline.library().environments().contains("OPENBLAS_CORETYPE=Cooperlake") && !core.equals("Cooperlake")) {
            assertThat(baseline.baselineDescription()).contains("OPENBLAS_CORETYPE=Cooperlake (fell back to " + core + ")");
        }
        // One measurement for each distinct core: the two environments are one candidate when they resolve alike.
        long candidates = measured.log().lines().filter(l -> l.matches("\\S+ kernels(, chosen [^:]*)?: .*")).count();
        assertThat(candidates).isBetween(1L, 2L);
        if (baseline.library().environments().size() == 2) assertThat(candidates).isEqualTo(1);
        assertThat(RecordFile.read(dir.resolve("r.jsonl"))).filteredOn(r -> r.baseline() != null).singleElement()
                .satisfies(r -> assertThat(r.library()).isEqualTo(baseline.library()));
    }
}
