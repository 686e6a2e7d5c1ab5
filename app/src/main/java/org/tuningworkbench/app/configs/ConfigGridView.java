package org.tuningworkbench.app.configs;

import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.util.converter.DefaultStringConverter;
import javafx.beans.property.StringProperty;

/** The config grid: editable value columns (invalid cells flagged), result columns that sort, the best row highlighted. */
public final class ConfigGridView extends BorderPane {

    private static final PseudoClass BEST = PseudoClass.getPseudoClass("best");
    private static final PseudoClass FAILED = PseudoClass.getPseudoClass("failed");
    /** The Status column's width before any status is longer than it ("ok · noisy · not verified"); it widens for longer ones. */
    private static final double STATUS_WIDTH = 172;
    /** What an empty grid says: how to list configs. */
    public static final String LISTS_NOTHING = "No configs yet: add one, paste rows, generate them from value lists, or import a list.";

    private final ConfigGridViewModel model;
    private final TableView<ConfigRow> table = new TableView<>();
    private final ToolBar toolBar = new ToolBar();
    private final Label emptyGrid = new Label(LISTS_NOTHING);
    private final List<TableColumn<ConfigRow, ?>> resultColumns;
    private final TableColumn<ConfigRow, Number> number;
    private final TableColumn<ConfigRow, String> status;
    private final ColumnWidths widths;
    private final CellEditing editing;

