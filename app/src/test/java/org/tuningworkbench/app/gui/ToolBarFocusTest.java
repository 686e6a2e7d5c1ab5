package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.fixtures.TinyProject;

/** Pressing Run leaves the keyboard focus where it was: Enter or Space pressed next does not stop the run or open a dialog. */
class ToolBarFocusTest extends WindowTest {

    private static boolean inToolBar(Node node) {
        for (Node n = node; n != null; n = n.getParent()) if (n.getStyleClass().contains("main-toolbar")) return true;
        return false;
    }

    @Test
    void enterAfterClickingRunDoesNotStopTheRun(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "3000000"), TinyProject.config("2", "3000000"), TinyProject.config("4", "3000000")));
        robot.clickOn("#configTable");
        robot.clickOn("#runButton");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> model.run().isRunning());
        WaitForAsyncUtils.waitForFxEvents();
        Node owner = robot.lookup("#configTable").query().getScene().getFocusOwner();
        assertThat(inToolBar(owner)).as("focus on " + owner).isFalse();
        robot.type(KeyCode.ENTER).type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(model.run().isRunning()).isTrue();
        assertThat(dialogs.problems).isEmpty();
        robot.interact(model::stop);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !model.run().isRunning());
    }
}
