package org.tuningworkbench.app.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.Node;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.tuningworkbench.app.OwnerStage;
import org.tuningworkbench.app.shell.Theme;
import org.tuningworkbench.tiers.SystemTest;

/** The examples gallery fits the screen, its Close button on it, whatever the number and length of the examples. */
@ExtendWith(ApplicationExtension.class)
@SystemTest
class ExamplesGalleryViewTest {

    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = OwnerStage.shown(stage);
    }

    @Test
    void theGalleryOfTheBundledExamplesFitsAProjectorsScreen(FxRobot robot) {
        List<Examples.Example> examples = Examples.list(Path.of("..").toAbsolutePath().normalize());
        assertThat(examples).hasSizeGreaterThan(5);
        // Ten examples whose descriptions run to nine lines stood 1,200 pixels tall: on a 1024×700 screen, Close was off it.
        var screen = new Rectangle2D(0, 0, 1024, 700);
        robot.interact(() -> ExamplesGalleryView.show(owner, examples, Path.of(".."), List.of(Theme.STYLESHEET), p -> { }, screen));
        Window gallery = robot.listTargetWindows().stream().filter(w -> w != owner && w.isShowing() && w.getScene() != null
                && w.getScene().getRoot() instanceof DialogPane).findFirst().orElseThrow();
        assertThat(gallery.getHeight()).as("the gallery's height").isLessThanOrEqualTo(screen.getHeight());
        Node close = ((DialogPane) gallery.getScene().getRoot()).lookupButton(ButtonType.CLOSE);
        assertThat(close).isNotNull();
        assertThat(close.isVisible()).isTrue();
        robot.interact(gallery::hide);
    }
}
