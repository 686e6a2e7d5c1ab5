package org.tuningworkbench.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.NodeQueryUtils;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.tiers.SystemTest;

/**
 * The work that follows the window's first frame (opening the project named on the command line) may
 * ask a question: a bare kernel's drafted project is shown for review in a dialog that waits for its answer.
 */
@ExtendWith(ApplicationExtension.class)
@SystemTest
class AfterFirstFrameTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new StackPane(), 400, 300));
        stage.show();
    }

    @Test
    void aDialogOpenedAfterTheFirstFrameWaitsForItsAnswer(FxRobot robot) throws Exception {
        var dialogs = new FxDialogs(() -> stage);
        var answer = new AtomicReference<Optional<String>>();
        var thrown = new AtomicReference<Throwable>();
        robot.interact(() -> WorkbenchApp.afterFirstFrame(() -> {}, () -> {
            try {
                answer.set(dialogs.review("New project for a kernel", "Check what was guessed:", "name = \"scale\""));
            } catch (RuntimeException e) {
                thrown.set(e);
            }
        }));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> thrown.get() != null || robot.lookup("Write and Open").match(NodeQueryUtils.isVisible()).tryQuery().isPresent());
        assertThat(thrown.get()).as("the review dialog could not wait for its answer").isNull();

        robot.clickOn("Write and Open");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> answer.get() != null);
        assertThat(answer.get()).contains("name = \"scale\"");
    }
}
