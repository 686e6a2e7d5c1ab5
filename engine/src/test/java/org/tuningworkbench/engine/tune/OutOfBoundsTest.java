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
import org.tuningworkbench.engine.testing.ListedOrder;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** A kernel that writes outside its buffers is caught by the guard zones and named, not recorded ok. */
@IntegrationTest
class OutOfBoundsTest {

    @TempDir
    Path dir;

    @Test
    void writesPastAnOutputOrBeforeAnInputAreOutOfBoundsNamingBufferAndOffset() throws Exception {
        String configs = config("Body", "{ for (int i = 0; i < n; i++) y[i] = 2.0f * x[i]; y[n + 1024] = 1.0f; }")
                + config("Body", "{ for (int i = 0; i < n; i++) y[i] = 2.0f * x[i]; ((float *)x)[-1] = 0.0f; }")
                + config("Body", "{ for (int i = 0; i < n; i++) y[i] = 2.0f * x[i]; y[n] = 0.0f; }")
                + config("Body", "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];");
        var project = ProjectFile.load(TestProject.write(dir, TestProject.scaleProject(configs), "scale.c", TestProject.SCALE_KERNEL));
        List<TuningRecord> records;
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            records = ListedOrder.of(project, new Tuner(project, TuneOptions.defaults(dir.resolve("cache"))).run(file, e -> { }));
        }
        assertThat(records).extracting(TuningRecord::status)
                .containsExactly(Status.OUT_OF_BOUNDS, Status.OUT_OF_BOUNDS, Status.OUT_OF_BOUNDS, Status.OK);
        assertThat(records.get(0).error()).contains("buffer `y` (16384 bytes)").contains("offsets 20480 to 20483").contains("past its end");
        assertThat(records.get(1).error()).contains("buffer `x` (16384 bytes)").contains("offsets -4 to -1").contains("before its start");
        assertThat(records.get(2).error()).contains("buffer `y`").contains("offsets 16384 to 16387");
        assertThat(RecordFile.read(dir.resolve("records.jsonl"))).extracting(TuningRecord::status).contains(Status.OUT_OF_BOUNDS);
    }

    @Test
    void writesThatJumpPastTheGuardZonesFaultInTheFencesAndAreOutOfBoundsToo() throws Exception {
        // 32 KiB past the end of a 16 KiB output, 32 KiB before an input: past the 16 KiB zones, into the fences beyond them.
        String configs = config("Body", "{ for (int i = 0; i < n; i++) y[i] = 2.0f * x[i]; y[n + 8192] = 1.0f; }")
                + config("Body", "{ for (int i = 0; i < n; i++) y[i] = 2.0f * x[i]; ((float *)x)[-8192] = 0.0f; }")
                // A read as far past the input's end: said to be a read, not a write.
                + config("Body", "{ volatile float past = x[n + 8192]; for (int i = 0; i < n; i++) y[i] = 2.0f * x[i] + 0.0f * past; }")
                + config("Body", "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];");
        var project = ProjectFile.load(TestProject.write(dir, TestProject.scaleProject(configs), "scale.c", TestProject.SCALE_KERNEL));
        List<TuningRecord> records;
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            records = ListedOrder.of(project, new Tuner(project, TuneOptions.defaults(dir.resolve("cache"))).run(file, e -> { }));
        }
        assertThat(records).extracting(TuningRecord::status).containsExactly(Status.OUT_OF_BOUNDS, Status.OUT_OF_BOUNDS, Status.OUT_OF_BOUNDS, Status.OK);
        assertThat(records.get(0).error()).contains("wrote outside buffer `y` (16384 bytes)").contains("byte offset 49152, past its end");
        assertThat(records.get(1).error()).contains("wrote outside buffer `x` (16384 bytes)").contains("byte offset -32768, before its start");
        assertThat(records.get(2).error()).contains("read outside buffer `x` (16384 bytes)").contains("byte offset 49152, past its end");
    }
}
