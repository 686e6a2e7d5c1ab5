package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.List;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.fixtures.TinyProject;

/** Undo of Apply Best never takes away what was typed after it without asking, and Redo brings it back. */
class ApplyBestUndoTest extends WindowTest {

    private void press(FxRobot robot, KeyCode key) {
        robot.press(KeyCode.CONTROL, key).release(key, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void undoingApplyBestAfterTypingAsksNamingTheTypingAndRedoBringsItBack(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        runToTheEnd(robot);
        var area = window.editorView().area();
        String before = area.getText();
        robot.clickOn("#applyBest");
        WaitForAsyncUtils.waitForFxEvents();
        String applied = area.getText();
        robot.interact(() -> area.insertText(0, "// tuned by hand\n"));
        String typed = area.getText();
        dialogs.questions.clear();

        // Ctrl+Z in the grid: the question names the line typed; No keeps everything.
        robot.clickOn("#configTable");
        dialogs.answer = false;
        press(robot, KeyCode.Z);
        assertThat(dialogs.questions).singleElement().asString().startsWith("Undo Apply Best").contains("line 1: // tuned by hand");
        assertThat(area.getText()).isEqualTo(typed);

        // Yes: the source as it was before Apply Best, in the file too; Redo: the best config and the typing.
        dialogs.answer = true;
        press(robot, KeyCode.Z);
        assertThat(area.getText()).isEqualTo(before);
        assertThat(Files.readString(dir.resolve("scale.c"))).isEqualTo(before);
        press(robot, KeyCode.Y);
        assertThat(area.getText()).isEqualTo(typed).isNotEqualTo(applied);
    }
}
