package org.tuningworkbench.app.configs;

import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * Editing the grid's cells from the keyboard, as in a spreadsheet: typing into the focused cell starts
 * its editing with what was typed, F2 edits it, Tab and Shift+Tab keep what was typed and edit the
 * next or the previous cell. These keys are the grid's own, not the window's actions: they act on the
 * cell that has the focus and mean something else everywhere else (Tab moves the focus, a letter is
 * typed), so they are not in the window's table of actions.
 */
final class CellEditing {

    private final TableView<ConfigRow> table;

    CellEditing(TableView<ConfigRow> table) {
        this.table = table;
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
        table.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (table.getEditingCell() == null && e.getCode() == KeyCode.F2 && editFocusedCell()) e.consume();
        });
    }

    /**
     * Tab in {@code cell} while it is edited keeps what was typed and edits the next editable cell
     * (the next row's first at the end of a row), Shift+Tab the previous, as in a spreadsheet; past the
     * grid's last cell (or before its first) the editing ends and the grid keeps the focus.
     */
    <C extends TableCell<ConfigRow, String>> C tabsToNextCell(C cell) {
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
}
