package org.tuningworkbench.app.project;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Screen;
import javafx.stage.Window;

/** The examples gallery: a card per bundled example, each with an Open button. */
public final class ExamplesGalleryView {

    private ExamplesGalleryView() {}

    public static void show(Window owner, List<Examples.Example> examples, Path home, List<String> stylesheets, Consumer<Path> open) {
        show(owner, examples, home, stylesheets, open, Screen.getPrimary().getVisualBounds());
    }

    /**
     * As the other, on a screen whose usable part is {@code screen}: the cards scroll within the screen's height, the Close
     * button below them (ten examples stood 1,200 pixels tall, Close off a projector's 700).
     */
    static void show(Window owner, List<Examples.Example> examples, Path home, List<String> stylesheets, Consumer<Path> open, Rectangle2D screen) {
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
        var cards = new ScrollPane(list);
        cards.setFitToWidth(true);
        cards.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        dialog.getDialogPane().setContent(cards);
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.getDialogPane().getStylesheets().addAll(stylesheets);
        dialog.show();
        // Taller than the screen, it is as tall as the screen, on it, and its cards scroll above the Close button.
        if (dialog.getHeight() > screen.getHeight()) {
            dialog.setHeight(screen.getHeight());
            dialog.setY(screen.getMinY());
        }
    }
}
