package org.tuningworkbench.app.configs;

import java.util.List;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.collections.transformation.SortedList;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.tuningworkbench.engine.format.Numbers;
import org.tuningworkbench.engine.record.TuningRecord;

/** The config grid: editable value columns (invalid cells flagged), result columns that sort, the best row highlighted. */
public final class ConfigGridView extends BorderPane {

    private static final PseudoClass BEST = PseudoClass.getPseudoClass("best");
    private static final PseudoClass FAILED = PseudoClass.getPseudoClass("failed");
    private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");
    private static final PseudoClass INHERITED = PseudoClass.getPseudoClass("inherited");

    private final ConfigGridViewModel model;
    private final TableView<ConfigRow> table = new TableView<>();
    private final ToolBar toolBar = new ToolBar();
    private final List<TableColumn<ConfigRow, ?>> resultColumns;
    private final TableColumn<ConfigRow, Number> number;

    public ConfigGridView(ConfigGridViewModel model) {
        this.model = model;
        getStyleClass().add("config-grid");
        table.setId("configTable");
        table.setEditable(true);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setPlaceholder(new Label("No configs yet: add one, paste rows, generate them from value lists, or import a list."));
        var filtered = new javafx.collections.transformation.FilteredList<>(model.rows());
        filtered.predicateProperty().bind(model.shownProperty());
        var sorted = new SortedList<>(filtered);
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        table.setRowFactory(t -> new TableRow<>() {
            private final javafx.beans.value.ChangeListener<Object> restyle = (o, a, b) -> update();

            {
                itemProperty().addListener((obs, old, now) -> {
                    if (old != null) {
                        old.bestProperty().removeListener(restyle);
                        old.recordProperty().removeListener(restyle);
                    }
                    if (now != null) {
                        now.bestProperty().addListener(restyle);
                        now.recordProperty().addListener(restyle);
                    }
                    update();
                });
            }

            private void update() {
                ConfigRow row = getItem();
                pseudoClassStateChanged(BEST, row != null && row.isBest());
                pseudoClassStateChanged(FAILED, row != null && row.record() != null && !row.record().ok());
            }
        });

        number = new TableColumn<>("No.");
        // A row's number changes only when rows before it change, not when rows join at the end: a cell
        // invalidated by every join would have every visible row restyled and laid out again for it.
        number.setCellValueFactory(c -> Bindings.createIntegerBinding(() -> model.numberOf(c.getValue()), model.numberingProperty()));
        number.setPrefWidth(48);
        number.setEditable(false);
        number.getStyleClass().add("number-column");
        var status = textColumn("Status", 172, r -> r.stateProperty());
        status.setId("statusColumn");
        var median = numberColumn("Median", 100, TuningRecord::medianUs, Figures::micros);
        var cv = numberColumn("CV", 76, TuningRecord::cv, Figures::percent);
        var gflops = numberColumn("GFLOP/s", 80, TuningRecord::gflops, Figures::decimal);
        // A metric of the same name (Kernel Tuner's "GFLOP/s") takes the place of the figure from [work].
        gflops.visibleProperty().bind(Bindings.createBooleanBinding(() -> !model.metrics().contains(gflops.getText()), model.metrics()));
        var share = new TableColumn<ConfigRow, Double>("% of best");
        share.setCellValueFactory(c -> Bindings.createObjectBinding(() -> model.shareOf(c.getValue()), c.getValue().recordProperty(), model.rankingProperty()));
        share.setCellFactory(c -> formatted(Figures::percent));
        share.setPrefWidth(84);
        share.setEditable(false);
        var results = List.<TableColumn<ConfigRow, ?>>of(number, status, median, cv, gflops, share);
        // No. and the results come first and stay frozen at the left while the parameters scroll beside them.
        resultColumns = results;
        for (var column : results) {
            column.getStyleClass().add("frozen");
            column.setReorderable(false);
        }
        share.getStyleClass().add("frozen-edge");
        table.getColumns().addAll(results);
        table.setSkin(new FrozenColumnsSkin<>(table, results));
        table.getColumns().addListener((ListChangeListener<TableColumn<ConfigRow, ?>>) c -> {
            // A parameter column dragged in among the frozen ones goes back behind them.
            if (!resultsLead()) javafx.application.Platform.runLater(this::putResultsFirst);
        });
        // A cell being edited shows whole, not under the frozen columns.
        table.editingCellProperty().addListener((obs, old, now) -> {
            if (now != null && now.getTableColumn() != null) table.scrollToColumn(now.getTableColumn());
        });
        model.parameters().addListener((ListChangeListener<String>) c -> rebuildParameterColumns());
        model.rows().addListener((ListChangeListener<ConfigRow>) c -> fitNumberColumn());
        model.metrics().addListener((ListChangeListener<String>) c -> rebuildParameterColumns());
        model.rows().addListener((ListChangeListener<ConfigRow>) c -> {
            // Rows only added (a run's trials, by the thousand) are measured alone; any other change, every row.
            var added = new java.util.ArrayList<ConfigRow>();
            boolean onlyAdded = true;
            while (c.next()) {
                if (c.wasRemoved() || c.wasPermutated() || c.wasUpdated()) onlyAdded = false;
                else if (c.wasAdded()) added.addAll(c.getAddedSubList());
            }
            boolean nameColumn = table.getColumns().stream().anyMatch(col -> "nameColumn".equals(col.getId()));
            if (onlyAdded) {
                if (!nameColumn && added.stream().anyMatch(r -> r.name() != null)) rebuildParameterColumns();
                else widenParameterColumns(added);
            } else if (model.anyNamed() != nameColumn) {
                rebuildParameterColumns();
            } else {
                fitParameterColumns();
            }
        });
        rebuildParameterColumns();
        table.sceneProperty().addListener((obs, was, now) -> {
            if (now != null) fitHeadersSoon();
        });

        // As in a spreadsheet: F2 edits the focused cell, and typing into it starts its editing with what was typed.
        table.addEventHandler(KeyEvent.KEY_TYPED, e -> {
            String typed = e.getCharacter();
            if (table.getEditingCell() != null || e.isShortcutDown() || e.isAltDown() || typed.isEmpty() || Character.isISOControl(typed.charAt(0))) return;
            if (editFocusedCell()) {
                if (table.getScene() != null && table.getScene().getFocusOwner() instanceof TextField field) {
                    field.setText(typed);
                    field.end();
                }
                e.consume();
            }
        });
        table.setOnKeyPressed(e -> {
            if (table.getEditingCell() != null) return;
            if (e.getCode() == KeyCode.F2 && editFocusedCell()) e.consume();
            if (e.getCode() == KeyCode.DELETE) model.delete(selected());
            if (e.getCode() == KeyCode.V && e.isShortcutDown() && onPaste != null) {
                onPaste.run();
                e.consume();
            }
        });
        setTop(toolBar);
        setCenter(table);
    }

