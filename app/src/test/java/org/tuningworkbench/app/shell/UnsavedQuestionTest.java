package org.tuningworkbench.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.tiers.SystemTest;

/** The question the window asks of unsaved changes offers Save, Don't Save and Cancel; no key by itself loses the changes. */
@ExtendWith(ApplicationExtension.class)
@SystemTest
class UnsavedQuestionTest {

    private Stage stage;
    private FxDialogs dialogs;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        dialogs = new FxDialogs(() -> stage);
        stage.setScene(new Scene(new StackPane(), 400, 300));
        stage.show();
    }

    private AtomicReference<Dialogs.Unsaved> ask(FxRobot robot) throws Exception {
        var answer = new AtomicReference<Dialogs.Unsaved>();
        Platform.runLater(() -> answer.set(dialogs.unsaved("Unsaved changes", "Save the changes to the configs in the grid?", "Don't Save quits and loses them.")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        return answer;
    }

    private static Dialogs.Unsaved awaited(AtomicReference<Dialogs.Unsaved> answer) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> answer.get() != null);
        return answer.get();
    }

    @Test
    void itOffersSaveDontSaveAndCancelWithSaveTheDefault(FxRobot robot) throws Exception {
        var answer = ask(robot);
        DialogPane pane = robot.lookup(".dialog-pane").query();
        var buttons = pane.getButtonTypes().stream().map(b -> ((Button) pane.lookupButton(b))).toList();
        assertThat(buttons.stream().map(Button::getText).toList()).containsExactlyInAnyOrder("Save", "Don't Save", "Cancel");
        assertThat(buttons.stream().filter(Button::isDefaultButton).map(Button::getText).toList()).isEqualTo(List.of("Save"));
        assertThat(buttons.stream().filter(Button::isCancelButton).map(Button::getText).toList()).isEqualTo(List.of("Cancel"));
        robot.type(KeyCode.ENTER);
        assertThat(awaited(answer)).isEqualTo(Dialogs.Unsaved.SAVE);
    }

    @Test
    void escapeCancelsAndDontSaveIsAClickOfItsOwn(FxRobot robot) throws Exception {
        var escaped = ask(robot);
        robot.type(KeyCode.ESCAPE);
        assertThat(awaited(escaped)).isEqualTo(Dialogs.Unsaved.CANCEL);

        var discarded = ask(robot);
        robot.clickOn("Don't Save");
        assertThat(awaited(discarded)).isEqualTo(Dialogs.Unsaved.DISCARD);
    }
}
