package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.bridge.ElementType;
import org.tuningworkbench.bridge.NpyArray;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.exec.TuningException;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** Golden results from .npy files, and inputs from them. */
@IntegrationTest
class GoldenFilesTest {

    @TempDir
    Path dir;

    private void npy(String name, int n, java.util.function.IntToDoubleFunction value) throws Exception {
        ByteBuffer data = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) data.putFloat((float) value.applyAsDouble(i));
        new NpyArray(ElementType.F32, List.of((long) n), data.flip()).write(dir.resolve(name));
    }

    private String project() {
        return TestProject.scaleProject(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];")
                        + config("Body", "for (int i = 0; i < n; i++) y[i] = x[i];"))
                .replace("n = 4096", "n = 16")
                .replace("init = \"random(-1, 1)\"", "init = \"file(x.npy)\"")
                .replace("function = \"scale_reference\"", "files = { y = \"y.npy\" }");
    }

    @Test
    void outputsAreComparedWithTheGoldenFileAndInputsComeFromTheirFile() throws Exception {
        npy("x.npy", 16, i -> i * 0.25);
        npy("y.npy", 16, i -> i * 0.5);
        Path projectFile = TestProject.write(dir, project(), "scale.c", TestProject.SCALE_KERNEL);
        List<TuningRecord> records;
        try (RecordFile file = RecordFile.open(dir.resolve("r.jsonl"))) {
            records = new Tuner(ProjectFile.load(projectFile), TuneOptions.defaults(dir.resolve("cache"))).run(file, e -> { });
        }
        assertThat(records).extracting(TuningRecord::status).containsExactly(Status.OK, Status.WRONG_RESULT);
        assertThat(records.get(1).verification().firstMismatch()).isEqualTo(1);
        assertThat(records.get(1).error()).contains("y[1] is 0.250, expected 0.500");
    }

    @Test
    void anUnreadableGoldenFileIsBadInputNamingTheFile() throws Exception {
        npy("x.npy", 16, i -> i);
        Files.writeString(dir.resolve("y.npy"), "not numpy");
        Path projectFile = TestProject.write(dir, project(), "scale.c", TestProject.SCALE_KERNEL);
        try (RecordFile file = RecordFile.open(dir.resolve("r.jsonl"))) {
            var tuner = new Tuner(ProjectFile.load(projectFile), TuneOptions.defaults(dir.resolve("cache")));
            assertThatThrownBy(() -> tuner.run(file, e -> { }))
                    .isInstanceOfSatisfying(TuningException.class, e -> assertThat(e.kind()).isEqualTo(TuningException.Kind.INPUT))
                    .hasMessageContaining("y.npy");
        }
    }

    @Test
    void anInputFileOfTheWrongShapeIsReportedWhereTheProjectNamesIt() throws Exception {
        npy("x.npy", 8, i -> i);
        npy("y.npy", 16, i -> i);
        Path projectFile = TestProject.write(dir, project(), "scale.c", TestProject.SCALE_KERNEL);
        assertThatThrownBy(() -> ProjectFile.load(projectFile)).hasMessageContaining("x.npy has shape [8], the buffer has [16]");
    }
}
