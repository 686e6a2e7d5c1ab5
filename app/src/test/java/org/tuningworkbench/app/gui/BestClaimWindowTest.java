package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.fixtures.TinyProject;

/** The status bar and the run's closing notification say the same of the best: the same word, number and figure. */
class BestClaimWindowTest extends WindowTest {

    @Test
    void theStatusBarAndTheNotificationClaimTheSameBest(FxRobot robot) throws Exception {
        // Two configs alike: which is faster is a matter of noise, so the best is qualified ("fastest ... (not distinguishable
        // from ...)", or one raced out) as often as not; either way both places must say it alike.
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("1", "0")));
        runToTheEnd(robot);
        String status = robot.lookup("#statusBest").queryAs(Label.class).getText();
        // A best unqualified has its star; a qualified one is only the fastest.
        String said = status.startsWith("★ ") ? status.substring(2) : status;
        assertThat(said).startsWith(status.startsWith("★ ") ? "best No." : "fastest No.");
        assertThat(dialogs.notes).last().asString().contains("; " + said);
        // The figure claimed is the one the grid's Median column shows for that row.
        var best = model.grid().best();
        assertThat(said).contains("No." + model.grid().numberOf(best) + " at " + Figures.micros(best.standingMedianUs()));
    }
}
