package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.app.shell.Theme;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.fixtures.TinyProject;

/** The window's main flows, headless (Monocle), over the real engine and a tiny C kernel. */
class WorkbenchWindowTest extends WindowTest {

    @Test
    void theSourceHasTheFocusFirstAndAKeyPressedBeforeAClickLeavesTheRunSettingsAlone(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0")));
        var scene = window.root().getScene();
        assertThat(scene.getFocusOwner()).as("the focus, before any click").isSameAs(window.editorView().area());
    }

    @Test
    void theVariantAreaAndTheViewsOfWhyConfigsAreFastAreBuiltWhenFirstShownWithWhatCameBefore(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0"), TinyProject.config("4", "0")));
        runToTheEnd(robot);
        assertThat(robot.lookup("#variantArea").tryQuery()).isEmpty();
        assertThat(window.resultViews()).isEmpty();
        robot.interact(() -> window.setTheme(Theme.DARK));
        ConfigRow second = model.grid().rows().get(1);
        robot.interact(() -> model.selectedProperty().set(second));

        // Shown after the run and the selection, the view draws every result, dark, the selected config marked.
        robot.interact(() -> window.showView("effect"));
        var effect = (org.tuningworkbench.app.analysis.ParameterEffectView) window.resultViews().getFirst();
        assertThat(window.resultViews()).hasSize(1);
        var plot = (org.jfree.chart.plot.XYPlot) effect.chart().getPlot();
        assertThat(plot.getDataset(0).getItemCount(0)).isEqualTo(3);
        assertThat(plot.getDataset(1).getItemCount(0)).as("the selected config's ring").isEqualTo(1);
        assertThat(plot.getBackgroundPaint()).isEqualTo(window.latencyChart().chart().getPlot().getBackgroundPaint());
        assertThat(effect.settled()).isTrue();
        robot.interact(() -> window.showView("heatmap"));
        robot.interact(() -> window.showView("effect"));
        assertThat(window.resultViews()).hasSize(2);

        robot.clickOn("#modeVariant");
        assertThat(robot.lookup("#variantArea").queryAs(org.fxmisc.richtext.CodeArea.class).getText()).contains("UNROLL");
    }

    @Test
    void tabInACellBeingEditedKeepsItsValueAndEditsTheNextCellShiftTabThePrevious(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        var table = table(robot);
        TableColumn<ConfigRow, ?> unroll = table.getColumns().stream().filter(c -> c.getText().equals("UNROLL")).findFirst().orElseThrow();
        TableColumn<ConfigRow, ?> spin = table.getColumns().stream().filter(c -> c.getText().equals("SPIN")).findFirst().orElseThrow();
        robot.interact(() -> table.edit(0, unroll));
        WaitForAsyncUtils.waitForFxEvents();

        robot.write("8").type(KeyCode.TAB);
        assertThat(model.grid().rows().get(0).values()).containsEntry("UNROLL", "8");
        assertThat(table.getEditingCell()).satisfies(c -> assertThat(c.getRow()).isZero(), c -> assertThat(c.getTableColumn()).isSameAs(spin));
        // At the end of a row, Tab goes on to the next row's first value.
        robot.write("3").type(KeyCode.TAB);
        assertThat(model.grid().rows().get(0).values()).containsEntry("SPIN", "3");
        assertThat(table.getEditingCell()).satisfies(c -> assertThat(c.getRow()).isOne(), c -> assertThat(c.getTableColumn()).isSameAs(unroll));
        assertThat(table.lookup(".cell-editor").isFocused()).isTrue();

        robot.write("5").press(KeyCode.SHIFT).type(KeyCode.TAB).release(KeyCode.SHIFT);
        assertThat(model.grid().rows().get(1).values()).containsEntry("UNROLL", "5");
        assertThat(table.getEditingCell()).satisfies(c -> assertThat(c.getRow()).isZero(), c -> assertThat(c.getTableColumn()).isSameAs(spin));
        robot.press(KeyCode.SHIFT).type(KeyCode.TAB).type(KeyCode.TAB).release(KeyCode.SHIFT);
        // Before the first cell the editing ends, and the grid keeps the focus.
        assertThat(table.getEditingCell()).isNull();
        assertThat(table.isFocused()).isTrue();
        assertThat(model.grid().rowValues()).containsExactly(java.util.Map.of("UNROLL", "8", "SPIN", "3"), java.util.Map.of("UNROLL", "5", "SPIN", "0"));
        assertThat(dialogs.problems).isEmpty();
    }

