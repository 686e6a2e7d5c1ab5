package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.verify.Verification;
import org.tuningworkbench.fixtures.ProjectToml;
import org.tuningworkbench.tiers.IntegrationTest;

/** numpy's input forms as the launcher fills them: copy(x) equals x, arange counts, normal(mean, std) has that mean and spread. */
@org.junit.jupiter.api.Timeout(300)
@IntegrationTest
class InputFormsTest {

    @TempDir
    Path dir;

    private static final String KERNEL = """
            #include <math.h>
            void stats(int n, const float *x, const float *x_copy, const float *index, const float *g, float *y) {
                double diff = 0, count = 0, sum = 0, squares = 0;
                for (int i = 0; i < n; i++) {
                    diff += fabs(x[i] - x_copy[i]);
                    count += fabs(index[i] - i);
                    sum += g[i];
                }
                for (int i = 0; i < n; i++) squares += (g[i] - sum / n) * (g[i] - sum / n);
                y[0] = diff; y[1] = count; y[2] = sum / n; y[3] = sqrt(squares / n);
                y[4] = 1; // tunable: Unroll
            }
            void expected(int n, const float *x, const float *x_copy, const float *index, const float *g, float *y) {
                y[0] = 0; y[1] = 0; y[2] = 3; y[3] = 0.5f; y[4] = 1;
            }
            """;

    @Test
    void copyArangeAndNormalFillTheBuffersAsNumpyWould() throws Exception {
        Files.writeString(dir.resolve("stats.c"), KERNEL);
        Path projectFile = ProjectToml.kernel("stats.c", "stats").size("n", 200000).scalar("n", "int", "n").input("x", "f32[n]", "random(-1, 1)")
                .input("x_copy", "f32[n]", "copy(x)").input("index", "f32[n]", "arange").input("g", "f32[n]", "normal(3, 0.5)").output("y", "f32[5]")
                .goldenFunction("expected").set("atol", 0.01).table("measure").set("repeat", 1).set("warmup_ms", 0).set("min_sample_ms", 0)
                .config(Map.of("Unroll", "y[4] = 1;")).write(dir);
        var project = ProjectFile.load(projectFile);
        List<TuningRecord> records;
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            records = new Tuner(project, TuneOptions.defaults(dir.resolve("cache"))).run(file, e -> { });
        }
        assertThat(records).singleElement().satisfies(r -> {
            assertThat(r.status()).as(r.error()).isEqualTo(Status.OK);
            assertThat(r.verification().status()).isEqualTo(Verification.Status.PASS);
        });
    }
}
