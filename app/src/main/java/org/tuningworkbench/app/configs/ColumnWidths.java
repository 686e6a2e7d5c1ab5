package org.tuningworkbench.app.configs;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/**
 * The widths of the grid's columns: a parameter's as wide as its name and its longest value need
 * (up to 40 characters), the No. column as wide as the largest number.
 */
final class ColumnWidths {

    /** A cell's padding either side of its text (8 each, as the theme has it) and a little room. */
    private static final double CELL_PADDING = 22;

    private final TableView<ConfigRow> table;
    private final ConfigGridViewModel model;
    private final TableColumn<ConfigRow, Number> number;
    /** The width each parameter's header needs to show its name whole, as the theme draws it (bold); measured once styled. */
    private final Map<String, Double> headerWidths = new HashMap<>();
    private boolean headersToFit;

    ColumnWidths(TableView<ConfigRow> table, ConfigGridViewModel model, TableColumn<ConfigRow, Number> number) {
        this.table = table;
        this.model = model;
        this.number = number;
    }

    /** A column's width for text of {@code characters} characters, up to 40 of them, and 90 at the least. */
    static double ofText(int characters) {
        return Math.max(90, 7.0 * Math.min(characters, 40) + 22);
    }

    /**
     * The width of a column of the rows' names, each shown whole in bold (the best row's weight, the widest) in the font the
     * cells have: superkernel's best, "one fused kernel", was cut at the width its 16 characters were reckoned at.
     */
    double ofNames() {
        Font font = table.lookup(".table-row-cell .table-cell") instanceof Labeled cell ? cell.getFont() : Font.getDefault();
        Font bold = Font.font(font.getFamily(), FontWeight.BOLD, font.getSize());
        double widest = 0;
        for (ConfigRow r : model.rows()) {
            if (r.name() == null) continue;
            var text = new Text(r.name());
            text.setFont(bold);
            widest = Math.max(widest, text.getLayoutBounds().getWidth());
        }
        return Math.max(90, Math.ceil(widest) + CELL_PADDING);
    }

    static int lengthOf(String value) {
        return value == null ? 0 : value.length();
    }

    /** The width of {@code parameter}'s column: its header's, or its longest value's when wider. */
    double of(String parameter) {
        return Math.max(ofText(maxLength(parameter)), headerWidths.getOrDefault(parameter, 0.0));
    }

    void fitParameterColumns() {
        for (var column : table.getColumns()) {
            if (isParameter(column)) column.setPrefWidth(of(column.getText()));
        }
    }

    /** Widens the value columns for {@code added} rows' values, never narrowing them. */
    void widenParameterColumns(List<ConfigRow> added) {
        var columns = table.getColumns().stream().filter(ColumnWidths::isParameter).toList();
        var parameters = columns.stream().map(TableColumn::getText).toArray(String[]::new);
        int[] longest = new int[parameters.length];
        // Row by row, each row's values read together: thousands of trials join at once, and a column
        // by column pass went through all their rows again for every parameter.
        for (ConfigRow r : added) {
            for (int i = 0; i < parameters.length; i++) longest[i] = Math.max(longest[i], lengthOf(r.value(parameters[i])));
        }
        for (int i = 0; i < parameters.length; i++) {
            double width = ofText(longest[i]);
            if (width > columns.get(i).getPrefWidth()) columns.get(i).setPrefWidth(width);
        }
    }

    /** Sizes the parameter columns to their headers in the next pulse, once the new headers are styled. */
    void fitHeadersSoon() {
        if (headersToFit) return;
        headersToFit = true;
        Platform.runLater(() -> {
            headersToFit = false;
            fitHeaders();
        });
    }

    /** The No. column as wide as the largest number needs ("17956", not "17…"), in the font the cells have. */
    void fitNumberColumn() {
        var digits = new Text("8".repeat(Integer.toString(Math.max(1, model.rows().size())).length()));
        digits.setFont(table.lookup(".table-row-cell .table-cell") instanceof Labeled cell ? cell.getFont() : Font.getDefault());
        number.setPrefWidth(Math.max(48, Math.ceil(digits.getLayoutBounds().getWidth()) + 26));
    }

    private void fitHeaders() {
        if (table.getScene() == null) return;
        table.applyCss();
        table.layout();
        fitNumberColumn();
        for (var node : table.lookupAll(".column-header")) {
            if (!(node instanceof TableColumnHeader header) || header.getTableColumn() == null) continue;
            var column = header.getTableColumn();
            if (!isParameter(column) || !(header.lookup(".label") instanceof Label label)) continue;
            double needed = Math.ceil(header.snappedLeftInset() + label.prefWidth(-1) + header.snappedRightInset());
            headerWidths.put(column.getText(), needed);
            if (column.getPrefWidth() < needed) column.setPrefWidth(needed);
        }
    }

    private static boolean isParameter(TableColumnBase<?, ?> column) {
        return column.getId() != null && column.getId().startsWith("param-");
    }

    private int maxLength(String parameter) {
        int max = parameter.length();
        for (ConfigRow r : model.rows()) max = Math.max(max, lengthOf(r.value(parameter)));
        return max;
    }
}
