package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Labeled;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.fixtures.TinyProject;

/** Run → Size Sweep from the window: the selected config measured at the sizes asked, drawn in its own window. */
class SizeSweepWindowTest extends WindowTest {

    private Stage sweepWindow() {
        return Window.getWindows().stream().filter(w -> w instanceof Stage s && s.getTitle() != null && s.getTitle().startsWith("Size sweep"))
                .map(w -> (Stage) w).findFirst().orElseThrow();
    }

    @Test
    void theSelectedConfigIsSweptOverTheSizeAndDrawnAsOneLine(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        robot.interact(() -> table(robot).getSelectionModel().select(1));
        assertThat(window.menuItem("Size Sweep…").isDisable()).isFalse();
        robot.interact(() -> window.menuItem("Size Sweep…").fire());
        Stage sweep = sweepWindow();
        assertThat(sweep.getTitle()).isEqualTo("Size sweep of tiny — No.2");
        var values = robot.from(sweep.getScene().getRoot()).lookup("#sweepValues").queryTextInputControl();
        assertThat(values.getText()).isEqualTo("32,64,128,256,512,1024");
        robot.interact(() -> values.setText("64,512"));
        robot.interact(() -> robot.from(sweep.getScene().getRoot()).lookup("#sweepRun").queryButton().fire());
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> !model.sweeps().runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        ChartViewer viewer = robot.from(sweep.getScene().getRoot()).lookup("#sweepChart").query();
        var plot = (XYPlot) viewer.getChart().getPlot();
        assertThat(plot.getDataset().getSeriesCount()).isEqualTo(1);
        assertThat(plot.getDataset().getSeriesKey(0)).isEqualTo("No.2");
        assertThat(plot.getDataset().getItemCount(0)).isEqualTo(2);
        assertThat(dialogs.problems).isEmpty();
        robot.interact(sweep::close);
    }

    @Test
    void closingTheSweepsWindowStopsItAndKeepsWhatItMeasured(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        robot.interact(() -> table(robot).getSelectionModel().selectAll());
        robot.interact(() -> window.menuItem("Size Sweep…").fire());
        Stage sweep = sweepWindow();
        var root = sweep.getScene().getRoot();
        robot.interact(() -> robot.from(root).lookup("#sweepValues").queryTextInputControl().setText("16,32,64,128,256,512,1024,2048,4096,8192"));
        robot.interact(() -> robot.from(root).lookup("#sweepRun").queryButton().fire());
        // Once the first config is measured at the first size, the window is closed.
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> model.sweeps().statusProperty().get().startsWith("n = 16 (1 of 10)"));
        // While the sweep holds the device, Run and Resume wait for it and the status line says why.
        assertThat(window.menuItem("Run").isDisable()).isTrue();
        assertThat(window.menuItem("Resume").isDisable()).isTrue();
        assertThat(robot.lookup("#statusBar .label").queryAllAs(Labeled.class))
                .anyMatch(l -> l.getText() != null && l.getText().startsWith("A size sweep is measuring: Run waits for the size sweep to finish"));
        robot.interact(sweep::close);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !model.sweeps().runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.menuItem("Run").isDisable()).isFalse();
        var records = org.tuningworkbench.engine.record.RecordFile.read(dir.resolve("sweep.jsonl"));
        assertThat(records).isNotEmpty().hasSizeLessThan(20);
    }
}
