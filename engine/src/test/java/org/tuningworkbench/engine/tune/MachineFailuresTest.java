package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.exec.TuningException;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/**
 * A disk that cannot take a build's files (full, or a file size limit: both refuse the compiler's
 * writes the same way) fails the machine, not the config: such a config is an environment error,
 * measured again on resume, and a golden reference that cannot be built says why.
 */
@IntegrationTest
class MachineFailuresTest {

    @TempDir
    Path dir;

    /**
     * The machine's state, outside the project: while the file `disk-full` exists here, every file the compiler writes is
     * limited to 512 bytes. (A file of the project that the script reads would be part of the builds' identity.)
     */
    @TempDir
    Path machine;

    /** Builds as usual, but as the machine allows. */
    private String script() {
        return """
            #!/bin/sh
            if [ -e '%s' ]; then ulimit -f 1; fi
            exec gcc -O2 "$1" -o "$2" -lm
            """.formatted(machine.resolve("disk-full"));
    }

    private Path project(String... bodies) throws Exception {
        Path script = dir.resolve("build.sh");
        Files.writeString(script, script());
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        StringBuilder configs = new StringBuilder();
        for (String body : bodies) configs.append(TestProject.config("Body", body));
        String text = TestProject.scaleProject(configs.toString()) + "\n[build]\ncommand = \"./build.sh {source} {output}\"\n";
        return TestProject.write(dir, text, "scale.c", TestProject.SCALE_KERNEL);
    }

    private List<TuningRecord> tune(Path file, List<Boolean> resumed) throws Exception {
        var finished = new ArrayList<TuningRecord>();
        try (RecordFile records = RecordFile.open(dir.resolve("records.jsonl"))) {
            new Tuner(ProjectFile.load(file), TuneOptions.defaults(dir.resolve("cache"))).run(records, e -> {
                if (e instanceof TuningEvent.Finished f) {
                    finished.add(f.record());
                    resumed.add(f.resumed());
                }
            });
        }
        return finished;
    }

    @Test
    void configsBuiltOnAFullDiskAreEnvironmentErrorsMeasuredAgainOnResume() throws Exception {
        // A first run builds the golden reference into the cache, with room on the disk.
        tune(project("for (int i = 0; i < n; i++) y[i] = x[i] * 2.0f;"), new ArrayList<>());
        Path file = project("for (int i = 0; i < n; i++) y[i] = x[i] + x[i];", "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i] + 0.0f;");
        Path full = Files.createFile(machine.resolve("disk-full"));
        List<TuningRecord> failed = tune(file, new ArrayList<>());
        assertThat(failed).hasSize(2).allSatisfy(r -> {
            assertThat(r.status()).isEqualTo(Status.ENVIRONMENT_ERROR);
            assertThat(r.error()).startsWith("the machine failed the build, not the config: ").contains("File size limit exceeded")
                    .endsWith("(measured again on resume)");
        });
        Files.delete(full);
        var resumed = new ArrayList<Boolean>();
        List<TuningRecord> again = tune(file, resumed);
        assertThat(again).extracting(TuningRecord::status).containsExactly(Status.OK, Status.OK);
        assertThat(resumed).containsExactly(false, false);
    }

    @Test
    void aGoldenReferenceBuiltOnAFullDiskSaysWhy() throws Exception {
        Path file = project("for (int i = 0; i < n; i++) y[i] = x[i] + x[i];");
        Files.createFile(machine.resolve("disk-full"));
        assertThatThrownBy(() -> tune(file, new ArrayList<>()))
                .isInstanceOfSatisfying(TuningException.class, e -> assertThat(e.kind()).isEqualTo(TuningException.Kind.IO))
                .hasMessageContaining("the golden reference `scale_reference` in scale.c cannot be built: the machine refused its files")
                .hasMessageContaining("File size limit exceeded");
    }
}