    @Test
    void runningASmallListFillsTheChartAndHighlightsTheBestRow(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0"), TinyProject.config("4", "0")));
        runToTheEnd(robot);
        assertThat(window.latencyChart().itemCount()).isEqualTo(3);
        ConfigRow best = model.grid().best();
        assertThat(best).isNotNull();
        List<Object> highlighted = robot.lookup(".table-row-cell").queryAll().stream()
                .map(n -> (TableRow<?>) n)
                .filter(r -> r.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("best")))
                .map(r -> (Object) r.getItem()).toList();
        assertThat(highlighted).singleElement().isSameAs(best);
        assertThat(dialogs.problems).isEmpty();

        // Clicking a bar selects its config in the grid and shows it in the editor.
        var canvas = window.latencyChart().viewer().getCanvas();
        var bars = new java.util.concurrent.atomic.AtomicReference<java.awt.geom.Rectangle2D>();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> {
            robot.interact(() -> bars.set(barOf(canvas, 2)));
            return bars.get() != null;
        });
        var bar = bars.get();
        var point = canvas.localToScreen(bar.getCenterX(), bar.getCenterY());
        robot.clickOn(point.getX(), point.getY());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(model.selectedProperty().get()).isSameAs(model.grid().rows().get(1));
        assertThat(table(robot).getSelectionModel().getSelectedItem()).isSameAs(model.grid().rows().get(1));
        assertThat(model.editor().shownLabelProperty().get()).isEqualTo("No.2");
        assertThat(model.editor().shownConfigProperty().get()).isEqualTo(model.grid().configOf(model.grid().rows().get(1)));

        // Apply best writes the best values into the source; one undo restores the previous text.
        var area = window.editorView().area();
        String before = area.getText();
        robot.clickOn("#applyBest");
        WaitForAsyncUtils.waitForFxEvents();
        String bestUnroll = best.values().get("UNROLL");
        assertThat(area.getText()).contains("int UNROLL = " + bestUnroll + "; // tunable");
        assertThat(java.nio.file.Files.readString(dir.resolve("scale.c"))).isEqualTo(area.getText());
        robot.interact(area::undo);
        assertThat(area.getText()).isEqualTo(before);
    }

    @Test
    void compareWaitsForTwoSelectedConfigsInsteadOfAnsweringWithAnError(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        var compare = robot.lookup("#compareButton").queryButton();
        robot.interact(() -> table(robot).getSelectionModel().clearSelection());
        assertThat(compare.isDisabled()).isTrue();
        assertThat(compare.getTooltip().getText()).contains("Select two rows");
        robot.interact(() -> table(robot).getSelectionModel().select(0));
        // One row and no best to compare it with: still nothing to compare.
        assertThat(compare.isDisabled()).isTrue();
        robot.interact(() -> table(robot).getSelectionModel().selectAll());
        assertThat(compare.isDisabled()).isFalse();
        assertThat(dialogs.problems).isEmpty();
    }

    /** Where the chart drew the bar of config {@code number}, in the canvas's coordinates; null before it drew. */
    private static java.awt.geom.Rectangle2D barOf(org.jfree.chart.fx.ChartCanvas canvas, int number) {
        var info = canvas.getRenderingInfo();
        if (info == null || info.getEntityCollection() == null) return null;
        for (var entity : info.getEntityCollection().getEntities()) {
            if (entity instanceof org.jfree.chart.entity.XYItemEntity item && item.getDataset().getSeriesCount() > 0
                    && item.getSeriesIndex() == 0 && Math.round(item.getDataset().getXValue(0, item.getItem())) == number) {
                return item.getArea().getBounds2D();
            }
        }
        return null;
    }

    @Test
    void measurementFieldsShowTheProjectsSettingsAndFeedTheRunEvenAfterGarbageCollection(FxRobot robot) throws Exception {
        for (int i = 0; i < 3; i++) System.gc();
        open(robot, List.of(TinyProject.config("1", "0")));
        var repeat = robot.lookup("#repeatField").queryAs(javafx.scene.control.TextField.class);
        robot.interact(() -> assertThat(repeat.getText()).isEqualTo(Integer.toString(model.run().settings().repeatProperty().get())));
        robot.interact(() -> model.run().settings().repeatProperty().set(7));
        robot.interact(() -> assertThat(repeat.getText()).isEqualTo("7"));
        robot.interact(() -> {
            repeat.setText("4");
            repeat.commitValue();
        });
        robot.interact(() -> assertThat(model.run().settings().repeatProperty().get()).isEqualTo(4));
        // A warm-up given in calls goes back to the time beside it with 0; a repeat of 0 is refused.
        var calls = robot.lookup("#warmupCallsField").queryAs(javafx.scene.control.TextField.class);
        for (String typed : List.of("5", "0")) {
            robot.interact(() -> {
                calls.setText(typed);
                calls.commitValue();
            });
            robot.interact(() -> assertThat(model.run().settings().warmupCallsProperty().get()).isEqualTo(Integer.parseInt(typed)));
        }
        robot.interact(() -> {
            repeat.setText("0");
            repeat.commitValue();
        });
        robot.interact(() -> assertThat(model.run().settings().repeatProperty().get()).isEqualTo(4));
    }

    @Test
    void typingANewTunableLineAddsAGridColumn(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0")));
        assertThat(columnIds(robot)).contains("param-UNROLL", "param-SPIN").doesNotContain("param-TILE");
        var area = window.editorView().area();
        robot.interact(() -> {
            area.moveTo(2, 0);
            area.requestFocus();
        });
        robot.write("    int TILE = 16; // tunable\n");
        // Markers are re-read while typing, so wait for the state after the whole line, newline included.
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> columnIds(robot).containsAll(List.of("param-TILE", "param-SPIN")));
        assertThat(columnIds(robot)).containsSubsequence("param-UNROLL", "param-TILE", "param-SPIN");
        robot.interact(() -> assertThat(area.getParagraph(2).getParagraphStyle()).contains("tunable-line"));
    }

    /** The grid's column ids, read on the JavaFX thread (the columns change there while the test polls). */
    private List<String> columnIds(FxRobot robot) {
        var ids = new java.util.ArrayList<String>();
        robot.interact(() -> table(robot).getColumns().stream().map(TableColumn::getId).filter(java.util.Objects::nonNull).forEach(ids::add));
        return ids;
    }

    @Test
    void aCompileErrorIsMarkedOnItsLine(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("no_such_name", "0")));
        runToTheEnd(robot);
        robot.interact(() -> model.selectNumber(2));
        WaitForAsyncUtils.waitForFxEvents();
        var area = window.editorView().area();
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> area.getParagraph(1).getParagraphStyle().contains("error-line"));
        assertThat(model.editor().errorsByLine()).containsOnlyKeys(2);
        assertThat(model.editor().errorsByLine().get(2)).contains("no_such_name");
        assertThat(area.getParagraph(0).getParagraphStyle()).doesNotContain("error-line");

        // The compiler's message shows on hover.
        robot.interact(() -> area.showParagraphAtTop(0));
        int start = area.getAbsolutePosition(1, 8);
        var boxes = new java.util.ArrayList<javafx.geometry.Bounds>();
        robot.interact(() -> boxes.add(area.getCharacterBoundsOnScreen(start, start + 1).orElseThrow()));
        var bounds = boxes.getFirst();
        robot.moveTo(new javafx.geometry.Point2D(bounds.getCenterX(), bounds.getCenterY()));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup(".error-popup").tryQuery().map(n -> n.isVisible()).orElse(false));
        assertThat(robot.lookup(".error-popup").queryLabeled().getText()).contains("no_such_name");
    }

    @Test
    void stoppingInTheMiddleKeepsTheFinishedRecords(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("1", "400000000"),
                TinyProject.config("2", "400000000"), TinyProject.config("4", "400000000")));
        robot.clickOn("#runButton");
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> model.grid().rows().getFirst().record() != null);
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !model.run().isRunning());
        WaitForAsyncUtils.waitForFxEvents();
        long finished = model.grid().rows().stream().filter(r -> r.record() != null).count();
        assertThat(finished).isBetween(1L, 3L);
        assertThat(RecordFile.read(dir.resolve("records.jsonl"))).hasSize((int) finished);
        assertThat(window.latencyChart().itemCount()).isEqualTo((int) finished);
        assertThat(model.run().messageProperty().get()).startsWith("Stopped after");
    }

    @Test
    void ctrlTabMovesBetweenThePanesAndAVariantViewTakesNoKeysIntoTheKernel(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        String kernel = model.editor().textProperty().get();
        robot.clickOn("#sourceArea");
        robot.press(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.TAB).release(javafx.scene.input.KeyCode.TAB, javafx.scene.input.KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        var owner = robot.lookup("#configTable").query().getScene().getFocusOwner();
        assertThat(owner).isSameAs(robot.lookup("#configTable").query());
        assertThat(model.editor().textProperty().get()).isEqualTo(kernel);

        robot.interact(() -> model.selectNumber(2));
        robot.interact(() -> model.editor().modeProperty().set(org.tuningworkbench.app.editor.ViewMode.VARIANT));
        robot.clickOn("#variantArea");
        robot.type(javafx.scene.input.KeyCode.TAB).write("x");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(model.editor().textProperty().get()).isEqualTo(kernel);
    }

    @Test
    void deletedRowsComeBackWithCtrlZInTheGridWhileTypingInTheSourceUndoesOnlyTyping(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0"), TinyProject.config("4", "0")));
        var table = table(robot);
        robot.interact(() -> {
            table.requestFocus();
            table.getSelectionModel().selectRange(0, 2);
        });
        robot.type(KeyCode.DELETE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(model.grid().rows()).hasSize(1);

        robot.clickOn("#sourceArea").write("x");
        WaitForAsyncUtils.waitForFxEvents();
        robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(model.editor().textProperty().get()).isEqualTo(TinyProject.KERNEL);
        assertThat(model.grid().rows()).as("Ctrl+Z in the source undoes typing, not the grid").hasSize(1);

        robot.interact(table::requestFocus);
        robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(model.grid().rows()).extracting(r -> r.values().get("UNROLL")).containsExactly("1", "2", "4");
        robot.press(KeyCode.CONTROL, KeyCode.Y).release(KeyCode.Y, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(model.grid().rows()).hasSize(1);
    }

    @Test
    void ctrlBHidesAndShowsTheRunSettingsSoASmallScreenGivesTheirWidthToTheWork(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0")));
        assertThat(window.sidePanelShown()).isTrue();
        robot.interact(() -> table(robot).requestFocus());
        robot.press(KeyCode.CONTROL, KeyCode.B).release(KeyCode.B, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.sidePanelShown()).isFalse();
        assertThat(robot.lookup("#runButton").tryQuery()).as("Run stays on the tool bar").isPresent();
        robot.press(KeyCode.CONTROL, KeyCode.B).release(KeyCode.B, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.sidePanelShown()).isTrue();
    }

    @Test
    void aRecordedSpaceShowsItsDeviceAndNoneOfWhatMeasuringOrASourceNeeds(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0")));
        assertThat(robot.lookup("#deviceName").queryLabeled().getText()).isEqualTo("CPU (this machine)");
        assertThat(robot.lookup("#measurementSettings").query().isVisible()).isTrue();
        assertThat(robot.lookup("#gettingStarted").query().isVisible()).isTrue();
        assertThat(visibleColumns(robot)).contains("GFLOP/s");

        java.nio.file.Path space = dir.resolve("space.json");
        java.nio.file.Files.writeString(space, """
                {"device_name": "Test GPU", "kernel_name": "test", "objective": "time", "tune_params_keys": ["TILE"],
                 "tune_params": {"TILE": [1, 2]}, "cache": {"1": {"TILE": 1, "time": 1.5}, "2": {"TILE": 2, "time": 1.0}}}
                """);
        robot.interact(() -> assertThat(model.open(space)).isTrue());
        robot.interact(window::drainEvents);
        assertThat(robot.lookup("#deviceName").queryLabeled().getText()).isEqualTo("Test GPU");
        assertThat(robot.lookup("#deviceDetail").queryLabeled().getText()).contains("nothing runs on this machine");
        assertThat(robot.lookup("#measurementSettings").query().isVisible()).isFalse();
        assertThat(robot.lookup("#gettingStarted").query().isVisible()).isFalse();
        assertThat(model.grid().best()).isNotNull();
        assertThat(robot.lookup("#applyBest").query().isDisabled()).as("no source to write the best into").isTrue();
        // Nothing is measured to resume from: a replay starts afresh, as Run does (Resume did the same under its own name).
        assertThat(robot.lookup("#resumeButton").query().isDisabled()).as("no record file to resume").isTrue();
        assertThat(robot.lookup("#runButton").query().isDisabled()).isFalse();
        // A recorded space has no [work]: no row has a rate, and no empty rate column stands beside the medians.
        assertThat(visibleColumns(robot)).contains("Median").doesNotContain("GFLOP/s", "GB/s");
    }

    private List<String> visibleColumns(FxRobot robot) {
        return table(robot).getColumns().stream().filter(TableColumn::isVisible).map(TableColumn::getText).toList();
    }
}
