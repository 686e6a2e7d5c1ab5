package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.skin.TableColumnHeader;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.app.shell.Theme;

/**
 * No. and the result columns stay at the left of the grid while twelve parameter columns scroll beneath
 * them. With {@code -Dgrid.snapshots=DIR} the scrolled grid is also saved there, light and dark.
 */
class FrozenGridColumnsTest extends WindowTest {

    private static final int PARAMETERS = 12;

    /** A recorded space of eight configs over twelve parameters (TILE_SIZE_01 … TILE_SIZE_12), every one measured. */
    private void openWideSpace(FxRobot robot) throws Exception {
        var names = new ArrayList<String>();
        for (int p = 1; p <= PARAMETERS; p++) names.add(String.format("\"TILE_SIZE_%02d\"", p));
        var cache = new StringBuilder();
        for (int c = 0; c < 8; c++) {
            var key = new ArrayList<String>();
            var entry = new StringBuilder();
            for (int p = 1; p <= PARAMETERS; p++) {
                int value = p == 1 ? c + 1 : 1;
                key.add(Integer.toString(value));
                entry.append(names.get(p - 1)).append(": ").append(value).append(", ");
            }
            cache.append(cache.isEmpty() ? "" : ",\n").append("\"").append(String.join(",", key)).append("\": {")
                    .append(entry).append("\"time\": ").append(1.5 + 0.25 * c).append("}");
        }
        var values = new StringBuilder();
        for (int p = 1; p <= PARAMETERS; p++) values.append(p == 1 ? "" : ", ").append(names.get(p - 1)).append(": ").append(p == 1 ? "[1, 2, 3, 4, 5, 6, 7, 8]" : "[1]");
        Path file = dir.resolve("wide.json");
        Files.writeString(file, "{\"device_name\": \"Test GPU\", \"kernel_name\": \"wide\", \"objective\": \"time\",\n"
                + "\"tune_params_keys\": [" + String.join(", ", names) + "],\n"
                + "\"tune_params\": {" + values + "},\n"
                + "\"cache\": {\n" + cache + "\n}}\n");
        robot.interact(() -> assertThat(model.open(file)).isTrue());
        robot.interact(window::drainEvents);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static TableColumn<ConfigRow, ?> column(TableView<ConfigRow> table, String title) {
        return table.getColumns().stream().filter(c -> c.getText().equals(title)).findFirst().orElseThrow();
    }

    private static ScrollBar horizontalBar(TableView<ConfigRow> table) {
        return table.lookupAll(".scroll-bar").stream().map(n -> (ScrollBar) n)
                .filter(b -> b.getOrientation() == Orientation.HORIZONTAL).findFirst().orElseThrow();
    }

    private static Node header(TableView<ConfigRow> table, String title) {
        return table.lookupAll(".column-header").stream()
                .filter(n -> n instanceof TableColumnHeader h && h.getTableColumn() != null && title.equals(h.getTableColumn().getText()))
                .findFirst().orElseThrow();
    }

    private static Node firstRowCell(TableView<ConfigRow> table, String title) {
        return table.lookupAll(".table-row-cell").stream().map(n -> (TableRow<?>) n).filter(r -> r.getIndex() == 0 && r.isVisible())
                .flatMap(r -> r.getChildrenUnmodifiable().stream())
                .filter(n -> n instanceof TableCell<?, ?> c && c.getTableColumn() != null && title.equals(c.getTableColumn().getText()))
                .findFirst().orElseThrow();
    }

    private static Bounds onScreen(Node node) {
        return node.localToScreen(node.getBoundsInLocal());
    }

    /** Where the scrolling columns show: from the frozen edge to the table's right. */
    private static Bounds scrollingArea(TableView<ConfigRow> table) {
        Bounds edge = onScreen(header(table, "% of best"));
        Bounds all = onScreen(table);
        return new javafx.geometry.BoundingBox(edge.getMaxX(), all.getMinY(), all.getMaxX() - edge.getMaxX(), all.getHeight());
    }

    @Test
    void everyParameterHeaderShowsItsWholeNameInBoldAndTheColumnKeepsItsWidthAsRowsChange(FxRobot robot) throws Exception {
        openWideSpace(robot);
        var table = table(robot);
        robot.interact(() -> assertWholeHeaders(table));
        // Another row (with short values) fits the columns again: the headers stay whole.
        robot.interact(() -> model.grid().rows().removeLast());
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> assertWholeHeaders(table));
    }

