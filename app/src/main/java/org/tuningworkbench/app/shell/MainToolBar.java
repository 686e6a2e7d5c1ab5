package org.tuningworkbench.app.shell;

import java.nio.file.Path;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/** The window's tool bar: the actions' buttons (a mode's lit while it is on), the run's progress, and the project's name. */
final class MainToolBar {

    private MainToolBar() {}

    /** A file as a person tells it apart: its folder and its name ({@code basic-matmul/project.toml}). */
    static String shortName(Path file) {
        var folder = file.toAbsolutePath().getParent();
        return (folder == null || folder.getFileName() == null ? "" : folder.getFileName() + "/") + file.getFileName();
    }

    /** The bar with {@code bar}'s buttons; the lesson's and the replay's buttons are lit while their mode is on. */
    static Node of(MainViewModel model, ActionBar bar, ObservableBooleanValue lessonOn, ObservableBooleanValue replayOn) {
        var progress = new ProgressBar(0);
        progress.setId("runProgress");
        progress.setPrefWidth(220);
        // On a narrow bar (1024 pixels) the project's name gives way first, then the bar, down to a length that still reads
        // as a bar; the count and the time left are said whole ("about 0:0…" hid the time left).
        progress.setMinWidth(60);
        progress.progressProperty().bind(model.run().progressProperty());
        progress.visibleProperty().bind(model.run().runningProperty().or(model.run().doneProperty().greaterThan(0)));
        var progressText = new Label();
        progressText.setId("progressText");
        progressText.getStyleClass().add("muted");
        progressText.textProperty().bind(model.run().progressTextProperty());
        progressText.setMinWidth(Region.USE_PREF_SIZE);
        var spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        var projectName = new Label();
        projectName.getStyleClass().add("project-name");
        // The project's name gives way first when the bar is narrow: the buttons keep their room.
        projectName.setMinWidth(0);
        projectName.textProperty().bind(Bindings.createStringBinding(
                () -> model.openingProperty().get() != null ? "opening " + shortName(model.openingProperty().get()) + " …"
                        : model.project() == null ? "no project" : title(model.project().projectFile(), model.project().project().name()),
                model.projectProperty(), model.openingProperty()));
        var box = new HBox(8);
        box.getChildren().addAll(bar.buttons());
        showsMode(box, "#lessonToggle", lessonOn);
        showsMode(box, "#replayToggle", replayOn);
        box.getChildren().addAll(ActionBar.separator(), progress, progressText, spacer, projectName);
        box.setAlignment(Pos.CENTER_LEFT);
        box.getStyleClass().add("main-toolbar");
        return box;
    }

    /**
     * What the bar calls the open project: its file and its name ({@code project.toml  ·  basic-matmul}); a recorded space,
     * named after its file, once ({@code gemm_RTX_3090.json.gz}, not followed by {@code gemm_RTX_3090} cut short on a narrow screen).
     */
    static String title(Path projectFile, String name) {
        String file = projectFile.getFileName().toString();
        return file.startsWith(name + ".") ? file : file + "  ·  " + name;
    }

    private static void showsMode(Node bar, String id, ObservableBooleanValue on) {
        Node button = bar.lookup(id);
        if (button == null) return;
        on.addListener((obs, was, now) -> {
            if (now) button.getStyleClass().add("accent");
            else button.getStyleClass().remove("accent");
        });
    }
}
