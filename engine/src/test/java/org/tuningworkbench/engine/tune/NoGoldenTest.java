package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.verify.Verification;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** A project without [golden] is measured, but its results are recorded as not verified, never as matching. */
@IntegrationTest
class NoGoldenTest {

    @TempDir
    Path dir;

    @Test
    void aProjectWithoutGoldenRecordsVerificationNone() throws Exception {
        String text = TestProject.scaleProject(config("Body", "for (int i = 0; i < n; i++) y[i] = 3.0f * x[i];"))
                .replaceAll("(?s)\\[golden\\].*?\\n\\n", "");
        assertThat(text).doesNotContain("[golden]");
        var project = ProjectFile.load(TestProject.write(dir, text, "scale.c", TestProject.SCALE_KERNEL));
        List<TuningRecord> records;
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            records = new Tuner(project, TuneOptions.defaults(dir.resolve("cache"))).run(file, e -> { });
        }
        TuningRecord record = records.getFirst();
        assertThat(record.status()).isEqualTo(Status.OK);
        assertThat(record.verification().status()).isEqualTo(Verification.Status.NONE);
        assertThat(record.verification().summary()).startsWith("not verified");
        assertThat(RecordFile.read(dir.resolve("records.jsonl")).getFirst().verification().status()).isEqualTo(Verification.Status.NONE);
    }
}