    private static void assertWholeHeaders(TableView<ConfigRow> table) {
        table.applyCss();
        table.layout();
        for (int p = 1; p <= PARAMETERS; p++) {
            String title = String.format("TILE_SIZE_%02d", p);
            var text = (javafx.scene.text.Text) header(table, title).lookup(".label").lookup(".text");
            assertThat(text.getText()).as(title + "'s header as shown").isEqualTo(title);
            assertThat(text.getFont().getStyle()).as(title + "'s header font").containsIgnoringCase("bold");
        }
    }

    @Test
    void aStatusCellCarriesTheClassesOfItsStatusAlone(FxRobot robot) throws Exception {
        openWideSpace(robot);
        var table = table(robot);
        var row = table.getItems().get(0);
        for (String state : List.of("ok · noisy", "ok · noisy", "ok · raced out", "ok · not verified · stopped ahead", "compile error", "measuring", "")) {
            robot.interact(() -> row.setState(state));
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> {
                var classes = firstRowCell(table, "Status").getStyleClass().stream().filter(c -> c.startsWith("status-")).toList();
                var expected = switch (state) {
                    case "ok · noisy", "ok · not verified · stopped ahead" -> List.of("status-ok", "status-doubtful");
                    case "ok · raced out" -> List.of("status-ok");
                    case "compile error" -> List.of("status-compile-error");
                    case "measuring" -> List.of("status-measuring");
                    default -> List.<String>of();
                };
                assertThat(classes).as(state).isEqualTo(expected);
            });
        }
    }

    @Test
    void scrolledFullyRightNoAndTheResultsStayInViewAndTheFirstParametersLeaveIt(FxRobot robot) throws Exception {
        openWideSpace(robot);
        var table = table(robot);
        saveSnapshots(robot, "start");
        var tableBounds = new AtomicReference<Bounds>();
        robot.interact(() -> {
            tableBounds.set(onScreen(table));
            assertThat(tableBounds.get().contains(onScreen(header(table, "TILE_SIZE_01")))).as("the first parameter shows at first").isTrue();
            var bar = horizontalBar(table);
            assertThat(bar.getMax()).as("twelve parameters are wider than the grid").isGreaterThan(0);
            bar.setValue(bar.getMax());
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            for (String title : List.of("No.", "Median")) {
                assertThat(tableBounds.get().contains(onScreen(header(table, title)))).as(title + "'s header in view").isTrue();
                assertThat(tableBounds.get().contains(onScreen(firstRowCell(table, title)))).as(title + "'s first cell in view").isTrue();
            }
            assertThat(onScreen(header(table, "No.")).getMinX()).isCloseTo(tableBounds.get().getMinX(), org.assertj.core.data.Offset.offset(2.0));
            var scrolling = scrollingArea(table);
            for (Node gone : List.of(header(table, "TILE_SIZE_01"), firstRowCell(table, "TILE_SIZE_01"))) {
                assertThat(onScreen(gone).getMaxX()).as("the first parameter scrolled out of view").isLessThanOrEqualTo(scrolling.getMinX() + 0.5);
            }
            assertThat(scrolling.contains(onScreen(header(table, "TILE_SIZE_12")))).as("the last parameter in view").isTrue();
        });
        robot.interact(() -> {
            table.requestFocus();
            table.getSelectionModel().select(2);
        });
        saveSnapshots(robot, "scrolled");
    }

    @Test
    void theFrozenHeadersAndCellsTakeTheClicksAboveTheScrolledOnes(FxRobot robot) throws Exception {
        openWideSpace(robot);
        var table = table(robot);
        robot.interact(() -> horizontalBar(table).setValue(horizontalBar(table).getMax()));
        WaitForAsyncUtils.waitForFxEvents();
        var median = new AtomicReference<Bounds>();
        robot.interact(() -> median.set(onScreen(header(table, "Median"))));
        robot.clickOn(median.get().getCenterX(), median.get().getCenterY());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table.getSortOrder()).containsExactly(column(table, "Median"));
        assertThat(table.getItems()).extracting(r -> r.record().medianUs()).isSorted();

        var number = new AtomicReference<Bounds>();
        robot.interact(() -> number.set(onScreen(firstRowCell(table, "No."))));
        robot.clickOn(number.get().getCenterX(), number.get().getCenterY());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table.getSelectionModel().getSelectedIndex()).isZero();
        assertThat(model.selectedProperty().get()).isSameAs(table.getItems().getFirst());

        // The frozen Median's right edge resizes it.
        double width = column(table, "Median").getWidth();
        robot.interact(() -> median.set(onScreen(header(table, "Median"))));
        robot.drag(median.get().getMaxX(), median.get().getCenterY()).dropBy(30, 0);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(column(table, "Median").getWidth()).isCloseTo(width + 30, org.assertj.core.data.Offset.offset(2.0));

        // A parameter dragged onto the frozen columns goes back behind them.
        var last = new AtomicReference<Bounds>();
        var status = new AtomicReference<Bounds>();
        robot.interact(() -> {
            last.set(onScreen(header(table, "TILE_SIZE_12")));
            status.set(onScreen(header(table, "Status")));
        });
        robot.drag(last.get().getCenterX(), last.get().getCenterY()).dropTo(new javafx.geometry.Point2D(status.get().getMinX() + 5, status.get().getCenterY()));
        WaitForAsyncUtils.waitForFxEvents();
        // The space has no [work]: its rate column is hidden.
        assertThat(table.getVisibleLeafColumns().subList(0, 5)).extracting(TableColumn::getText)
                .containsExactly("No.", "Status", "Median", "CV", "% of best");
        assertThat(table.getColumns()).extracting(TableColumn::getText).contains("TILE_SIZE_12");
    }

    @Test
    void aParameterBroughtIntoViewOrEditedComesOutBesideTheFrozenColumnsNotUnderThem(FxRobot robot) throws Exception {
        openWideSpace(robot);
        var table = table(robot);
        robot.interact(() -> horizontalBar(table).setValue(horizontalBar(table).getMax()));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> table.scrollToColumn(column(table, "TILE_SIZE_02")));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            var scrolling = scrollingArea(table);
            assertThat(onScreen(header(table, "TILE_SIZE_02")).getMinX()).isCloseTo(scrolling.getMinX(), org.assertj.core.data.Offset.offset(1.0));
        });

        // Editing a cell half under the frozen columns brings it out whole, its field in view.
        robot.interact(() -> horizontalBar(table).setValue(horizontalBar(table).getValue() + 40));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> table.edit(0, column(table, "TILE_SIZE_02")));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            var field = (TextField) table.lookup(".cell-editor");
            assertThat(field).isNotNull();
            assertThat(scrollingArea(table).contains(onScreen(field))).as("the field being edited shows whole").isTrue();
        });
    }

    /** With {@code -Dgrid.snapshots=DIR}: the window in light and dark, saved as {@code DIR/frozen-grid-NAME-THEME.png}. */
    private void saveSnapshots(FxRobot robot, String name) throws Exception {
        String folder = System.getProperty("grid.snapshots");
        if (folder == null) return;
        for (Theme theme : Theme.values()) {
            robot.interact(() -> window.setTheme(theme));
            WaitForAsyncUtils.waitForFxEvents();
            var image = new AtomicReference<javafx.scene.image.WritableImage>();
            robot.interact(() -> image.set(window.root().getScene().snapshot(null)));
            var file = Path.of(folder, "frozen-grid-" + name + "-" + theme.name().toLowerCase(java.util.Locale.ROOT) + ".png").toFile();
            javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(image.get(), null), "png", file);
        }
        robot.interact(() -> window.setTheme(Theme.LIGHT));
    }
}
