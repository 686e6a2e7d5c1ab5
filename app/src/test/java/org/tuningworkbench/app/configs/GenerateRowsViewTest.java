package org.tuningworkbench.app.configs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.app.OwnerStage;
import org.tuningworkbench.tiers.SystemTest;

/** The Generate dialog is worked with the keyboard: Tab goes from one value list to the next and on to Add Rows, not into a list. */
@ExtendWith(ApplicationExtension.class)
@SystemTest
class GenerateRowsViewTest {

    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = OwnerStage.shown(stage);
    }

    @Test
    void tabMovesBetweenTheListsAndToAddRowsAndEnterAddsThem(FxRobot robot) throws Exception {
        var values = new LinkedHashMap<String, String>();
        values.put("TILE", "16");
        values.put("UNROLL", "1");
        var model = new GenerateRowsViewModel(values);
        var result = new AtomicReference<Optional<Map<String, String>>>();
        Platform.runLater(() -> result.set(GenerateRowsView.show(owner, model, List.of())));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        var areas = robot.lookup(".dialog-pane .text-area").queryAllAs(TextArea.class).stream().toList();
        assertThat(areas).hasSize(2);
        robot.clickOn(areas.get(0));
        robot.type(KeyCode.END).write("\n32").type(KeyCode.TAB);
        assertThat(model.lists().get("TILE").get()).isEqualTo("16\n32");
        assertThat(focused(robot)).isSameAs(areas.get(1));
        robot.type(KeyCode.TAB);
        assertThat(focused(robot)).isInstanceOf(Button.class).extracting(n -> ((Button) n).getText()).isEqualTo("Add Rows");
        robot.press(KeyCode.SHIFT).type(KeyCode.TAB).release(KeyCode.SHIFT);
        assertThat(focused(robot)).isSameAs(areas.get(1));
        assertThat(model.lists().get("UNROLL").get()).isEqualTo("1");
        robot.type(KeyCode.TAB).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> result.get() != null);
        assertThat(result.get()).contains(Map.of("TILE", "16\n32", "UNROLL", "1"));
    }

    private static Node focused(FxRobot robot) {
        return robot.lookup(".dialog-pane").query().getScene().getFocusOwner();
    }
}
