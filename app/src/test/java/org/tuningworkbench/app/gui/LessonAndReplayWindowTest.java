package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.app.editor.ViewMode;
import org.tuningworkbench.app.shell.LaunchOptions;
import org.tuningworkbench.app.TwoRunsOfTinyProject;
import org.tuningworkbench.fixtures.TinyProject;

/** Lesson mode over a bundled example, and a replay of a real run's records, headless (Monocle). */
class LessonAndReplayWindowTest extends WindowTest {

    private static String text(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    @Test
    void aLessonOpensAndStepsThroughItsConfigsWithTheirChangesAndNotes(FxRobot robot) {
        Path example = Path.of("..", "examples", "conv2d-relu", "project.toml").toAbsolutePath().normalize();
        robot.interact(() -> assertThat(model.open(example)).isTrue());
        robot.clickOn("#lessonToggle");
        assertThat(dialogs.problems).isEmpty();
        assertThat(robot.lookup("#lessonToggle").query().getStyleClass()).contains("accent");
        assertThat(text(robot, "#stepTitle")).isEqualTo("1. Direct loops");
        assertThat(text(robot, "#stepCounter")).isEqualTo("Step 1 of 4");
        assertThat(text(robot, "#stepMeasurement")).contains("No.1 direct: not measured yet");
        assertThat(robot.lookup("#previousStep").query().isDisabled()).isTrue();
        // Three tenths of the window, 320 to 440 pixels wide: the source, the chart and the grid keep the rest.
        var pane = robot.lookup("#lessonPane").queryAs(javafx.scene.layout.Region.class);
        double windowWidth = pane.getScene().getWidth();
        assertThat(pane.getWidth()).isCloseTo(Math.max(320, Math.min(440, 0.3 * windowWidth)), org.assertj.core.data.Offset.offset(1.0));

        robot.clickOn("#nextStep");
        assertThat(text(robot, "#stepTitle")).isEqualTo("2. Blocked channels: no help here");
        assertThat(text(robot, "#stepCounter")).isEqualTo("Step 2 of 4");
        // What changed since step 1: the two block sizes, old and new.
        List<String> changes = robot.lookup("#stepChanges").queryAs(javafx.scene.layout.VBox.class).getChildren().stream()
                .map(n -> ((Label) n).getText().strip()).toList();
        assertThat(changes).containsExactly(
                "9 - static const int K_BLOCK = 1; // tunable", "9 + static const int K_BLOCK = 16; // tunable",
                "10 - static const int C_BLOCK = 512; // tunable", "10 + static const int C_BLOCK = 64; // tunable");
        // The note is rendered: its heading as a heading, its code as code.
        assertThat(styledTexts(robot, "md-h1")).containsExactly("Blocked channels: no help here");
        assertThat(styledTexts(robot, "md-code")).contains("K_BLOCK = 16", "C_BLOCK = 64");
        assertThat(styledTexts(robot, "md-strong")).contains("L1 cache");
        // The step's config is selected, its variant in the editor.
        assertThat(model.grid().numberOf(model.selectedProperty().get())).isEqualTo(2);
        assertThat(model.editor().modeProperty().get()).isEqualTo(ViewMode.VARIANT);

        robot.press(KeyCode.ALT, KeyCode.RIGHT).release(KeyCode.RIGHT, KeyCode.ALT);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(text(robot, "#stepTitle")).isEqualTo("3. im2col: a convolution as a GEMM");
        robot.clickOn("#previousStep");
        assertThat(text(robot, "#stepCounter")).isEqualTo("Step 2 of 4");

        robot.clickOn("#closeLesson");
        assertThat(robot.lookup("#lessonPane").tryQuery()).isEmpty();
        assertThat(window.lessonMode().activeProperty().get()).isFalse();
    }

    @Test
    void aLessonOpenedAtALaterStepShowsTheVariantAtItsFirstChange(FxRobot robot) {
        // As --lesson N opens it: the variant's area is made for the step, its text replaced at once.
        Path example = Path.of("..", "examples", "conv2d-relu", "project.toml").toAbsolutePath().normalize();
        robot.interact(() -> {
            assertThat(model.open(example)).isTrue();
            assertThat(window.lessonMode().open(2)).isTrue();
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(text(robot, "#stepCounter")).isEqualTo("Step 3 of 4");
        // Step 3's config differs from the source in lines 12 (K_REG) and 84 (the Algorithm) of 106: the first is shown.
        assertThat(model.editor().changedLinesProperty().get()).containsExactly(11, 83);
        var variant = robot.lookup("#variantArea").queryAs(org.fxmisc.richtext.CodeArea.class);
        assertThat(visibleLines(robot, variant)).as("the visible lines").contains(12);

        // Step 2's config is the source as written: nothing changed, the variant shows the file from its top (not its end).
        robot.clickOn("#previousStep");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(model.editor().changedLinesProperty().get()).isEmpty();
        assertThat(visibleLines(robot, variant)).as("the visible lines").contains(1);
    }

    /** The 1-based numbers of the lines {@code area} shows. */
    private static List<Integer> visibleLines(FxRobot robot, org.fxmisc.richtext.CodeArea area) {
        int[] visible = new int[2];
        robot.interact(() -> {
            visible[0] = area.firstVisibleParToAllParIndex();
            visible[1] = area.lastVisibleParToAllParIndex();
        });
        return java.util.stream.IntStream.rangeClosed(visible[0] + 1, visible[1] + 1).boxed().toList();
    }

    private static List<String> styledTexts(FxRobot robot, String style) {
        return robot.lookup("#stepNote").query().lookupAll(".md-text").stream()
                .filter(n -> n.getStyleClass().contains(style) || ancestorHas(n, style))
                .map(n -> ((Text) n).getText()).toList();
    }

    private static boolean ancestorHas(Node node, String style) {
        for (Node n = node.getParent(); n != null; n = n.getParent()) if (n.getStyleClass().contains(style)) return true;
        return false;
    }

    /**
     * Measure Lesson measures the lesson's steps alone (not the project's other configs), racing off
     * and with seven samples each, confirms them, and each step then shows its standing against
     * the step before by the one test.
     */
    @Test
    void measureLessonMeasuresItsStepsAloneRacingOffAndShowsEachStepsStanding(FxRobot robot) throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0"), TinyProject.config("4", "300000")));
        Files.writeString(project, Files.readString(project) + """

                [lesson]
                title = "Spin less"
                [[lesson.step]]
                config = 3
                [[lesson.step]]
                config = 1
                expect = "faster"
                """);
        robot.interact(() -> assertThat(model.open(project)).isTrue());
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.L).release(KeyCode.L, KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(dialogs.problems).isEmpty();
        WaitForAsyncUtils.waitFor(180, TimeUnit.SECONDS, () -> !model.run().isRunning());
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(window::drainEvents);
        var rows = model.grid().rows();
        assertThat(rows.get(1).record()).as("the config no step shows").isNull();
        for (int i : new int[] {0, 2}) {
            assertThat(rows.get(i).record().samplesUs()).hasSize(7);
            assertThat(rows.get(i).record().timing().stopped()).isNull();
        }
        assertThat(model.run().messageProperty().get()).contains("confirmed in 3 interleaved rounds");
        robot.interact(() -> window.lessonMode().lesson().go(1));
        assertThat(text(robot, "#stepMeasurement")).contains("No.1: ").contains("7 samples");
        assertThat(text(robot, "#stepStanding")).matches("[0-9.]+× faster than step 1 \\(p [<=] [0-9.]+\\)");
        assertThat(text(robot, "#stepExpectation")).startsWith("The note expects this step faster than step 1, and this machine agrees");
    }

    /** Stop ends Measure Lesson in its confirmation too, not only while its steps are measured. */
    @Test
    void stopEndsTheLessonsConfirmation(FxRobot robot) throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0"), TinyProject.config("1", "300000000")));
        Files.writeString(project, Files.readString(project) + """

                [lesson]
                title = "Spin"
                [[lesson.step]]
                config = 2
                [[lesson.step]]
                config = 1
                """);
        robot.interact(() -> assertThat(model.open(project)).isTrue());
        robot.interact(() -> model.measureLesson());
        // Both steps measured while the run still runs: the confirmation's rounds are under way.
        WaitForAsyncUtils.waitFor(180, TimeUnit.SECONDS, () -> {
            robot.interact(window::drainEvents);
            var rows = model.grid().rows();
            return rows.get(0).record() != null && rows.get(1).record() != null;
        });
        assertThat(model.run().isRunning()).as("still confirming").isTrue();
        long stopped = System.nanoTime();
        robot.interact(() -> model.run().stop());
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !model.run().isRunning());
        assertThat((System.nanoTime() - stopped) / 1e9).as("seconds from Stop to the end").isLessThan(10);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(model.run().messageProperty().get()).doesNotContain("confirmed in 3 interleaved rounds");
    }

