package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/**
 * Resume trusts a record only when everything that decided it is unchanged: moving the project keeps
 * its records; editing a header the kernel includes, the reference source or an input file
 * measures again, and the header's edit rebuilds.
 */
@IntegrationTest
class RecordIdentityTest {

    @TempDir
    Path dir;

    private static final String KERNEL = """
            #include "coef.h"
            void scale(int n, const float *x, float *y) {
                for (int i = 0; i < n; i++) y[i] = COEF * x[i]; // tunable: Body
            }
            """;

    private static final String REFERENCE = """
            #include "coef.h"
            void scale_reference(int n, const float *x, float *y) {
                for (int i = 0; i < n; i++) y[i] = x[i] * COEF;
            }
            """;

    private Path project(Path folder) throws Exception {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("coef.h"), "#define COEF 2.0f\n");
        Files.writeString(folder.resolve("reference.c"), REFERENCE);
        String text = TestProject.scaleProject(TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * COEF;"))
                .replace("function = \"scale_reference\"", "source = \"reference.c\"\nfunction = \"scale_reference\"");
        return TestProject.write(folder, text, "scale.c", KERNEL);
    }

    /** Tunes; returns whether each config came from the record file, and whether its build came from the cache. */
    private record Outcome(List<Boolean> resumed, List<Boolean> cached) {}

    private Outcome tune(Path projectFile) throws Exception {
        var resumed = new ArrayList<Boolean>();
        var cached = new ArrayList<Boolean>();
        try (RecordFile file = RecordFile.open(projectFile.resolveSibling("records.jsonl"))) {
            new Tuner(ProjectFile.load(projectFile), TuneOptions.defaults(dir.resolve("cache"))).run(file, e -> {
                if (e instanceof TuningEvent.Finished f) {
                    resumed.add(f.resumed());
                    cached.add(f.record().buildCached());
                }
            });
        }
        return new Outcome(resumed, cached);
    }

    @Test
    void aMovedProjectKeepsItsRecords() throws Exception {
        Path first = project(dir.resolve("a"));
        assertThat(tune(first).resumed()).containsExactly(false);
        Path moved = dir.resolve("elsewhere/b");
        Files.createDirectories(moved);
        for (String name : List.of("coef.h", "reference.c", "scale.c", "project.toml", "records.jsonl")) {
            Files.copy(first.resolveSibling(name), moved.resolve(name));
        }
        assertThat(tune(moved.resolve("project.toml")).resumed()).containsExactly(true);
    }

    @Test
    void editingAnIncludedHeaderRebuildsAndMeasuresAgain() throws Exception {
        Path file = project(dir.resolve("a"));
        tune(file);
        assertThat(tune(file).resumed()).containsExactly(true);
        Files.writeString(file.resolveSibling("coef.h"), "#define COEF 3.0f\n");
        Outcome after = tune(file);
        assertThat(after.resumed()).containsExactly(false);
        assertThat(after.cached()).containsExactly(false);
    }

    @Test
    void editingTheReferenceSourceMeasuresAgain() throws Exception {
        Path file = project(dir.resolve("a"));
        tune(file);
        Files.writeString(file.resolveSibling("reference.c"), REFERENCE.replace("x[i] * COEF", "COEF * x[i]"));
        assertThat(tune(file).resumed()).containsExactly(false);
    }
}
