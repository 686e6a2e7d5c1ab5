package org.tuningworkbench.app.shell;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.controlsfx.control.Notifications;
import org.tuningworkbench.app.configs.GenerateRowsView;
import org.tuningworkbench.app.configs.GenerateRowsViewModel;
import org.tuningworkbench.app.project.Examples;
import org.tuningworkbench.app.project.ExamplesGalleryView;
import org.tuningworkbench.app.project.ProjectFileView;

/** Dialogs for a person: problems listed plainly, confirmations, file choosers, the window's own dialogs, and a corner notification. */
public final class FxDialogs implements Dialogs {

    private final java.util.function.Supplier<Window> owner;

    public FxDialogs(java.util.function.Supplier<Window> owner) {
        this.owner = owner;
    }

    @Override
    public void showProblem(String title, List<String> problems) {
        var alert = new Alert(Alert.AlertType.ERROR);
        alert.initOwner(owner.get());
        alert.setTitle(title);
        alert.setHeaderText(title);
        if (problems.size() == 1 && problems.getFirst().length() < 160) {
            alert.setContentText(problems.getFirst());
        } else {
            var text = new TextArea(String.join("\n", problems));
            text.setEditable(false);
            text.setWrapText(true);
            text.getStyleClass().add("problem-list");
            text.setPrefRowCount(Math.min(12, problems.size() + 2));
            text.setPrefColumnCount(70);
            alert.getDialogPane().setContent(text);
        }
        alert.showAndWait();
    }

    @Override
    public boolean confirm(String title, String header, String text, String action) {
        // The button says what it does (Run, Apply), as OK would not.
        var agree = new ButtonType(action, ButtonBar.ButtonData.OK_DONE);
        var alert = new Alert(Alert.AlertType.CONFIRMATION, text, agree, ButtonType.CANCEL);
        alert.initOwner(owner.get());
        alert.setTitle(title);
        alert.setHeaderText(header);
        return alert.showAndWait().filter(b -> b == agree).isPresent();
    }

    @Override
    public Unsaved unsaved(String title, String header, String text) {
        var save = new ButtonType("Save", ButtonBar.ButtonData.OK_DONE);
        var discard = new ButtonType("Don't Save", ButtonBar.ButtonData.NO);
        var alert = new Alert(Alert.AlertType.WARNING, text, save, discard, ButtonType.CANCEL);
        alert.initOwner(owner.get());
        alert.setTitle(title);
        alert.setHeaderText(header);
        // Save is the default (Enter); losing the changes is never what a key does by itself: Don't Save's NO would
        // make it a second cancel button, on Escape as Cancel is, so only Cancel keeps that key.
        ((Button) alert.getDialogPane().lookupButton(discard)).setCancelButton(false);
        var answer = alert.showAndWait().orElse(ButtonType.CANCEL);
        return answer == save ? Unsaved.SAVE : answer == discard ? Unsaved.DISCARD : Unsaved.CANCEL;
    }

    @Override
    public Optional<String> review(String title, String header, String text) {
        var dialog = new javafx.scene.control.Dialog<String>();
        dialog.initOwner(owner.get());
        dialog.setTitle(title);
        dialog.setHeaderText(header);
        var area = new TextArea(text);
        area.getStyleClass().add("project-text");
        area.setPrefColumnCount(80);
        area.setPrefRowCount(24);
        dialog.getDialogPane().setContent(area);
        var write = new ButtonType("Write and Open", ButtonBar.ButtonData.OK_DONE);
        dialog.getDialogPane().getButtonTypes().addAll(write, ButtonType.CANCEL);
        dialog.setResultConverter(button -> button == write ? area.getText() : null);
        dialog.setResizable(true);
        return dialog.showAndWait();
    }

    @Override
    public void notify(String title, String text) {
        Window window = owner.get();
        if (window == null || !window.isShowing()) return;
        Notifications.create().owner(window).title(title).text(text).hideAfter(javafx.util.Duration.seconds(6)).showInformation();
    }

    @Override
    public Optional<Path> saveFile(String title, String suggested, Path folder) {
        var chooser = chooser(title, folder);
        chooser.setInitialFileName(suggested);
        return Optional.ofNullable(chooser.showSaveDialog(owner.get())).map(File::toPath);
    }

    @Override
    public Optional<Path> openFile(String title, Path folder, List<FileKind> kinds) {
        var chooser = chooser(title, folder);
        for (FileKind kind : kinds) chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind.description(), kind.patterns()));
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("All files", "*"));
        return Optional.ofNullable(chooser.showOpenDialog(owner.get())).map(File::toPath);
    }

    private static FileChooser chooser(String title, Path folder) {
        var chooser = new FileChooser();
        chooser.setTitle(title);
        if (folder != null && Files.isDirectory(folder)) chooser.setInitialDirectory(folder.toFile());
        return chooser;
    }

    @Override
    public Optional<Map<String, String>> valueLists(GenerateRowsViewModel lists) {
        return GenerateRowsView.show(owner.get(), lists, List.of(Theme.STYLESHEET));
    }

    @Override
    public void editProjectFile(Path file, String text, Predicate<String> saveAndReload) {
        ProjectFileView.show(owner.get(), file, text, List.of(Theme.STYLESHEET), saveAndReload);
    }

    @Override
    public void showExamples(List<Examples.Example> examples, Path home, Consumer<Path> open) {
        ExamplesGalleryView.show(owner.get(), examples, home, List.of(Theme.STYLESHEET), open);
    }

    @Override
    public void showShortcuts(String list) {
        var alert = new Alert(Alert.AlertType.INFORMATION);
        alert.initOwner(owner.get());
        alert.setTitle("Keyboard shortcuts");
        alert.setHeaderText("Keyboard shortcuts");
        var text = new Label(list);
        text.getStyleClass().add("shortcuts");
        alert.getDialogPane().setContent(text);
        alert.show();
    }
}