    @Test
    void aProjectWithoutALessonSaysHowToWriteOne(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0")));
        robot.clickOn("#lessonToggle");
        assertThat(dialogs.problems).singleElement().asString().contains("has no [lesson]").contains("[[lesson.step]]");
        assertThat(robot.lookup("#lessonPane").tryQuery()).isEmpty();
        assertThat(window.lessonMode().activeProperty().get()).isFalse();
        assertThat(robot.lookup("#lessonToggle").query().getStyleClass()).doesNotContain("accent");
    }

    @Test
    void aSnapshotsLessonStepThatCannotBeShownIsRefusedNotShownAsAnother(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0")));
        var withoutLesson = LaunchOptions.parse(List.of("--snapshot", "s.png", "--lesson", "3"), model.project().projectFile());
        robot.interact(() -> assertThat(withoutLesson.openModesIn(window)).contains("--lesson 3"));
        assertThat(dialogs.problems).singleElement().asString().contains("has no [lesson]");
        assertThat(window.lessonMode().activeProperty().get()).isFalse();

        Path example = Path.of("..", "examples", "conv2d-relu", "project.toml").toAbsolutePath().normalize();
        robot.interact(() -> assertThat(model.open(example)).isTrue());
        var pastTheLast = LaunchOptions.parse(List.of("--snapshot", "s.png", "--lesson", "5"), example);
        robot.interact(() -> assertThat(pastTheLast.openModesIn(window)).contains("--lesson 5"));
        assertThat(dialogs.problems.getLast()).asString().contains("No step 5").contains("has 4 steps");
        assertThat(window.lessonMode().activeProperty().get()).isFalse();

        var lastStep = LaunchOptions.parse(List.of("--snapshot", "s.png", "--lesson", "4"), example);
        robot.interact(() -> assertThat(lastStep.openModesIn(window)).isEmpty());
        assertThat(text(robot, "#stepCounter")).isEqualTo("Step 4 of 4");
    }

