package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.process.ProcessMarker;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.testing.ListedOrder;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/**
 * The fault grid: every hostile kernel in one run. Each is isolated and named by its status, the
 * good configs around them are measured, and no process the run started is left (checked in the
 * process table through the marker every child carries).
 */
@IntegrationTest
class FaultGridTest {

    /** The number of faulty configs below; the "Reliability" figures of docs/testing.md quote it. */
    static final int FAULTS = 11;

    @TempDir
    Path dir;

    @Test
    void everyFaultIsIsolatedAndNamedTheRestMeasuredAndNothingLeftRunning() throws Exception {
        String configs = config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];")
                + config("Body", "for (int i = 0; i < n; i++) y[i] = 2.0f * undefined_name[i];")
                + config("Body", "{ volatile int *p = (volatile int *)(size_t)(n - n); *p = 1; }")
                + config("Body", "abort();")
                + config("Body", "{ volatile int spin = 1; while (spin) { } }")
                + config("Body", "for (int i = 0; i < n; i++) y[i] = 3.0f * x[i];")
                + config("Body", "{ volatile float zero = 0.0f; for (int i = 0; i < n; i++) y[i] = zero / zero; }")
                + config("Body", "{ for (int i = 0; i < n; i++) y[i] = 2.0f * x[i]; y[n + 1024] = 1.0f; }")
                + config("Body", "for (;;) { char *p = malloc(1 << 20); memset(p, 1, 1 << 20); y[0] += p[7]; }")
                + config("Body", "{ static int said; if (!said) { said = 1; char line[1025]; memset(line, '.', 1024); line[1024] = 0;"
                        + " for (int r = 0; r < 100 * 1024; r++) fputs(line, stderr); } for (int i = 0; i < n; i++) y[i] = 2.0f * x[i]; }")
                + config("Body", "{ static int forked; if (!forked) { forked = 1; if (fork() == 0) { for (;;) pause(); } }"
                        + " for (int i = 0; i < n; i++) y[i] = 2.0f * x[i]; }")
                + config("Body", "{ signal(SIGTERM, SIG_IGN); volatile int spin = 1; while (spin) { } }")
                + config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * 2.0f;");
        String projectText = TestProject.scaleProject(configs).replace("timeout_s = 3", "timeout_s = 2\nmemory_limit_mb = 256");
        var project = ProjectFile.load(TestProject.write(dir, projectText, "scale.c", TestProject.SCALE_KERNEL));
        List<TuningRecord> records;
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            records = ListedOrder.of(project, new Tuner(project, TuneOptions.defaults(dir.resolve("cache"))).run(file, e -> { }));
        }

        assertThat(records).extracting(TuningRecord::status).containsExactly(
                Status.OK, Status.COMPILE_ERROR, Status.CRASH, Status.CRASH, Status.TIMEOUT, Status.WRONG_RESULT, Status.WRONG_RESULT,
                Status.OUT_OF_BOUNDS, Status.OUT_OF_MEMORY, Status.OK, Status.OK, Status.TIMEOUT, Status.OK);
        assertThat(records.stream().filter(r -> r.status() != Status.OK)).hasSize(FAULTS - 2);
        assertThat(records.get(2).error()).contains("SIGSEGV");
        assertThat(records.get(3).error()).contains("SIGABRT");
        assertThat(records.get(6).error()).contains("y[0] is NaN");
        assertThat(records.get(7).error()).contains("buffer `y`");
        assertThat(records.get(9).log()).startsWith("…").hasSizeLessThan(4100);
        assertThat(records.get(11).error()).contains("did not finish within 2 s");
        assertThat(records).filteredOn(TuningRecord::ok).allSatisfy(r -> assertThat(r.medianUs()).isPositive());

        // The forked child and the program ignoring SIGTERM were ended with their runs.
        long deadline = System.nanoTime() + Duration.ofSeconds(3).toNanos();
        while (!ProcessMarker.startedBy(ProcessHandle.current().pid()).isEmpty() && System.nanoTime() < deadline) Thread.sleep(20);
        assertThat(ProcessMarker.startedBy(ProcessHandle.current().pid())).as("processes left by the run").isEmpty();
    }
}
