package org.tuningworkbench.app.configs;

import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.Tooltip;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import org.tuningworkbench.engine.analysis.Claims;
import org.tuningworkbench.engine.format.Numbers;
import org.tuningworkbench.engine.record.JudgedStatus;
import org.tuningworkbench.engine.record.TuningRecord;

/** The grid's columns of results, which are read, not edited: the status, figures of the record, the share of the best, the project's metrics. */
final class ResultColumns {

    private ResultColumns() {}

    /** A figure a record may have (its median, its CV), null when it has none. */
    interface RecordFigure {
        Double of(TuningRecord r);
    }

    /**
     * The row's status ("ok · noisy", "compile error"), coloured by it. The column widens to the longest status a cell
     * has shown ("ok · confirmed #1 · noisy · stopped ahead" read whole, not cut to "ok · confirmed #1: …"), and the
     * tooltip says it whole too.
     */
    static TableColumn<ConfigRow, String> status(String title, double width, Function<ConfigRow, ObservableValue<String>> value) {
        var column = new TableColumn<ConfigRow, String>(title);
        column.setCellValueFactory(c -> value.apply(c.getValue()));
        column.setPrefWidth(width);
        column.setEditable(false);
        column.setCellFactory(c -> new WideningCell<>() {
            /** The whole text, in a tooltip. */
            private final Tooltip whole = new Tooltip();

            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                if (!empty) refit(item);
                whole.setText(item);
                boolean shown = !empty && item != null && !item.isEmpty();
                setTooltip(shown ? whole : null);
                // "ok · unsteady": coloured by its status, and marked as judged doubtful ("ok · raced out" is not: racing
                // stopped it). The classes change only when the status does: each change restyles the cell, and a grid's
                // every visible cell is updated whenever rows join it.
                List<String> classes = !shown ? List.of()
                        : JudgedStatus.doubtful(item) ? List.of(statusClass(item), "status-doubtful") : List.of(statusClass(item));
                List<String> current = getStyleClass().stream().filter(s -> s.startsWith("status-")).toList();
                if (!current.equals(classes)) {
                    getStyleClass().removeAll(current);
                    getStyleClass().addAll(classes);
                }
            }
        });
        return column;
    }

    /**
     * A cell whose column widens to show its text whole, never narrower than it was. Measured once laid out, when the
     * cell has its style (its font, its padding); widened after that layout, not during it, so that the header and every
     * row's cells widen together (a column widened during a layout kept a narrow header).
     */
    private abstract static class WideningCell<T> extends TableCell<ConfigRow, T> {
        /** The text last measured against the column, and the width it needs: a cell measures each text once. */
        private String measured;
        private double needed;

        @Override
        protected void layoutChildren() {
            fit(getText());
            super.layoutChildren();
        }

        /**
         * A text changed in place ("ok · noisy" confirmed) in a cell laid out before, which has its style: measured now, as a
         * cell whose size does not change is not laid out again for a new text.
         */
        void refit(String text) {
            if (measured != null) fit(text);
        }

        private void fit(String text) {
            var column = getTableColumn();
            if (text == null || text.isEmpty() || column == null) return;
            if (!text.equals(measured)) {
                measured = text;
                needed = widthOf(this, text);
            }
            double width = needed;
            if (column.getPrefWidth() < width) Platform.runLater(() -> column.setPrefWidth(Math.max(column.getPrefWidth(), width)));
        }
    }

    /** The width {@code cell} needs to show {@code text} whole, in bold (the best row's weight, the widest). */
    private static double widthOf(Labeled cell, String text) {
        var shown = new Text(text);
        Font font = cell.getFont();
        shown.setFont(Font.font(font.getFamily(), FontWeight.BOLD, font.getSize()));
        return Math.ceil(cell.snappedLeftInset() + shown.getLayoutBounds().getWidth() + cell.snappedRightInset()) + 2;
    }

    /** The style class of a status text: {@code status-ok} for "ok · noisy", {@code status-compile-error} for "compile error". */
    private static String statusClass(String status) {
        int judged = status.indexOf(" · ");
        return "status-" + (judged < 0 ? status : status.substring(0, judged)).replace(' ', '-');
    }

    /** A figure of each row's record, right-aligned as {@code format} writes it; empty while the row has no record. */
    static TableColumn<ConfigRow, Double> figure(String title, double width, RecordFigure figure, Function<Double, String> format) {
        var column = new TableColumn<ConfigRow, Double>(title);
        column.setCellValueFactory(c -> Bindings.createObjectBinding(() -> {
            TuningRecord r = c.getValue().record();
            return r == null ? null : figure.of(r);
        }, c.getValue().recordProperty()));
        column.setCellFactory(c -> formatted(format));
        column.setPrefWidth(width);
        column.setEditable(false);
        column.setStyle("-fx-alignment: CENTER-RIGHT;");
        return column;
    }

    /**
     * A figure each row stands at ({@link ConfigRow#standingMedianUs()}), right-aligned as {@code format} writes it: its
     * record's, or the one its confirmation measured, so it changes with either.
     */
    static TableColumn<ConfigRow, Double> standing(String title, double width, Function<ConfigRow, Double> figure, Function<Double, String> format) {
        var column = new TableColumn<ConfigRow, Double>(title);
        column.setCellValueFactory(c -> Bindings.createObjectBinding(() -> figure.apply(c.getValue()), c.getValue().recordProperty(),
                c.getValue().stateProperty()));
        column.setCellFactory(c -> formatted(format));
        column.setPrefWidth(width);
        column.setEditable(false);
        column.setStyle("-fx-alignment: CENTER-RIGHT;");
        return column;
    }

    /**
     * The spread of what each row's figure rests on ({@link Claims#cvOf}: its confirmation's rounds once measured again),
     * sorted by it. A config measured on fewer than two samples has no spread to tell: its cell says what it rests on
     * ({@code 1 sample}, {@code verified call only}), as {@code show}'s CV column does, rather than standing empty.
     */
    static TableColumn<ConfigRow, TuningRecord> spread(String title, double width) {
        var column = new TableColumn<ConfigRow, TuningRecord>(title);
        column.setCellValueFactory(c -> c.getValue().recordProperty());
        column.setComparator(Comparator.comparing(Claims::cvOf, Comparator.nullsLast(Comparator.<Double>naturalOrder())));
        // Its column widens to what a cell says whole ("verified call only" was "verifie…").
        column.setCellFactory(c -> new WideningCell<>() {
            @Override
            protected void updateItem(TuningRecord r, boolean empty) {
                super.updateItem(r, empty);
                Double cv = empty ? null : Claims.cvOf(r);
                boolean restsOnFew = cv == null && r != null && r.ok() && r.medianUs() != null;
                setText(cv != null ? Figures.percent(cv) : restsOnFew ? r.samplesText() : null);
                setTooltip(restsOnFew ? new Tooltip("No spread to tell: it rests on " + r.samplesText()) : null);
                setAlignment(Pos.CENTER_RIGHT);
                if (!empty) refit(getText());
            }
        });
        column.setPrefWidth(width);
        column.setEditable(false);
        column.setStyle("-fx-alignment: CENTER-RIGHT;");
        return column;
    }

    /** A metric of the project's [metrics], beside the results: a figure of the run, not a value to edit. */
    static TableColumn<ConfigRow, Double> metric(String metric, double width) {
        var column = figure(metric, width, r -> r.metrics().get(metric), v -> v == null ? "" : Numbers.significant(v));
        column.setId("metric-" + metric);
        return column;
    }

    /** Each row's standing as a share of the best's, which changes with every change of the ranking. */
    static TableColumn<ConfigRow, Double> shareOfBest(ConfigGridViewModel model) {
        var share = new TableColumn<ConfigRow, Double>("% of best");
        share.setCellValueFactory(c -> Bindings.createObjectBinding(() -> model.shareOf(c.getValue()), c.getValue().recordProperty(), model.rankingProperty()));
        share.setCellFactory(c -> formatted(Figures::percent));
        share.setPrefWidth(84);
        share.setEditable(false);
        return share;
    }

    private static TableCell<ConfigRow, Double> formatted(Function<Double, String> format) {
        return new TableCell<>() {
            @Override
            protected void updateItem(Double item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : format.apply(item));
                setAlignment(Pos.CENTER_RIGHT);
            }
        };
    }
}
