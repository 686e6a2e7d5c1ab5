package org.tuningworkbench.engine.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.fixtures.ProjectToml;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** The build approval covers every command that reaches a shell and every project file they read; no project value reaches the shell as syntax. */
@IntegrationTest
class BuildApprovalTest {

    @TempDir
    Path dir;

    private Project project(String build, String baselineFlags) throws Exception {
        String text = TestProject.scaleProject(TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * 2.0f;"))
                + (build == null ? "" : "\n[build]\ncommand = \"" + build + "\"\n")
                + (baselineFlags == null ? "" : "\n[baseline]\nlabel = \"reference\"\nfunction = \"scale_reference\"\nflags = \"" + baselineFlags + "\"\n");
        return ProjectFile.load(TestProject.write(dir, text, "scale.c", TestProject.SCALE_KERNEL));
    }

    private String approved(Project project) throws Exception {
        return BuildApproval.fingerprint(project, Files.readString(project.file()));
    }

    @Test
    void baselineFlagsWithTheDefaultCommandAreAskedFor() throws Exception {
        Project plain = project(null, null);
        assertThat(BuildApproval.needed(plain)).isFalse();
        Project flagged = project(null, "-lm; touch pwned");
        assertThat(BuildApproval.needed(flagged)).isTrue();
        assertThat(BuildApproval.commands(flagged)).anySatisfy(c -> assertThat(c).contains("'-lm' ';' 'touch' 'pwned'"));
        String before = approved(flagged);
        assertThat(approved(project(null, "-lm; touch other"))).isNotEqualTo(before);
    }

    @Test
    void editingAScriptGivenToShAsksAgain() throws Exception {
        Path script = Files.writeString(dir.resolve("build.sh"), "gcc -O2 \"$1\" -o \"$2\" -lm\n");
        Project p = project("sh build.sh {source} {output}", null);
        String before = approved(p);
        assertThat(approved(p)).isEqualTo(before);
        Files.writeString(script, "gcc -O2 -DEXTRA=1 \"$1\" -o \"$2\" -lm\n");
        assertThat(approved(p)).isNotEqualTo(before);
    }

    @Test
    void editingAFileTheScriptSourcesAsksAgain() throws Exception {
        Path script = Files.writeString(dir.resolve("build.sh"), "#!/bin/sh\n. ./env.sh\nexec gcc -O2 \"$1\" -o \"$2\" -lm\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path sourced = Files.writeString(dir.resolve("env.sh"), "CC=gcc\n");
        Project p = project("./build.sh {source} {output}", null);
        assertThat(BuildApproval.files(p)).contains(sourced.toRealPath());
        String before = approved(p);
        Files.writeString(sourced, "CC=gcc; touch pwned\n");
        assertThat(approved(p)).isNotEqualTo(before);
    }

    @Test
    void baselineFlagsReachTheCompilerAsWordsNeverAsACommand() throws Exception {
        Project p = project(null, "-lm; touch pwned");
        try (RecordFile records = RecordFile.open(dir.resolve("records.jsonl"))) {
            new Tuner(p, TuneOptions.defaults(dir.resolve("cache"))).run(records, e -> { });
        }
        assertThat(dir.resolve("pwned")).doesNotExist();
        try (var files = Files.walk(dir.resolve("cache"))) {
            assertThat(files.map(f -> f.getFileName().toString())).doesNotContain("pwned");
        }
    }

    @Test
    void aHarnessIsAskedForAndEditingTheScriptItRunsAsksAgain() throws Exception {
        Path harness = Files.writeString(dir.resolve("harness.py"), "print('{\"samples_us\": [1]}')\n");
        Files.writeString(dir.resolve("kernel.py"), "N = 1  # tunable\n");
        Project p = ProjectFile.load(ProjectToml.kernel("kernel.py", "run").set("harness", "python3 harness.py {source}").named("h")
                .config(Map.of("N", "2")).write(dir));
        assertThat(BuildApproval.needed(p)).isTrue();
        assertThat(BuildApproval.commands(p)).containsExactly("python3 harness.py {source}   (the harness, once for each config)");
        assertThat(BuildApproval.files(p)).anySatisfy(f -> assertThat(f.getFileName().toString()).isEqualTo("harness.py"));
        String before = approved(p);
        Files.writeString(harness, "import os; os.system('touch pwned')\n");
        assertThat(approved(p)).isNotEqualTo(before);
    }
}
