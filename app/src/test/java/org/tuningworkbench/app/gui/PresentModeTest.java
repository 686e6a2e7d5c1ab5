package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Orientation;
import javafx.scene.control.SplitPane;
import javafx.scene.input.KeyCode;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.fixtures.TinyProject;

/** View → Present (F5): the source above the charts, larger, without the grid, the log and the run settings; F5 or Esc puts all back. */
class PresentModeTest extends WindowTest {

    private SplitPane sourceAndCharts() {
        var editor = window.editorView();
        var parent = editor.getParent();
        while (parent != null && !(parent instanceof SplitPane)) parent = parent.getParent();
        return (SplitPane) parent;
    }

    @Test
    void presentingStacksTheSourceAboveTheChartsLargerAndEscPutsEverythingBack(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        var split = sourceAndCharts();
        double[] dividers = split.getDividerPositions();
        assertThat(window.gridView().table().getScene()).as("the grid, before").isNotNull();
        assertThat(window.sidePanelShown()).isTrue();

        robot.press(KeyCode.F5).release(KeyCode.F5);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.presentingProperty().get()).isTrue();
        assertThat(split.getOrientation()).as("the source above the charts").isEqualTo(Orientation.VERTICAL);
        assertThat(window.gridView().table().getScene()).as("the grid, presenting").isNull();
        assertThat(window.sidePanelShown()).as("the run settings, presenting").isFalse();
        assertThat(window.zoom()).as("a step larger").isGreaterThanOrEqualTo(1.15);
        assertThat(window.latencyChart().viewer().getHeight()).as("the chart has room").isGreaterThan(100);

        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.presentingProperty().get()).isFalse();
        assertThat(split.getOrientation()).isEqualTo(Orientation.HORIZONTAL);
        assertThat(split.getDividerPositions()[0]).isCloseTo(dividers[0], Offset.offset(0.01));
        assertThat(window.gridView().table().getScene()).as("the grid, after").isNotNull();
        assertThat(window.sidePanelShown()).isTrue();
        assertThat(window.zoom()).isEqualTo(1.0);
    }

    @Test
    void aWindowZoomedFurtherStaysSoAndTheRunSettingsHiddenBeforeStayHidden(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0")));
        robot.interact(() -> {
            window.zoom(1);
            window.zoom(1);
            window.setSidePanelShown(false);
        });
        double zoomed = window.zoom();
        assertThat(zoomed).isGreaterThan(1.3);

        robot.interact(window::togglePresent);
        assertThat(window.zoom()).isEqualTo(zoomed);
        robot.press(KeyCode.F5).release(KeyCode.F5);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.presentingProperty().get()).isFalse();
        assertThat(window.zoom()).isEqualTo(zoomed);
        assertThat(window.sidePanelShown()).isFalse();
    }

    @Test
    void aLessonClosedWhilePresentingLeavesTheRunSettingsAwayUntilThePresentationEnds(FxRobot robot) {
        Path example = Path.of("..", "examples", "conv2d-relu", "project.toml").toAbsolutePath().normalize();
        robot.interact(() -> assertThat(model.open(example)).isTrue());
        robot.interact(() -> assertThat(window.lessonMode().open(0)).isTrue());
        assertThat(window.sidePanelShown()).as("beside the lesson").isFalse();
        robot.interact(window::togglePresent);
        robot.interact(window.lessonMode()::toggle);
        assertThat(window.lessonMode().activeProperty().get()).isFalse();
        assertThat(window.sidePanelShown()).as("the lesson closed, still presenting").isFalse();
        robot.interact(window::togglePresent);
        assertThat(window.sidePanelShown()).as("the presentation over, the lesson closed").isTrue();
    }
}
