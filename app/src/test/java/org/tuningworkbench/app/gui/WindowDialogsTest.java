package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javafx.scene.control.Menu;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.fixtures.TinyProject;

/** Every dialog the window's actions open goes through its dialogs: file choosers, value lists, the project file, the shortcut list. */
class WindowDialogsTest extends WindowTest {

    @Test
    void importAndExportAskTheDialogsForTheirFiles(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0")));
        Path list = dir.resolve("list.csv");
        Files.writeString(list, "UNROLL,SPIN\n2,0\n4,0\n8,0\n");
        dialogs.openAs = list;
        robot.clickOn("Configs").clickOn("Import…");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(dialogs.openQuestions).containsExactly("Import configs");
        assertThat(model.grid().rows()).extracting(r -> r.values().get("UNROLL")).containsExactly("2", "4", "8");

        Path exported = dir.resolve("out.csv");
        dialogs.saveAs = exported;
        robot.interact(() -> ((Menu) window.menuItem("Export As")).getItems().stream().filter(i -> i.getText().equals("CSV…")).findFirst().orElseThrow().fire());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(dialogs.saveQuestions).containsExactly("Export configs as CSV: configs.csv");
        assertThat(Files.readString(exported)).startsWith("UNROLL,SPIN\n2,0\n4,0\n8,0");
    }

    @Test
    void generateAsksTheDialogsForTheValueListsAndTheKeysListIsTheirsToShow(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0")));
        dialogs.valueLists = lists -> Map.of("UNROLL", "2\n4", "SPIN", "0");
        robot.clickOn("Configs").clickOn("Generate from Value Lists…");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(model.grid().rows()).extracting(r -> r.values().get("UNROLL")).containsExactly("1", "2", "4");

        robot.type(KeyCode.F1);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(dialogs.shown).containsExactly("shortcuts");
    }
}
