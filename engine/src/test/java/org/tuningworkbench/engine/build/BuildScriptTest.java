package org.tuningworkbench.engine.build;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.engine.tune.TuningEvent;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/**
 * A build command of the project's own ({@code ./build.sh {source} {output}}, as documented) runs
 * from the project folder; the script is identified by its contents and the compilers it names, and
 * is never run to identify it; editing it measures again.
 */
@IntegrationTest
class BuildScriptTest {

    @TempDir
    Path dir;

    private static final String SCRIPT = """
            #!/bin/sh
            # Identifying a toolchain must never run this: it would leave this file behind.
            touch "$(dirname "$0")/ran-with-$1"
            exec gcc -O2 -I. "$1" -o "$2" -lm
            """;

    private Path project() throws Exception {
        Path script = dir.resolve("build.sh");
        Files.writeString(script, SCRIPT);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        String text = TestProject.scaleProject(TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * 2.0f;"))
                + "\n[build]\ncommand = \"./build.sh {source} {output}\"\n";
        return TestProject.write(dir, text, "scale.c", TestProject.SCALE_KERNEL);
    }

    @Test
    void aScriptIsIdentifiedByItsContentsWithoutRunningIt() throws Exception {
        project();
        Toolchain toolchain = Toolchain.of("./build.sh {source} {output}", dir);
        assertThat(toolchain.version()).startsWith("script ./build.sh ").contains("using gcc");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(name -> name.startsWith("ran-with"));
        }
    }

    @Test
    void aProjectBuiltByItsOwnScriptTunesAndAnEditedScriptMeasuresAgain() throws Exception {
        Path file = project();
        assertThat(ProjectFile.load(file).ownBuildCommand()).isTrue();
        assertThat(tune(file)).containsExactly(false);
        assertThat(tune(file)).containsExactly(true);
        Files.writeString(dir.resolve("build.sh"), SCRIPT.replace("-O2", "-O1"));
        assertThat(tune(file)).containsExactly(false);
    }

    /** Tunes; each config's record is ok, and whether it was taken from the record file. */
    private List<Boolean> tune(Path file) throws Exception {
        var resumed = new ArrayList<Boolean>();
        try (RecordFile records = RecordFile.open(dir.resolve("records.jsonl"))) {
            new Tuner(ProjectFile.load(file), TuneOptions.defaults(dir.resolve("cache"))).run(records, e -> {
                if (e instanceof TuningEvent.Finished f) {
                    assertThat(f.record().status()).as(f.record().error()).isEqualTo(Status.OK);
                    resumed.add(f.resumed());
                }
            });
        }
        return resumed;
    }
}
