package org.tuningworkbench.app.configs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.app.shell.Theme;
import org.tuningworkbench.engine.analysis.Claims;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.JudgedStatus;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Confirmation;
import org.tuningworkbench.tiers.SystemTest;

/**
 * The grid's Status column says each status whole, the confirmed ones' too, at the width the grid has on a 1024-pixel
 * screen; a confirmed row's figures are all of what its confirmed median is of.
 */
@ExtendWith(ApplicationExtension.class)
@SystemTest
class StatusColumnTest {

    private final ConfigGridViewModel model = new ConfigGridViewModel();
    private ConfigGridView grid;

    @Start
    void start(Stage stage) {
        grid = new ConfigGridView(model);
        var scene = new Scene(grid, 800, 300);
        scene.getStylesheets().add(Theme.STYLESHEET);
        stage.setScene(scene);
        stage.show();
    }

    /** A noisy config's record (its CV 12%), racing stopped ahead of the best so far. */
    private static TuningRecord noisy(String unroll, double median) {
        return TuningRecord.builder().trial(1).time("t").project("p").config(Map.of("UNROLL", unroll)).status(Status.OK)
                .timing(TuningRecord.Timing.ofSamples(List.of(median, median * 1.3, median * 0.8), 1L).withStop("clearly ahead of the best", Racing.Stop.AHEAD))
                .statistics(new TuningRecord.Statistics(median, median * 0.8, median * 1.3, median, median * 0.12, 0.12, true, null, null, null)).build();
    }

    /** {@code row}'s config measured again at {@code median}, ranked {@code rank}. */
    private static Confirmation.Entry confirmed(ConfigRow row, double median, int rank) {
        return confirmed(row, median, rank, 0);
    }

    /** Confirmed in three rounds at {@code median}, the first and last {@code spread} (a share) either side of it. */
    private static Confirmation.Entry confirmed(ConfigRow row, double median, int rank, double spread) {
        var rounds = List.of(median * (1 - spread), median, median * (1 + spread));
        var figures = ConfirmedFigures.of("t", Objective.TIME, rank, rank, 3, rounds, rounds, median, median);
        return new Confirmation.Entry("UNROLL=" + row.value("UNROLL"), row.record().confirmed(figures));
    }

    @Test
    void aConfirmedRowsCvIsOfTheRoundsItsMedianIsOf(FxRobot robot) {
        robot.interact(() -> {
            model.setRows(List.of(Map.of("UNROLL", "1"), Map.of("UNROLL", "2")));
            model.rows().get(0).setRecord(noisy("1", 10), "");
            model.rows().get(1).setRecord(noisy("2", 11), "");
            model.updateRanking();
            model.confirm(new Confirmation.Result(List.of(confirmed(model.rows().get(0), 10.5, 1), confirmed(model.rows().get(1), 11.5, 2)),
                    3, true, true, 18, 0));
        });
        var cv = grid.table().getColumns().stream().filter(c -> "CV".equals(c.getText())).findFirst().orElseThrow();
        ConfigRow first = model.rows().getFirst();
        // The search's samples spread 12%; the three rounds its confirmed median of 10.5 µs is of do not spread at all.
        assertThat(first.record().cv()).isEqualTo(0.12);
        assertThat(first.standingMedianUs()).isEqualTo(10.5);
        assertThat(Claims.cvOf((TuningRecord) cv.getCellData(first))).isEqualTo(Claims.cvOf(first.record())).isEqualTo(0.0);
    }

    @Test
    void aConfigOfOneSampleSaysSoInTheCvColumnAsShowDoes(FxRobot robot) {
        // Racing stopped it after one sample: no spread to tell. `show` says "1 sample, raced out" there; the cell stood empty.
        var one = TuningRecord.of(Map.of("UNROLL", "1"), Status.OK, List.of(12.0));
        robot.interact(() -> {
            model.setRows(List.of(Map.of("UNROLL", "1"), Map.of("UNROLL", "2"), Map.of("UNROLL", "4")));
            model.rows().get(1).setRecord(noisy("2", 11), "");
            model.updateRanking();
        });
        WaitForAsyncUtils.waitForFxEvents();
        // Its result arrives in a row laid out already, whose CV was and stays none.
        robot.interact(() -> model.rows().get(0).setRecord(one, ""));
        WaitForAsyncUtils.waitForFxEvents();
        var shown = new java.util.HashMap<Integer, String>();
        for (var cell : robot.lookup(".table-cell").queryAllAs(TableCell.class)) {
            if (cell.getTableColumn() == null || !"CV".equals(cell.getTableColumn().getText()) || cell.getTableRow() == null) continue;
            shown.put(cell.getTableRow().getIndex(), cell.getText());
        }
        assertThat(shown.get(0)).isEqualTo(one.samplesText()).isEqualTo("1 sample");
        assertThat(shown.get(1)).isEqualTo(Figures.percent(Claims.cvOf(model.rows().get(1).record())));
        // A row not measured says nothing.
        assertThat(shown.get(2)).isNull();
    }