    private boolean resultsLead() {
        var columns = table.getColumns();
        return columns.subList(0, Math.min(resultColumns.size(), columns.size())).equals(resultColumns);
    }

    private void putResultsFirst() {
        if (resultsLead()) return;
        var ordered = new java.util.ArrayList<>(resultColumns);
        table.getColumns().stream().filter(c -> !resultColumns.contains(c)).forEach(ordered::add);
        table.getColumns().setAll(ordered);
    }

    private Runnable onPaste;

    /** What Ctrl+V in the grid does: the window pastes rows from the clipboard. */
    public void setOnPaste(Runnable action) {
        onPaste = action;
    }

    public TableView<ConfigRow> table() {
        return table;
    }

    public ToolBar toolBar() {
        return toolBar;
    }

    public List<ConfigRow> selected() {
        return List.copyOf(table.getSelectionModel().getSelectedItems());
    }

    /** Adds the grid's own buttons, then whatever the window adds (import, export, generate). */
    public void addTools(javafx.scene.Node... nodes) {
        var add = button("Add", "Add a row with the source's current values", () -> select(model.add()));
        add.setId("addRow");
        var duplicate = button("Duplicate", "Duplicate the selected row", () -> {
            if (!selected().isEmpty()) select(model.duplicate(selected().getFirst()));
        });
        var delete = button("Delete", "Delete the selected rows (Delete)", () -> model.delete(selected()));
        var up = button("▲", "Move the selected row up", () -> moveSelected(-1));
        var down = button("▼", "Move the selected row down", () -> moveSelected(1));
        var count = new Label();
        count.getStyleClass().add("muted");
        count.textProperty().bind(Bindings.createStringBinding(() -> {
            return model.countText(table.getItems().size());
        }, model.rows(), table.getItems()));
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        toolBar.getItems().addAll(add, duplicate, delete, up, down);
        toolBar.getItems().addAll(nodes);
        toolBar.getItems().addAll(spacer, count);
    }

