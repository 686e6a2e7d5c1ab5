package org.tuningworkbench.app.shell;

import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.stage.Window;

/** The list of keyboard shortcuts (F1). */
final class ShortcutsView {

    private ShortcutsView() {}

    static void show(Window owner, String text) {
        var alert = new Alert(Alert.AlertType.INFORMATION);
        alert.initOwner(owner);
        alert.setTitle("Keyboard shortcuts");
        alert.setHeaderText("Keyboard shortcuts");
        var list = new Label(text);
        list.getStyleClass().add("shortcuts");
        alert.getDialogPane().setContent(list);
        alert.show();
    }
}
