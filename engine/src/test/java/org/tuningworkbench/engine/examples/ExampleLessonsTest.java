package org.tuningworkbench.engine.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tuningworkbench.engine.project.Lesson;
import org.tuningworkbench.engine.project.ProjectFile;

/** The examples told as lessons: every step names a config of the example and carries a note that teaches it. */
class ExampleLessonsTest {

    @ParameterizedTest
    @ValueSource(strings = {"matmul-tiling", "conv2d-relu"})
    void everyStepHasAConfigAndANote(String example) throws Exception {
        var project = ProjectFile.load(Path.of("..", "examples", example, "project.toml").toAbsolutePath().normalize());
        Lesson lesson = ProjectFile.lesson(project).orElseThrow();
        assertThat(lesson.steps()).hasSizeGreaterThanOrEqualTo(3);
        assertThat(lesson.steps()).allSatisfy(step -> {
            assertThat(step.note()).startsWith("# ").contains("\n\n");
            assertThat(project.candidates().listed()).contains(step.config());
        });
        // Consecutive steps differ: each shows a change, never the same variant twice.
        for (int i = 1; i < lesson.steps().size(); i++) {
            assertThat(lesson.steps().get(i).config()).isNotEqualTo(lesson.steps().get(i - 1).config());
        }
    }

    @org.junit.jupiter.api.Test
    void matmulTilingTellsTheStoryFromNaiveToPacked() throws Exception {
        var project = ProjectFile.load(Path.of("..", "examples", "matmul-tiling", "project.toml").toAbsolutePath().normalize());
        assertThat(ProjectFile.lesson(project).orElseThrow().steps()).extracting(s -> s.config().name())
                .containsExactly("naive", "reordered", "tiled", "register-blocked-6x16", "packed-6x16");
    }
}
