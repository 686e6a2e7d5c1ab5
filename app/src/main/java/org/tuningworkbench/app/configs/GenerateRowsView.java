package org.tuningworkbench.app.configs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.stage.Window;

/** The dialog that generates a row for every combination of value lists. */
public final class GenerateRowsView {

    private GenerateRowsView() {}

    /** The value lists the person confirmed, or empty when cancelled. */
    public static Optional<Map<String, String>> show(Window owner, GenerateRowsViewModel model, List<String> stylesheets) {
        var dialog = new Dialog<Map<String, String>>();
        dialog.initOwner(owner);
        dialog.setTitle("Generate configs");
        dialog.setHeaderText("One row for every combination. One value a line.");
        var form = new GridPane();
        form.setHgap(10);
        form.setVgap(8);
        int row = 0;
        var fields = new ArrayList<Node>();
        for (var entry : model.lists().entrySet()) {
            var field = new TextArea();
            fields.add(field);
            field.setPrefColumnCount(36);
            field.setPrefRowCount(3);
            field.textProperty().bindBidirectional(entry.getValue());
            var label = new Label(entry.getKey());
            label.setMinWidth(Region.USE_PREF_SIZE);
            form.addRow(row++, label, field);
        }
        var count = new Label();
        count.textProperty().bind(model.countProperty());
        form.add(count, 1, row);
        dialog.getDialogPane().setContent(form);
        dialog.getDialogPane().getStylesheets().addAll(stylesheets);
        var add = new ButtonType("Add Rows", ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(add, ButtonType.CANCEL);
        dialog.setResultConverter(b -> b == add ? model.valueLists() : null);
        // Tab goes on to the next list, and from the last to Add Rows (Shift+Tab back), as in any form: in a text area it
        // typed a tab into the values, and the keyboard could not leave the first list.
        fields.add(dialog.getDialogPane().lookupButton(add));
        for (int i = 0; i < fields.size(); i++) {
            Node field = fields.get(i);
            Node next = i == fields.size() - 1 ? null : fields.get(i + 1);
            Node previous = i == 0 ? null : fields.get(i - 1);
            field.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
                if (e.getCode() != KeyCode.TAB || e.isControlDown() || e.isAltDown()) return;
                Node to = e.isShiftDown() ? previous : next;
                // Tab on Add Rows goes on in the dialog's own order; Shift+Tab in the first list types nothing into it.
                if (to == null) {
                    if (field instanceof TextArea) e.consume();
                    return;
                }
                to.requestFocus();
                e.consume();
            });
        }
        return dialog.showAndWait();
    }
}