    private void moveSelected(int by) {
        if (selected().isEmpty()) return;
        ConfigRow row = selected().getFirst();
        model.move(row, by);
        select(row);
    }

    /** Another project opened: no sort, no selection, the first row in view. */
    public void reset() {
        table.getSortOrder().clear();
        table.getSelectionModel().clearSelection();
        if (!table.getItems().isEmpty()) table.scrollTo(0);
    }

    public void select(ConfigRow row) {
        table.getSelectionModel().clearSelection();
        table.getSelectionModel().select(row);
        table.scrollTo(row);
    }

    private static Button button(String text, String tip, Runnable action) {
        var b = new Button(text);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        return b;
    }

    private void rebuildParameterColumns() {
        var columns = table.getColumns();
        columns.remove(resultColumns.size(), columns.size());
        int at = resultColumns.size();
        for (String metric : model.metrics()) {
            // The project's [metrics], beside the results: figures of the run, not values to edit.
            var column = numberColumn(metric, Math.max(80, widthOfText(metric.length())), r -> r.metrics().get(metric),
                    v -> v == null ? "" : Numbers.significant(v));
            column.setId("metric-" + metric);
            columns.add(at++, column);
        }
        if (model.anyNamed()) {
            // The configs' names (cpp_packed_gemm_0), when any has one: a label beside the number, not a parameter.
            var name = new TableColumn<ConfigRow, String>("Name");
            name.setId("nameColumn");
            name.setCellValueFactory(c -> c.getValue().nameProperty());
            name.setCellFactory(c -> tabsToNextCell(new javafx.scene.control.cell.TextFieldTableCell<>(new javafx.util.converter.DefaultStringConverter())));
            name.setPrefWidth(widthOfText(model.rows().stream().mapToInt(r -> lengthOf(r.name())).max().orElse(4)));
            name.setEditable(true);
            name.setOnEditCommit(e -> model.setName(e.getRowValue(), e.getNewValue()));
            columns.add(at++, name);
        }
        for (String parameter : model.parameters()) {
            var column = new TableColumn<ConfigRow, String>(parameter);
            column.setId("param-" + parameter);
            column.setCellValueFactory(c -> Bindings.valueAt(c.getValue().values(), parameter));
            column.setCellFactory(c -> tabsToNextCell(new ValueCell(parameter)));
            column.setPrefWidth(widthFor(parameter));
            column.setEditable(true);
            column.setOnEditCommit(e -> model.setValue(e.getRowValue(), parameter, e.getNewValue()));
            column.getStyleClass().add("value-column");
            columns.add(at++, column);
        }
        fitHeadersSoon();
    }

    private void fitParameterColumns() {
        for (var column : table.getColumns()) {
            if (column.getId() != null && column.getId().startsWith("param-")) column.setPrefWidth(widthFor(column.getText()));
        }
    }

    /** Widens the value columns for {@code added} rows' values, never narrowing them. */
    private void widenParameterColumns(List<ConfigRow> added) {
        var columns = table.getColumns().stream().filter(c -> c.getId() != null && c.getId().startsWith("param-")).toList();
        var parameters = columns.stream().map(TableColumn::getText).toArray(String[]::new);
        int[] longest = new int[parameters.length];
        // Row by row, each row's values read together: thousands of trials join at once, and a column
        // by column pass went through all their rows again for every parameter.
        for (ConfigRow r : added) {
            for (int i = 0; i < parameters.length; i++) longest[i] = Math.max(longest[i], lengthOf(r.value(parameters[i])));
        }
        for (int i = 0; i < parameters.length; i++) {
            double width = widthOfText(longest[i]);
            if (width > columns.get(i).getPrefWidth()) columns.get(i).setPrefWidth(width);
        }
    }

    private double widthFor(String parameter) {
        return Math.max(widthOfText(maxLength(parameter)), headerWidths.getOrDefault(parameter, 0.0));
    }

    /** The width each parameter's header needs to show its name whole, as the theme draws it (bold); measured once styled. */
    private final java.util.Map<String, Double> headerWidths = new java.util.HashMap<>();
    private boolean headersToFit;

    /** Sizes the parameter columns to their headers in the next pulse, once the new headers are styled. */
    private void fitHeadersSoon() {
        if (headersToFit) return;
        headersToFit = true;
        javafx.application.Platform.runLater(() -> {
            headersToFit = false;
            fitHeaders();
        });
    }

