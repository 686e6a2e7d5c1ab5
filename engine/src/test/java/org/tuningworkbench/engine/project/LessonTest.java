package org.tuningworkbench.engine.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.fixtures.TestProject;

class LessonTest {

    @TempDir
    Path dir;

    private static final String CONFIGS = """

            [[configs]]
            name = "plain"
            Body = "y[i] = 2.0f * x[i];"

            [[configs]]
            name = "added"
            Body = "y[i] = x[i] + x[i];"

            [[configs]]
            Body = "y[i] = x[i] * 2;"
            """;

    @BeforeEach
    void kernel() throws Exception {
        Files.writeString(dir.resolve("scale.c"), TestProject.SCALE_KERNEL);
    }

    private Path write(String lesson) throws Exception {
        Path file = dir.resolve("project.toml");
        Files.writeString(file, TestProject.scaleProject(CONFIGS) + "\n" + lesson);
        return file;
    }

    private Lesson lesson(String text) throws Exception {
        Project project = ProjectFile.load(write(text));
        return ProjectFile.lesson(project).orElseThrow();
    }

    /** The one error loading reports, as file:line:column: message. */
    private String onlyError(String text) throws Exception {
        Path file = write(text);
        try {
            ProjectFile.load(file, Map.of());
        } catch (ProjectException e) {
            assertThat(e.errors()).hasSize(1);
            return e.errors().getFirst().toString();
        }
        throw new AssertionError("expected the lesson to be rejected");
    }