    public ConfigGridView(ConfigGridViewModel model) {
        this.model = model;
        getStyleClass().add("config-grid");
        table.setId("configTable");
        table.setEditable(true);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setPlaceholder(emptyGrid);
        var filtered = new FilteredList<>(model.rows());
        filtered.predicateProperty().bind(model.shownProperty());
        var sorted = new SortedList<>(filtered);
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        table.setRowFactory(t -> new TableRow<>() {
            private final ChangeListener<Object> restyle = (o, a, b) -> update();

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
        widths = new ColumnWidths(table, model, number);
        editing = new CellEditing(table);
        status = ResultColumns.status("Status", STATUS_WIDTH, r -> r.stateProperty());
        status.setId("statusColumn");
        // The figures a row stands at, the ones its share of the best is of: confirmed ones once its config was measured again.
        var median = ResultColumns.standing("Median", 100, ConfigRow::standingMedianUs, Figures::micros);
        // The spread of what the row's median is of: its confirmation's rounds once measured again, as `show` has it.
        var cv = ResultColumns.spread("CV", 76);
        // The rate of the project's [work]: GFLOP/s, or GB/s for a kernel of bytes alone (a transpose), as `tune` prints it.
        var rate = ResultColumns.standing("GFLOP/s", 80, r -> r.standingRate(model.rate().of()), Figures::rate);
        rate.textProperty().bind(Bindings.createStringBinding(() -> model.rate().title(), model.rateProperty()));
        // A metric of the same name (Kernel Tuner's "GFLOP/s") takes the place of the figure from [work]; without [work] there is none.
        rate.visibleProperty().bind(Bindings.createBooleanBinding(() -> model.rate() != Rate.NONE && !model.metrics().contains(rate.getText()),
                model.metrics(), rate.textProperty(), model.rateProperty()));
        var share = ResultColumns.shareOfBest(model);
        var results = List.<TableColumn<ConfigRow, ?>>of(number, status, median, cv, rate, share);
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
            if (!resultsLead()) Platform.runLater(this::putResultsFirst);
        });
        // A cell being edited shows whole, not under the frozen columns.
        table.editingCellProperty().addListener((obs, old, now) -> {
            if (now != null && now.getTableColumn() != null) table.scrollToColumn(now.getTableColumn());
        });
        model.parameters().addListener((ListChangeListener<String>) c -> rebuildParameterColumns());
        model.rows().addListener((ListChangeListener<ConfigRow>) c -> widths.fitNumberColumn());
        model.metrics().addListener((ListChangeListener<String>) c -> rebuildParameterColumns());
        model.rows().addListener((ListChangeListener<ConfigRow>) c -> {
            // Rows only added (a run's trials, by the thousand) are measured alone; any other change, every row.
            var added = new ArrayList<ConfigRow>();
            boolean onlyAdded = true;
            while (c.next()) {
                if (c.wasRemoved() || c.wasPermutated() || c.wasUpdated()) onlyAdded = false;
                else if (c.wasAdded()) added.addAll(c.getAddedSubList());
            }
            boolean nameColumn = table.getColumns().stream().anyMatch(col -> "nameColumn".equals(col.getId()));
            if (onlyAdded) {
                if (!nameColumn && added.stream().anyMatch(r -> r.name() != null)) rebuildParameterColumns();
                else widths.widenParameterColumns(added);
            } else if (model.anyNamed() != nameColumn) {
                rebuildParameterColumns();
            } else {
                widths.fitParameterColumns();
            }
        });
        rebuildParameterColumns();
        table.sceneProperty().addListener((obs, was, now) -> {
            if (now != null) widths.fitHeadersSoon();
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
        var ordered = new ArrayList<>(resultColumns);
        table.getColumns().stream().filter(c -> !resultColumns.contains(c)).forEach(ordered::add);
        table.getColumns().setAll(ordered);
    }

    /**
     * Whether keys act on the grid's rows (Delete deletes the selected ones, Ctrl+V pastes rows): the
     * grid has the focus and no cell is being edited, where those keys are the cell's.
     */
    public boolean takesRowKeys() {
        if (table.getEditingCell() != null || table.getScene() == null) return false;
        for (Node n = table.getScene().getFocusOwner(); n != null; n = n.getParent()) if (n == table) return true;
        return false;
    }

    /** What the grid says while it has no rows ({@link #LISTS_NOTHING} unless the window says otherwise). */
    public StringProperty emptyText() {
        return emptyGrid.textProperty();
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

    /** Whether the selection names two configs to compare ({@link ConfigGridViewModel#comparable}), as it changes. */
    public BooleanBinding comparableProperty() {
        return Bindings.createBooleanBinding(() -> model.comparable(selected()), table.getSelectionModel().getSelectedItems(), model.bestProperty());
    }

    /** Adds the grid's own buttons, then whatever the window adds (import, export, generate). */
    public void addTools(Node... nodes) {
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

    /** Another project opened: no sort, no selection, the first row in view, the Status column as narrow as it starts. */
    public void reset() {
        status.setPrefWidth(STATUS_WIDTH);
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
            columns.add(at++, ResultColumns.metric(metric, Math.max(80, ColumnWidths.ofText(metric.length()))));
        }
        if (model.anyNamed()) {
            // The configs' names (cpp_packed_gemm_0), when any has one: a label beside the number, not a parameter.
            var name = new TableColumn<ConfigRow, String>("Name");
            name.setId("nameColumn");
            name.setCellValueFactory(c -> c.getValue().nameProperty());
            name.setCellFactory(c -> editing.tabsToNextCell(new TextFieldTableCell<>(new DefaultStringConverter())));
            name.setPrefWidth(widths.ofNames());
            name.setEditable(true);
            name.setOnEditCommit(e -> model.setName(e.getRowValue(), e.getNewValue()));
            columns.add(at++, name);
        }
        for (String parameter : model.parameters()) {
            var column = new TableColumn<ConfigRow, String>(parameter);
            column.setId("param-" + parameter);
            column.setCellValueFactory(c -> Bindings.valueAt(c.getValue().values(), parameter));
            column.setCellFactory(c -> editing.tabsToNextCell(new ValueCell(model, parameter)));
            column.setPrefWidth(widths.of(parameter));
            column.setEditable(true);
            column.setOnEditCommit(e -> model.setValue(e.getRowValue(), parameter, e.getNewValue()));
            column.getStyleClass().add("value-column");
            columns.add(at++, column);
        }
        widths.fitHeadersSoon();
    }

    /** Whether a cell is flagged; for tests. */
    public static boolean isFlagged(Node cell) {
        return ValueCell.isFlagged(cell);
    }
}
