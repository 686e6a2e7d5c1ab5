package org.tuningworkbench.app.configs;

import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;

/**
 * A cell of a parameter's value: edited in place, flagged with the reason when the marker cannot take
 * its value, and showing the source's value (marked as kept) when its config does not set the parameter.
 */
final class ValueCell extends TableCell<ConfigRow, String> {

    private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");
    private static final PseudoClass INHERITED = PseudoClass.getPseudoClass("inherited");

    private final ConfigGridViewModel model;
    private final String parameter;
    private TextField field;

    ValueCell(ConfigGridViewModel model, String parameter) {
        this.model = model;
        this.parameter = parameter;
        getStyleClass().add("value-cell");
        var keep = new MenuItem("Keep the Source's Value");
        keep.setOnAction(e -> {
            ConfigRow row = getTableRow() == null ? null : getTableRow().getItem();
            if (row != null) model.keepSourceValue(row, parameter);
            updateItem(getItem(), isEmpty());
        });
        setContextMenu(new ContextMenu(keep));
    }

    /** Whether a cell is flagged as holding a value its marker cannot take. */
    static boolean isFlagged(Node cell) {
        return cell.getPseudoClassStates().contains(INVALID);
    }

    @Override
    public void startEdit() {
        super.startEdit();
        if (!isEditing()) return;
        field = new TextField(getItem() == null ? model.sourceValue(parameter) : getItem());
        field.getStyleClass().add("cell-editor");
        field.setTooltip(new Tooltip("Enter keeps the value, Tab keeps it and edits the next cell, Esc leaves it as it was"));
        field.setOnAction(e -> commitEdit(field.getText()));
        // Esc belongs to the cell being edited (it leaves the value as it was), not to the window's table of actions.
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
