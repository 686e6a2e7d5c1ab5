package org.tuningworkbench.app.project;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** The examples gallery: a card per bundled example, each with an Open button. */
public final class ExamplesGalleryView {

    private ExamplesGalleryView() {}

    public static void show(Window owner, List<Examples.Example> examples, Path home, List<String> stylesheets, Consumer<Path> open) {
        var list = new VBox(10);
        list.setPadding(new Insets(8));
        var dialog = new Dialog<Void>();
        dialog.initOwner(owner);
        dialog.setTitle("Examples");
        dialog.setHeaderText("Open a bundled example: each is a kernel with tunable lines and a list of configs to try.");
        for (var example : examples) {
            var title = new Label(example.name());
            title.getStyleClass().add("pane-title");
            var text = new Label(example.description());
            text.setWrapText(true);
            text.setMaxWidth(520);
            var button = new Button("Open");
            button.getStyleClass().add("accent");
            button.setMinWidth(Region.USE_PREF_SIZE);
            button.setOnAction(e -> {
                dialog.close();
                open.accept(example.project());
            });
            var card = new HBox(12, new VBox(4, title, text), button);
            card.getStyleClass().add("example-card");
            card.setAlignment(Pos.CENTER_LEFT);
            list.getChildren().add(card);
        }
        if (examples.isEmpty()) list.getChildren().add(new Label("No examples were found under " + home.resolve("examples")));
        dialog.getDialogPane().setContent(list);
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.getDialogPane().getStylesheets().addAll(stylesheets);
        dialog.show();
    }
}
