package org.tuningworkbench.app.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.prefs.Preferences;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.fixtures.TinyProject;

class ProjectsTest {

    @TempDir
    Path home;

    @Test
    void theGalleryListsEveryExampleWithItsOpeningComment() throws Exception {
        Files.createDirectories(home.resolve("examples/b-second"));
        Files.createDirectories(home.resolve("examples/a-first"));
        Files.createDirectories(home.resolve("examples/not-a-project"));
        Files.writeString(home.resolve("examples/a-first/project.toml"), "# Tiles a matrix multiply.\n# Twice.\nname = \"a\"\n");
        Files.writeString(home.resolve("examples/b-second/project.toml"), "name = \"b\"\n");
        assertThat(Examples.list(home)).extracting(Examples.Example::name).containsExactly("a-first", "b-second");
        assertThat(Examples.list(home).getFirst().description()).isEqualTo("Tiles a matrix multiply. Twice.");
    }

    @Test
    void recentProjectsAreNewestFirstWithoutRepeats() throws Exception {
        Preferences node = Preferences.userRoot().node("org/tuningworkbench/test-recent-" + System.nanoTime());
        var recent = new RecentProjects(node);
        recent.add(home.resolve("a.toml"));
        recent.add(home.resolve("b.toml"));
        recent.add(home.resolve("a.toml"));
        assertThat(recent.list()).containsExactly(home.resolve("a.toml"), home.resolve("b.toml"));
        node.removeNode();
    }

    @Test
    void aBareKernelGetsItsProjectBesideIt() {
        assertThat(ProjectOpener.isKernelFile(Path.of("saxpy.c"))).isTrue();
        assertThat(ProjectOpener.isKernelFile(Path.of("project.toml"))).isFalse();
        assertThat(ProjectOpener.projectFileFor(home.resolve("saxpy.cpp"))).isEqualTo(home.resolve("saxpy.tuning.toml"));
    }

    @Test
    void aFolderOpensAsTheProjectTomlInItAsOnTheCommandLine() throws Exception {
        Path project = TinyProject.create(home, List.of(TinyProject.config("1", "0")));
        OpenedProject opened = ProjectOpener.open(home, Map.of());
        assertThat(opened.projectFile()).isEqualTo(project);
        assertThat(opened.projectText()).isEqualTo(Files.readString(project));
        assertThat(opened.kernelText()).isEqualTo(TinyProject.KERNEL);
    }

    @Test
    void aFolderWithoutAProjectSaysWhichFileIsMissing() {
        assertThatThrownBy(() -> ProjectOpener.open(home, Map.of()))
                .isInstanceOfSatisfying(OpenFailure.class, e -> {
                    assertThat(e.getMessage()).isEqualTo("The project file is missing");
                    assertThat(e.problems()).singleElement().asString().contains(home.resolve("project.toml").toString(), "project file not found");
                });
    }
}