    @Test
    void aConfigOfItsVerifiedCallAloneSaysSoWholeInTheCvColumn(FxRobot robot) {
        // Racing stopped it on its verified call: no sample at all. "verified call only" was cut to "verifie…" at 76 pixels.
        var alone = TuningRecord.builder().trial(1).time("t").project("p").config(Map.of("UNROLL", "1")).status(Status.OK)
                .timing(TuningRecord.Timing.ofSamples(List.of(), 1L).withStop("slower than the best on its verified call", Racing.Stop.VERIFIED_CALL))
                .statistics(new TuningRecord.Statistics(75.0, 75.0, 75.0, 75.0, 0.0, 0.0, false, null, null, null)).build();
        assertThat(alone.samplesText()).isEqualTo("verified call only");
        robot.interact(() -> {
            model.setRows(List.of(Map.of("UNROLL", "1"), Map.of("UNROLL", "2")));
            model.rows().get(1).setRecord(noisy("2", 11), "");
            model.rows().get(0).setRecord(alone, "");
            model.updateRanking();
        });
        // The column widens in the frame after the cell found its text cut.
        for (int frame = 0; frame < 3; frame++) WaitForAsyncUtils.waitForFxEvents();
        assertThat(shownCv(robot, 0)).isEqualTo("verified call only");
    }

    /** What the CV cell of row {@code index} shows of its text (its text, or the text cut short with an ellipsis). */
    private static String shownCv(FxRobot robot, int index) {
        for (var cell : robot.lookup(".table-cell").queryAllAs(TableCell.class)) {
            if (cell.getTableColumn() == null || !"CV".equals(cell.getTableColumn().getText()) || cell.getTableRow() == null
                    || cell.getTableRow().getIndex() != index) continue;
            return cell.lookup(".text") instanceof Text text ? text.getText() : null;
        }
        return null;
    }

    /** What each status cell shows of its text (its text, or the text cut short with an ellipsis), by the text it has. */
    private static Map<String, String> shownStatuses(FxRobot robot) {
        var shown = new java.util.LinkedHashMap<String, String>();
        for (var cell : robot.lookup(".table-cell").queryAllAs(TableCell.class)) {
            TableColumn<?, ?> column = cell.getTableColumn();
            if (column == null || !"statusColumn".equals(column.getId()) || cell.getText() == null || cell.getText().isEmpty()) continue;
            shown.put(cell.getText(), cell.lookup(".text") instanceof Text text ? text.getText() : "");
        }
        return shown;
    }

    @Test
    void aConfirmedStatusReadsWholeAndItsFigureIsTheMedianColumns(FxRobot robot) {
        robot.interact(() -> {
            model.setRows(List.of(Map.of("UNROLL", "1"), Map.of("UNROLL", "2"), Map.of("UNROLL", "4")));
            double[] medians = {10, 11, 12};
            for (int i = 0; i < 3; i++) model.rows().get(i).setRecord(noisy(List.of("1", "2", "4").get(i), medians[i]), "");
            model.updateRanking();
        });
        // Shown as the run left them, then confirmed: the cells change their text in place.
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            // Rounds that spread 15%: a confirmed config is judged noisy on its rounds, and its status reads long.
            model.confirm(new Confirmation.Result(List.of(confirmed(model.rows().get(0), 10.5, 1, 0.15), confirmed(model.rows().get(1), 11.5, 2, 0.15)),
                    3, true, true, 18, 0));
        });
        // Pulses as the window has them, no layout asked for beyond what the confirmation itself causes: within a few the
        // statuses read whole (a column widened during a layout never got there: its header stayed narrow, its texts cut).
        try {
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> shownStatuses(robot).entrySet().stream().allMatch(e -> e.getKey().equals(e.getValue())));
        } catch (java.util.concurrent.TimeoutException e) {
            // Said by the assertions below, with what was shown.
        }

        ConfigRow first = model.rows().getFirst();
        // The confirmed figure is said once, in the Median column; the status says the rank and what was judged of the run.
        assertThat(first.state()).startsWith("ok · confirmed #1").isEqualTo(JudgedStatus.of(first.record()).text());
        assertThat(first.state()).isEqualTo("ok · confirmed #1 · noisy · stopped ahead");
        assertThat(first.standingMedianUs()).isEqualTo(10.5);

        // The header widened with the cells: the columns after it stay under their headers.
        var status = grid.table().getColumns().stream().filter(c -> "statusColumn".equals(c.getId())).findFirst().orElseThrow();
        var header = robot.lookup(".column-header").queryAllAs(javafx.scene.control.skin.TableColumnHeader.class).stream()
                .filter(h -> h.getTableColumn() == status).findFirst().orElseThrow();
        for (var cell : robot.lookup(".table-cell").queryAllAs(TableCell.class)) {
            if (cell.getTableColumn() == status && cell.getText() != null && !cell.getText().isEmpty()) {
                assertThat(cell.getWidth()).as("the status cell of \"" + cell.getText() + "\" under its header").isEqualTo(header.getWidth());
            }
        }

        var shown = shownStatuses(robot);
        assertThat(shown).containsKeys(first.state(), model.rows().get(2).state());
        shown.forEach((text, cellShows) -> assertThat(cellShows).as("the status cell of \"" + text + "\"").isEqualTo(text));
    }
}