    @Test
    void aReplayFillsTheChartsTrialByTrialAndLeavesThemFull(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0"), TinyProject.config("4", "0")));
        runToTheEnd(robot);
        assertThat(window.latencyChart().itemCount()).isEqualTo(3);

        robot.clickOn("#replayToggle");
        assertThat(dialogs.problems).isEmpty();
        assertThat(window.latencyChart().itemCount()).isZero();
        // Counted as records: a record file holds a baseline's and the confirmation's records beside the trials (matmul-tiling's
        // 10 trials were "trial 6 of 14").
        assertThat(text(robot, "#replayPositionText")).isEqualTo("record 0 of 3");
        robot.clickOn("#replayStepForward");
        robot.clickOn("#replayStepForward");
        assertThat(window.latencyChart().itemCount()).isEqualTo(2);
        assertThat(model.grid().rows().stream().filter(r -> r.record() != null)).hasSize(2);
        robot.clickOn("#replayStepBack");
        assertThat(window.latencyChart().itemCount()).isEqualTo(1);
        robot.clickOn("#replayRestart");
        assertThat(window.latencyChart().itemCount()).isZero();

        // Played at 20 trials a second, the three trials arrive within a second, then playing stops.
        robot.interact(() -> window.replayMode().playback().speedProperty().set(org.tuningworkbench.app.replay.PlaybackSpeed.TWENTY_PER_SECOND));
        robot.clickOn("#replayPlay");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.replayMode().playback().positionProperty().get() == 3);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.latencyChart().itemCount()).isEqualTo(3);
        assertThat(window.replayMode().playback().playingProperty().get()).isFalse();

        robot.clickOn("#closeReplay");
        assertThat(robot.lookup("#replayBar").tryQuery()).isEmpty();
        assertThat(window.latencyChart().itemCount()).isEqualTo(3);
    }

    @Test
    void aReplayPlaysEveryRecordAndLeavesTheLatestRunShownAsBefore(FxRobot robot) throws Exception {
        TwoRunsOfTinyProject.record(dir);
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        assertThat(window.latencyChart().itemCount()).as("the latest run's one config").isEqualTo(1);

        robot.clickOn("#replayToggle");
        assertThat(text(robot, "#replayPositionText")).as("every record, the earlier run's too").isEqualTo("record 0 of 3");
        robot.clickOn("#closeReplay");
        assertThat(window.latencyChart().itemCount()).isEqualTo(1);
        assertThat(model.grid().rows().stream().filter(r -> r.record() != null)).hasSize(1);
    }
}
