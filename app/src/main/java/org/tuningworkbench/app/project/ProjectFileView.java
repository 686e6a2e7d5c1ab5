package org.tuningworkbench.app.project;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import javafx.event.ActionEvent;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.TextArea;
import javafx.stage.Window;

/** The project file as text (arguments, sizes, golden, build), saved and reloaded when it reads without errors. */
public final class ProjectFileView {

    private ProjectFileView() {}

    /** {@code saveAndReload} answers whether the text was taken; a text with errors keeps the dialog open. */
    public static void show(Window owner, Path file, String text, List<String> stylesheets, Predicate<String> saveAndReload) {
        var area = new TextArea(text);
        area.getStyleClass().add("log");
        area.setPrefColumnCount(90);
        area.setPrefRowCount(32);
        var dialog = new Dialog<ButtonType>();
        dialog.initOwner(owner);
        dialog.setTitle("Project file");
        dialog.setHeaderText(file.toString());
        dialog.getDialogPane().setContent(area);
        var saveType = new ButtonType("Save and Reload", ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(saveType, ButtonType.CANCEL);
        dialog.getDialogPane().getStylesheets().addAll(stylesheets);
        // A text with errors keeps the dialog open, so the person can fix what the problem dialog listed.
        dialog.getDialogPane().lookupButton(saveType).addEventFilter(ActionEvent.ACTION, e -> {
            if (!saveAndReload.test(area.getText())) e.consume();
        });
        dialog.showAndWait();
    }
}