    private int lineOf(String needle) throws Exception {
        var lines = Files.readAllLines(dir.resolve("project.toml"));
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains(needle)) return i + 1;
        throw new AssertionError(needle + " not found");
    }

    @Test
    void aStepMayExpectADirectionAgainstTheStepBefore() throws Exception {
        Lesson lesson = lesson("""
                [lesson]
                [[lesson.step]]
                config = "plain"

                [[lesson.step]]
                config = "added"
                expect = "slower"
                """);
        assertThat(lesson.steps()).extracting(Lesson.Step::expect).containsExactly(null, Lesson.Expect.SLOWER);
        String error = onlyError("""
                [lesson]
                [[lesson.step]]
                config = "plain"
                expect = "quicker"
                """);
        assertThat(error).contains("project.toml:" + lineOf("quicker") + ":")
                .endsWith("lesson step 1: `expect` is \"faster\" or \"slower\" (than the step before), not \"quicker\"");
    }

    @Test
    void stepsNameConfigsByNameOrNumberInTheOrderGiven() throws Exception {
        Files.writeString(dir.resolve("third.md"), "# Third\nMultiplied by *two*.\n");
        Lesson lesson = lesson("""
                [lesson]
                title = "Three ways to double"

                [[lesson.step]]
                config = "added"
                title = "Add it to itself"
                note = '''
                One **addition**.
                '''

                [[lesson.step]]
                config = 1
                note = "A multiply."

                [[lesson.step]]
                config = 3
                note_file = "third.md"
                """);
        assertThat(lesson.title()).isEqualTo("Three ways to double");
        assertThat(lesson.steps()).extracting(Lesson.Step::number).containsExactly(2, 1, 3);
        assertThat(lesson.steps()).extracting(Lesson.Step::title).containsExactly("Add it to itself", "plain", "No.3");
        assertThat(lesson.steps().get(0).note()).isEqualTo("One **addition**.\n");
        assertThat(lesson.steps().get(0).config().values()).containsEntry("Body", "y[i] = x[i] + x[i];");
        assertThat(lesson.steps().get(2).note()).isEqualTo("# Third\nMultiplied by *two*.\n");
    }

    @Test
    void aProjectWithoutALessonHasNone() throws Exception {
        Project project = ProjectFile.load(write(""));
        assertThat(ProjectFile.lesson(project)).isEmpty();
    }

    @Test
    void aLessonWithoutATitleIsTheProjects() throws Exception {
        assertThat(lesson("[[lesson.step]]\nconfig = 2\n").title()).isEqualTo("scale");
    }

    @Test
    void anUnknownConfigNameListsTheNamedConfigsAtItsKey() throws Exception {
        String error = onlyError("[[lesson.step]]\nconfig = \"tiled\"\n");
        int line = lineOf("config = \"tiled\"");
        assertThat(error).isEqualTo(dir.resolve("project.toml") + ":" + line + ":1: lesson step 1: no config is named `tiled`;"
                + " the named configs are plain, added");
    }

    @Test
    void aConfigNumberBeyondTheListSaysHowManyThereAre() throws Exception {
        assertThat(onlyError("[[lesson.step]]\nconfig = 1\n\n[[lesson.step]]\nconfig = 7\n"))
                .endsWith(":" + lineOf("config = 7") + ":1: lesson step 2: there is no config No.7; the project lists 3 (No.1 to No.3)");
    }

    @Test
    void aStepWithoutAConfigSaysHowToNameOne() throws Exception {
        assertThat(onlyError("[[lesson.step]]\ntitle = \"x\"\n"))
                .contains("lesson step 1: missing `config`: give a config's name (config = \"tiled\") or its number in [[configs]] (config = 3)");
    }

    @Test
    void twoConfigsOfOneNameMustBeNamedByNumber() throws Exception {
        Path file = dir.resolve("project.toml");
        Files.writeString(file, TestProject.scaleProject(CONFIGS.replace("name = \"added\"", "name = \"plain\"")) + """

                [[lesson.step]]
                config = "plain"
                """);
        assertThatThrownBy(() -> ProjectFile.load(file)).isInstanceOf(ProjectException.class)
                .hasMessageContaining("lesson step 1: more than one config is named `plain` (No.1, No.2); name the step's config by its number");
    }

    @Test
    void aNoteAndANoteFileTogetherAreRefused() throws Exception {
        Files.writeString(dir.resolve("n.md"), "text");
        assertThat(onlyError("[[lesson.step]]\nconfig = 1\nnote = \"a\"\nnote_file = \"n.md\"\n"))
                .endsWith(":" + lineOf("note_file") + ":1: lesson step 1: give `note` or `note_file`, not both");
    }

    @Test
    void aMissingNoteFileIsNamedWithItsPath() throws Exception {
        assertThat(onlyError("[[lesson.step]]\nconfig = 1\nnote_file = \"notes/gone.md\"\n"))
                .contains("lesson step 1: cannot read the note file " + dir.resolve("notes/gone.md") + ": no such file");
    }

    @Test
    void aNoteFileOutsideTheProjectFolderIsRefusedByPathOrByLink() throws Exception {
        Path outside = Files.createTempFile("secret-", ".md");
        try {
            Files.writeString(outside, "private");
            assertThat(onlyError("[[lesson.step]]\nconfig = 1\nnote_file = \"../../../../../../../../../.." + outside + "\"\n"))
                    .contains("lesson step 1: the note file ").contains(" is outside the project folder " + dir.toRealPath());
            Files.createSymbolicLink(dir.resolve("note.md"), outside);
            assertThat(onlyError("[[lesson.step]]\nconfig = 1\nnote_file = \"note.md\"\n"))
                    .contains("lesson step 1: the note file note.md is outside the project folder");
        } finally {
            Files.deleteIfExists(outside);
        }
    }

    @Test
    void unknownKeysAndALessonWithoutStepsAreReported() throws Exception {
        assertThat(onlyError("[[lesson.step]]\nconfig = 1\nnotes = \"typo\"\n"))
                .contains("unknown key `notes`; expected one of config, expect, note, note_file, title");
        assertThat(onlyError("[lesson]\ntitle = \"empty\"\n"))
                .endsWith(":" + lineOf("title = \"empty\"") + ":1: the lesson has no steps: add a [[lesson.step]] for each config to show, in order");
        Path file = dir.resolve("project.toml");
        Files.writeString(file, "lesson = 3\n" + TestProject.scaleProject(CONFIGS));
        assertThatThrownBy(() -> ProjectFile.load(file)).hasMessage(file + ":1:1: `lesson` must be a table: [lesson] with a title, and [[lesson.step]] entries");
    }

    @Test
    void everyBadStepIsReportedInOnePass() throws Exception {
        Path file = write("[[lesson.step]]\nconfig = \"nope\"\n\n[[lesson.step]]\nconfig = 9\n\n[[lesson.step]]\nconfig = true\n");
        assertThatThrownBy(() -> ProjectFile.load(file)).isInstanceOfSatisfying(ProjectException.class, e -> assertThat(e.errors())
                .extracting(ProjectError::message)
                .containsExactly("lesson step 1: no config is named `nope`; the named configs are plain, added",
                        "lesson step 2: there is no config No.9; the project lists 3 (No.1 to No.3)",
                        "lesson step 3: `config` must be a config's name in quotes or its number"));
    }
}
