package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.engine.testing.TestProject.config;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.cli.Cli;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.testing.TestProject;
import org.tuningworkbench.engine.verify.Verification;

/** A project's baseline is measured and verified like a config, recorded as config 0, and resumed like one. */
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
            var results = new Tuner(ProjectFile.load(projectFile), TuneOptions.defaults().withCacheDir(dir.resolve("cache"))).run(file, events::add);
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
            new Tuner(ProjectFile.load(projectFile), TuneOptions.defaults().withCacheDir(dir.resolve("cache"))).run(file, again::add);
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
        assertThat(out.toString()).containsPattern("(?m)^Baseline: [0-9.]+(μs|ms), plain loop$")
                .containsPattern("(?m)^  baseline +[0-9.]+(μs|ms) .*% +plain loop$")
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
            new Tuner(ProjectFile.load(projectFile), TuneOptions.defaults().withCacheDir(dir.resolve("cache"))).run(file, events::add);
        }
        var measured = events.stream().filter(e -> e instanceof TuningEvent.BaselineMeasured).map(e -> (TuningEvent.BaselineMeasured) e)
                .findFirst().orElseThrow();
        TuningRecord baseline = measured.record();
        assertThat(baseline.ok()).isTrue();
        assertThat(baseline.baseline()).isEqualTo("env loop [TW_TEST_MODE=fast]");
        assertThat(measured.log()).contains("TW_TEST_SLOW=1: ", "TW_TEST_MODE=fast: ");
    }
}
