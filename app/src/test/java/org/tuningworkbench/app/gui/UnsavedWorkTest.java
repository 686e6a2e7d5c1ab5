package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tuningworkbench.app.shell.Dialogs;
import org.tuningworkbench.fixtures.TinyProject;

/** What the window says of unsaved work and of what it just did: the title's mark, the quit question, the status bar. */
class UnsavedWorkTest extends WindowTest {

    @Test
    void aGridEditMarksTheTitleAndQuittingOffersSaveDontSaveAndCancel(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0")));
        assertThat(model.titleProperty().get()).isEqualTo("tiny — Tuning Workbench");
        robot.interact(() -> model.grid().setValue(model.grid().rows().getFirst(), "UNROLL", "8"));
        assertThat(model.titleProperty().get()).isEqualTo("● tiny — Tuning Workbench");
        robot.interact(model::undo);
        assertThat(model.titleProperty().get()).isEqualTo("tiny — Tuning Workbench");
        robot.interact(model::redo);
        assertThat(model.titleProperty().get()).startsWith("● ");

        // Cancel (Esc) keeps the window; Save writes the grid into the project and lets it close.
        dialogs.unsavedAnswer = Dialogs.Unsaved.CANCEL;
        robot.interact(() -> assertThat(model.confirmQuit()).isFalse());
        assertThat(dialogs.questions).singleElement().asString()
                .isEqualTo("Unsaved changes: Save the changes to the configs in the grid? | Don't Save quits and loses them.");
        dialogs.unsavedAnswer = Dialogs.Unsaved.SAVE;
        robot.interact(() -> assertThat(model.confirmQuit()).isTrue());
        assertThat(Files.readString(dir.resolve("project.toml"))).contains("UNROLL = \"8\"");
        assertThat(model.titleProperty().get()).isEqualTo("tiny — Tuning Workbench");
    }

    @Test
    void generateLeavesOutWhatTheGridHoldsAndSaysSo(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0")));
        robot.interact(() -> model.configLists().generate(Map.of("UNROLL", "1\n2\n4", "SPIN", "0")));
        assertThat(model.grid().rows()).hasSize(3);
        assertThat(model.run().messageProperty().get())
                .isEqualTo("Generated 2 configs (1 combination already in the grid left out); the grid holds 3 configs.");
    }

    @Test
    void applyBestWaitsForAResultInTheMenuTooAndTheStatusBarSaysWhatItAndUndoDid(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        assertThat(window.menuItem("Apply Best to Source…").isDisable()).isTrue();
        runToTheEnd(robot);
        assertThat(window.menuItem("Apply Best to Source…").isDisable()).isFalse();
        robot.interact(model::applyBest);
        assertThat(model.run().messageProperty().get()).startsWith("Apply Best (No.").contains("written into scale.c and saved");
        robot.interact(model::undo);
        assertThat(model.run().messageProperty().get()).startsWith("Undone: Apply Best (No.");
        assertThat(dialogs.problems).isEmpty();
        // Measured on the source as it is: the question has nothing to warn of; once the source changed, it says so, as apply-best does.
        assertThat(dialogs.questions).singleElement().asString().doesNotContain("another text");
        robot.interact(() -> model.editor().textProperty().set("// edited after the run\n" + model.editor().textProperty().get()));
        robot.interact(model::applyBest);
        assertThat(dialogs.questions).last().asString()
                .contains("Note: the best config was measured on another text of scale.c (or with other headers, or for another CPU)");
    }

    @Test
    void typingIntoAGridCellEditsItAndF2EditsTheFocusedCell(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        var table = table(robot);
        var unroll = table.getColumns().stream().filter(c -> "UNROLL".equals(c.getText())).findFirst().orElseThrow();
        robot.interact(() -> {
            table.requestFocus();
            table.getSelectionModel().clearAndSelect(0, unroll);
            table.getFocusModel().focus(0, unroll);
        });
        robot.type(javafx.scene.input.KeyCode.DIGIT8).type(javafx.scene.input.KeyCode.ENTER);
        assertThat(model.grid().rows().get(0).value("UNROLL")).isEqualTo("8");

        robot.interact(() -> {
            table.requestFocus();
            table.getSelectionModel().clearAndSelect(1, unroll);
            table.getFocusModel().focus(1, unroll);
        });
        robot.type(javafx.scene.input.KeyCode.F2);
        assertThat(table.getEditingCell()).isNotNull();
        assertThat(table.getEditingCell().getRow()).isEqualTo(1);
        robot.type(javafx.scene.input.KeyCode.END).type(javafx.scene.input.KeyCode.DIGIT6).type(javafx.scene.input.KeyCode.ENTER);
        assertThat(model.grid().rows().get(1).value("UNROLL")).isEqualTo("26");
    }
}
