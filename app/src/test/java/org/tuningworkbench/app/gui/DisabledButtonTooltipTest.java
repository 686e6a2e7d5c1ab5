package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.fixtures.TinyProject;

/** A greyed tool bar button still says, under the pointer, what it does and what it waits for. */
class DisabledButtonTooltipTest extends WindowTest {

    private static Optional<Tooltip> showing(FxRobot robot) {
        return robot.listWindows().stream().filter(w -> w instanceof Tooltip t && t.isShowing()).map(w -> (Tooltip) w).findFirst();
    }

    @Test
    void aDisabledCompareShowsWhatToSelectUnderThePointer(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        var compare = robot.lookup("#compareButton").queryAs(Button.class);
        assertThat(compare.isDisabled()).as("nothing selected").isTrue();
        robot.moveTo(compare);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> showing(robot).isPresent());
        assertThat(showing(robot).orElseThrow().getText()).startsWith("Compare: Select two rows of the grid");
    }
}