    /** The No. column as wide as the largest number needs ("17956", not "17…"), in the font the cells have. */
    private void fitNumberColumn() {
        var digits = new javafx.scene.text.Text("8".repeat(Integer.toString(Math.max(1, model.rows().size())).length()));
        digits.setFont(table.lookup(".table-row-cell .table-cell") instanceof javafx.scene.control.Labeled cell ? cell.getFont()
                : javafx.scene.text.Font.getDefault());
        number.setPrefWidth(Math.max(48, Math.ceil(digits.getLayoutBounds().getWidth()) + 26));
    }

    private void fitHeaders() {
        if (table.getScene() == null) return;
        table.applyCss();
        table.layout();
        fitNumberColumn();
        for (var node : table.lookupAll(".column-header")) {
            if (!(node instanceof javafx.scene.control.skin.TableColumnHeader header) || header.getTableColumn() == null) continue;
            var column = header.getTableColumn();
            if (column.getId() == null || !column.getId().startsWith("param-") || !(header.lookup(".label") instanceof Label label)) continue;
            double needed = Math.ceil(header.snappedLeftInset() + label.prefWidth(-1) + header.snappedRightInset());
            headerWidths.put(column.getText(), needed);
            if (column.getPrefWidth() < needed) column.setPrefWidth(needed);
        }
    }

    private int maxLength(String parameter) {
        int max = parameter.length();
        for (ConfigRow r : model.rows()) max = Math.max(max, lengthOf(r.value(parameter)));
        return max;
    }

    /** A column's width for text of {@code characters} characters, up to 40 of them, and 90 at the least. */
    private static double widthOfText(int characters) {
        return Math.max(90, 7.0 * Math.min(characters, 40) + 22);
    }

    private static int lengthOf(String value) {
        return value == null ? 0 : value.length();
    }

