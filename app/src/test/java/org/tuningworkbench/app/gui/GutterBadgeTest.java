package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tuningworkbench.fixtures.TinyProject;

/** The editor's gutter names each tunable line's parameter whole, however long its name. */
class GutterBadgeTest extends WindowTest {

    @Test
    void aLongParameterNameIsShownWholeInTheGutter(FxRobot robot) throws Exception {
        // pnpoly's `between_method` was cut to "between_me..." by a badge of a fixed 96 px.
        Path project = TinyProject.create(dir, List.of());
        Files.writeString(dir.resolve("scale.c"), TinyProject.KERNEL.replace("UNROLL", "between_method"));
        robot.interact(() -> assertThat(model.open(project)).isTrue());
        List<Label> badges = robot.lookup(".gutter-parameter").queryAllAs(Label.class).stream().toList();
        assertThat(badges).extracting(Label::getText).contains("between_method", "SPIN");
        for (Label badge : badges) {
            Text shown = (Text) badge.lookup(".text");
            assertThat(shown.getText()).as("the badge of %s", badge.getText()).isEqualTo(badge.getText());
        }
    }
}
