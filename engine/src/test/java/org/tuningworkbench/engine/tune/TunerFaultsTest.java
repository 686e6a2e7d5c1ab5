package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.build.Diagnostic;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.testing.ListedOrder;
import org.tuningworkbench.engine.verify.Verification;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/**
 * One run holding every kind of faulty config: each ends with its own status, and the good ones are still measured.
 * Racing is off so every measured config takes all its samples (two of these configs run the same loop, and either may
 * race the other out).
 */
@IntegrationTest
class TunerFaultsTest {

    @TempDir
    Path dir;

    @Test
    void everyFaultGetsItsStatusAndTheGoodConfigsAreStillMeasured() throws Exception {
        String configs = config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];")
                + config("Body", "for (int i = 0; i < n; i++) y[i] = 2.0f * undefined_name[i];")
                + config("Body", "{ volatile int *p = (volatile int *)(size_t)(n - n); *p = 1; }")
                + config("Body", "{ volatile int spin = 1; while (spin) { } }")
                + config("Body", "for (int i = 0; i < n; i++) y[i] = 3.0f * x[i];")
                + config("Bogus", "1")
                + config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * 2.0f;");
        Path projectFile = TestProject.write(dir, TestProject.scaleProject(configs), "scale.c", TestProject.SCALE_KERNEL);
        var project = ProjectFile.load(projectFile);
        var events = new ArrayList<TuningEvent>();
        List<TuningRecord> records;
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            records = ListedOrder.of(project,
                    new Tuner(project, TuneOptions.defaults(dir.resolve("cache")).toBuilder().racing(Racing.OFF).build()).run(file, events::add));
        }

        assertThat(records).extracting(TuningRecord::status).containsExactly(
                Status.OK, Status.COMPILE_ERROR, Status.CRASH, Status.TIMEOUT, Status.WRONG_RESULT, Status.INVALID_CONFIG, Status.OK);

        TuningRecord compileError = records.get(1);
        assertThat(compileError.error()).startsWith("scale.c:3:").contains("undefined_name");
        assertThat(compileError.diagnostics()).anySatisfy(d -> {
            assertThat(d.inKernel()).isTrue();
            assertThat(d.line()).isEqualTo(3);
            assertThat(d.severity()).isEqualTo(Diagnostic.Severity.ERROR);
        });

        TuningRecord crash = records.get(2);
        assertThat(crash.signal()).isEqualTo(11);
        assertThat(crash.error()).contains("SIGSEGV");

        assertThat(records.get(3).error()).contains("did not finish within 3 s");

        TuningRecord wrong = records.get(4);
        assertThat(wrong.verification().status()).isEqualTo(Verification.Status.FAIL);
        assertThat(wrong.verification().mismatches()).isPositive();
        assertThat(wrong.verification().firstMismatch()).isGreaterThanOrEqualTo(0);
        assertThat(wrong.error()).contains("out of tolerance");
        assertThat(wrong.samplesUs()).hasSize(3);

        assertThat(records.get(5).error()).contains("{Bogus=1}").contains("`Bogus`");

        for (TuningRecord ok : List.of(records.get(0), records.get(6))) {
            assertThat(ok.samplesUs()).hasSize(3).allSatisfy(s -> assertThat(s).isPositive());
            assertThat(ok.medianUs()).isPositive();
            assertThat(ok.verification().status()).isEqualTo(Verification.Status.PASS);
            assertThat(ok.gflops()).isPositive();
        }
        assertThat(RecordFile.read(dir.resolve("records.jsonl"))).hasSize(7);
        assertThat(events.getLast()).isInstanceOfSatisfying(TuningEvent.Completed.class, c -> assertThat(c.stopped()).isFalse());
    }
}
