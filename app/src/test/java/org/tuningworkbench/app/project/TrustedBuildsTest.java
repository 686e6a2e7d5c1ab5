package org.tuningworkbench.app.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.prefs.Preferences;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.fixtures.TinyProject;

/** The window asks before a project's own commands run, and asks again when any of them, or a file they read, changes. */
class TrustedBuildsTest {

    @TempDir
    Path dir;

    private final Preferences node = Preferences.userRoot().node("org/tuningworkbench/test-trusted-" + System.nanoTime());

    @AfterEach
    void forget() throws Exception {
        node.removeNode();
    }

    private Project withBuild(String extra) throws Exception {
        Path file = TinyProject.create(dir, List.of(TinyProject.config("1", "0")));
        Files.writeString(file, Files.readString(file) + extra);
        return ProjectFile.load(file);
    }

    @Test
    void baselineFlagsAreAskedForEvenWithTheDefaultCommand() throws Exception {
        Project plain = withBuild("");
        var trusted = new TrustedBuilds(node);
        assertThat(trusted.trusted(plain, Files.readString(plain.file()))).isTrue();
        Project flagged = withBuild("\n[baseline]\nlabel = \"b\"\nfunction = \"" + plain.kernel().entry() + "\"\nflags = \"-lm; touch pwned\"\n");
        assertThat(trusted.trusted(flagged, Files.readString(flagged.file()))).isFalse();
        assertThat(TrustedBuilds.question(flagged)).contains("'-lm' ';' 'touch' 'pwned'");
    }

    @Test
    void editingAFileTheScriptSourcesAsksAgain() throws Exception {
        Files.writeString(dir.resolve("build.sh"), ". ./env.sh\nexec gcc -O2 \"$1\" -o \"$2\" -lm\n");
        Path sourced = Files.writeString(dir.resolve("env.sh"), "X=1\n");
        Project p = withBuild("\n[build]\ncommand = \"sh build.sh {source} {output}\"\n");
        String text = Files.readString(p.file());
        var trusted = new TrustedBuilds(node);
        assertThat(trusted.trusted(p, text)).isFalse();
        assertThat(TrustedBuilds.question(p)).contains("build.sh").contains("env.sh");
        trusted.trust(p, text);
        assertThat(trusted.trusted(p, text)).isTrue();
        Files.writeString(sourced, "X=1; touch pwned\n");
        assertThat(trusted.trusted(p, text)).isFalse();
        Files.writeString(sourced, "X=1\n");
        Files.writeString(dir.resolve("build.sh"), ". ./env.sh\nexec gcc -O1 \"$1\" -o \"$2\" -lm\n");
        assertThat(trusted.trusted(p, text)).isFalse();
    }
}
