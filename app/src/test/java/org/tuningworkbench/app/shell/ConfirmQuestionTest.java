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

/** A question before an action (running a project's build command) names the action on its button, beside Cancel. */
@ExtendWith(ApplicationExtension.class)
@SystemTest
class ConfirmQuestionTest {

    private FxDialogs dialogs;

    @Start
    void start(Stage stage) {
        dialogs = new FxDialogs(() -> stage);
        stage.setScene(new Scene(new StackPane(), 400, 300));
        stage.show();
    }

    private AtomicReference<Boolean> ask(FxRobot robot) throws Exception {
        var answer = new AtomicReference<Boolean>();
        Platform.runLater(() -> answer.set(dialogs.confirm("Run the project's build command?", "This project builds with commands of its own:",
                "make -C build", "Run")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        return answer;
    }

    private static boolean awaited(AtomicReference<Boolean> answer) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> answer.get() != null);
        return answer.get();
    }

    @Test
    void theBuildCommandsQuestionOffersRunAndCancelWithRunTheDefault(FxRobot robot) throws Exception {
        var answer = ask(robot);
        DialogPane pane = robot.lookup(".dialog-pane").query();
        var buttons = pane.getButtonTypes().stream().map(b -> ((Button) pane.lookupButton(b))).toList();
        assertThat(buttons.stream().map(Button::getText).toList()).containsExactlyInAnyOrder("Run", "Cancel");
        assertThat(buttons.stream().filter(Button::isDefaultButton).map(Button::getText).toList()).isEqualTo(List.of("Run"));
        robot.type(KeyCode.ENTER);
        assertThat(awaited(answer)).isTrue();

        var escaped = ask(robot);
        robot.type(KeyCode.ESCAPE);
        assertThat(awaited(escaped)).isFalse();
    }
}