    private static TableColumn<ConfigRow, String> textColumn(String title, double width, Function<ConfigRow, ObservableValue<String>> value) {
        var column = new TableColumn<ConfigRow, String>(title);
        column.setCellValueFactory(c -> value.apply(c.getValue()));
        column.setPrefWidth(width);
        column.setEditable(false);
        column.setCellFactory(c -> new TableCell<>() {
            /** The whole text, for a status the column is too narrow for ("ok · noisy · stopped ahead"). */
            private final Tooltip whole = new Tooltip();

            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                whole.setText(item);
                boolean shown = !empty && item != null && !item.isEmpty();
                setTooltip(shown ? whole : null);
                // "ok · unsteady": coloured by its status, and marked as judged doubtful ("ok · raced out" is not: racing
                // stopped it). The classes change only when the status does: each change restyles the cell, and a grid's
                // every visible cell is updated whenever rows join it.
                List<String> classes = !shown ? List.of()
                        : TuningRecord.doubtful(item) ? List.of(statusClass(item), "status-doubtful") : List.of(statusClass(item));
                List<String> current = getStyleClass().stream().filter(s -> s.startsWith("status-")).toList();
                if (!current.equals(classes)) {
                    getStyleClass().removeAll(current);
                    getStyleClass().addAll(classes);
                }
            }
        });
        return column;
    }

    /** The style class of a status text: {@code status-ok} for "ok · noisy", {@code status-compile-error} for "compile error". */
    private static String statusClass(String status) {
        int judged = status.indexOf(" · ");
        return "status-" + (judged < 0 ? status : status.substring(0, judged)).replace(' ', '-');
    }

    private interface RecordFigure {
        Double of(TuningRecord r);
    }

    private static TableColumn<ConfigRow, Double> numberColumn(String title, double width, RecordFigure figure, Function<Double, String> format) {
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

    /**
     * Tab in {@code cell} while it is edited keeps what was typed and edits the next editable cell
     * (the next row's first at the end of a row), Shift+Tab the previous, as in a spreadsheet; past the
     * grid's last cell (or before its first) the editing ends and the grid keeps the focus.
     */
    private TableCell<ConfigRow, String> tabsToNextCell(TableCell<ConfigRow, String> cell) {
        cell.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() != KeyCode.TAB || e.isShortcutDown() || !cell.isEditing() || !(cell.getGraphic() instanceof TextField field)) return;
            e.consume();
            int row = cell.getIndex();
            TableColumn<ConfigRow, ?> column = cell.getTableColumn();
            cell.commitEdit(field.getText());
            editNextCell(row, column, e.isShiftDown() ? -1 : 1);
        });
        return cell;
    }

    /** Starts editing the focused cell when its column is editable; whether it did. */
    private boolean editFocusedCell() {
        var focused = table.getFocusModel().getFocusedCell();
        if (focused == null || focused.getRow() < 0) return false;
        // A row focused as a whole (no cell of it clicked) edits its first value.
        TableColumn<ConfigRow, ?> column = focused.getTableColumn() != null && focused.getTableColumn().isEditable() ? focused.getTableColumn()
                : table.getVisibleLeafColumns().stream().filter(TableColumn::isEditable).findFirst().orElse(null);
        if (column == null) return false;
        table.edit(focused.getRow(), column);
        return table.getEditingCell() != null;
    }

    private void editNextCell(int row, TableColumn<ConfigRow, ?> from, int step) {
        var editable = table.getVisibleLeafColumns().stream().filter(TableColumn::isEditable).toList();
        int at = editable.indexOf(from) + step;
        if (at < 0) {
            row--;
            at = editable.size() - 1;
        } else if (at >= editable.size()) {
            row++;
            at = 0;
        }
        table.requestFocus();
        if (editable.isEmpty() || row < 0 || row >= table.getItems().size()) return;
        var column = editable.get(at);
        table.getSelectionModel().clearAndSelect(row, column);
        table.getFocusModel().focus(row, column);
        if (table.getSkin() instanceof FrozenColumnsSkin<?> skin) skin.showRow(row);
        table.edit(row, column);
    }

    /** A value cell: edited in place, flagged with the reason when the marker cannot take its value. */
    private final class ValueCell extends TableCell<ConfigRow, String> {
        private final String parameter;
        private TextField field;

        ValueCell(String parameter) {
            this.parameter = parameter;
            getStyleClass().add("value-cell");
            var keep = new javafx.scene.control.MenuItem("Keep the Source's Value");
            keep.setOnAction(e -> {
                ConfigRow row = getTableRow() == null ? null : getTableRow().getItem();
                if (row != null) model.keepSourceValue(row, parameter);
                updateItem(getItem(), isEmpty());
            });
            setContextMenu(new javafx.scene.control.ContextMenu(keep));
        }

        @Override
        public void startEdit() {
            super.startEdit();
            if (!isEditing()) return;
            field = new TextField(getItem() == null ? model.sourceValue(parameter) : getItem());
            field.getStyleClass().add("cell-editor");
            field.setTooltip(new javafx.scene.control.Tooltip("Enter keeps the value, Tab keeps it and edits the next cell, Esc leaves it as it was"));
            field.setOnAction(e -> commitEdit(field.getText()));
            field.setOnKeyPressed(e -> {
                if (e.getCode() == KeyCode.ESCAPE) cancelEdit();
            });
            field.focusedProperty().addListener((obs, was, now) -> {
                if (!now && isEditing()) commitEdit(field.getText());
            });
            setGraphic(field);
            setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
            field.requestFocus();
            field.selectAll();
        }

        @Override
        public void cancelEdit() {
            super.cancelEdit();
            setContentDisplay(ContentDisplay.TEXT_ONLY);
            setGraphic(null);
        }

        @Override
        public void commitEdit(String value) {
            super.commitEdit(value);
            setContentDisplay(ContentDisplay.TEXT_ONLY);
            setGraphic(null);
        }

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            ConfigRow row = empty ? null : getTableRow() == null ? null : getTableRow().getItem();
            String problem = row == null ? null : model.problem(row, parameter);
            boolean inherited = row != null && !row.sets(parameter);
            pseudoClassStateChanged(INVALID, problem != null);
            pseudoClassStateChanged(INHERITED, inherited);
            setTooltip(problem != null ? new Tooltip(parameter + " " + problem)
                    : inherited ? new Tooltip("This config does not set " + parameter + ": the source's value is kept") : null);
            if (empty) setText(null);
            else if (inherited) setText(model.sourceValue(parameter));
            else setText((item == null || item.isEmpty()) && problem != null ? "(empty)" : item);
        }
    }

    /** Whether a cell is flagged; for tests. */
    public static boolean isFlagged(javafx.scene.Node cell) {
        return cell.getPseudoClassStates().contains(INVALID);
    }
}
