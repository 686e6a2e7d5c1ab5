package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.engine.testing.TestProject.config;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.run.Racing;
import org.tuningworkbench.engine.testing.TestProject;

/** A config clearly slower than the best so far stops sampling; the contenders get every sample. */
class RacingTest {

    @TempDir
    Path dir;

    private static final String FAST = "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];";
    /** The same result, computed forty times over: far slower than the fast one. */
    private static final String SLOW = "for (int r = 0; r < 40; r++) for (int i = 0; i < n; i++) y[i] = 2.0f * ((volatile const float *) x)[i];";

    private List<TuningRecord> tune(Racing racing) throws Exception {
        String text = TestProject.scaleProject(config("Body", FAST) + config("Body", SLOW)).replace("repeat = 3", "repeat = 9");
        Project project = ProjectFile.load(TestProject.write(dir, text, "scale.c", TestProject.SCALE_KERNEL));
        try (RecordFile file = RecordFile.open(dir.resolve("records-" + racing.enabled() + ".jsonl"))) {
            return new Tuner(project, TuneOptions.defaults().withCacheDir(dir.resolve("cache")).withResume(false).withRacing(racing))
                    .run(file, e -> { });
        }
    }

    @Test
    void aClearlySlowerConfigStopsAfterTheFirstSamplesAndSaysWhy() throws Exception {
        List<TuningRecord> raced = tune(Racing.DEFAULT);
        assertThat(raced.get(0).samplesUs()).hasSize(9);
        assertThat(raced.get(0).timing().stopped()).isNull();
        assertThat(raced.get(1).ok()).isTrue();
        assertThat(raced.get(1).samplesUs()).hasSize(3);
        assertThat(raced.get(1).timing().stopped()).isEqualTo("raced out: slower than 1.30× the best after 3 samples");
        assertThat(raced.get(1).medianUs()).isGreaterThan(1.3 * raced.get(0).medianUs());

        List<TuningRecord> full = tune(Racing.OFF);
        assertThat(full).allSatisfy(r -> assertThat(r.samplesUs()).hasSize(9));
    }
}
