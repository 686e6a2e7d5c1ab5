package org.tuningworkbench.engine.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** Two runs at once on one project and one cache build the same variants: none may be recorded as a compile error. */
@IntegrationTest
class ConcurrentRunsTest {

    @TempDir
    Path dir;

    @RepeatedTest(2)
    void twoRunsAtOnceRecordNoFalseCompileErrors() throws Exception {
        var configs = new StringBuilder();
        for (int c = 1; c <= 8; c++) configs.append(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * 2.0f + 0.0f * " + c + ";"));
        Project project = ProjectFile.load(TestProject.write(dir, TestProject.scaleProject(configs.toString()), "scale.c", TestProject.SCALE_KERNEL));
        // Every build is asked for ahead, so both runs build the same variants at the same moments.
        TuneOptions options = TuneOptions.defaults(dir.resolve("cache")).toBuilder().lookahead(8).buildThreads(2).build();
        var pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<List<TuningRecord>>> runs = List.of(pool.submit(run(project, options, "a.jsonl")), pool.submit(run(project, options, "b.jsonl")));
            for (var run : runs) {
                assertThat(run.get(180, TimeUnit.SECONDS)).hasSize(8)
                        .allSatisfy(r -> assertThat(r.status()).as("%s: %s", r.config(), r.error()).isEqualTo(Status.OK));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private Callable<List<TuningRecord>> run(Project project, TuneOptions options, String records) {
        return () -> {
            try (RecordFile file = RecordFile.open(dir.resolve(records))) {
                return new Tuner(project, options).run(file, e -> { });
            }
        };
    }
}
