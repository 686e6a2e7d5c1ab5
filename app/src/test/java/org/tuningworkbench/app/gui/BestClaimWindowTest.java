package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.engine.cli.Cli;
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

    @Test
    void theStatusBarClaimsTheBestTheCommandLinesBestAnswersWithTheSameQualification(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0"), TinyProject.config("1", "20000")));
        runToTheEnd(robot);
        String status = robot.lookup("#statusBest").queryAs(Label.class).getText();

        // `best` over the records the run wrote, as a script would ask after it.
        var out = new StringWriter();
        int code = Cli.execute(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), "best", "--json", dir.toString());
        assertThat(code).isZero();
        JsonNode best = new ObjectMapper().readTree(out.toString());
        String at = "No." + best.get("number").asInt() + " at " + Figures.micros(best.get("median_us").asDouble());
        String expected = best.has("confirmed") ? "★ best " + at + " confirmed"
                : best.has("caveat") ? "fastest " + at + " (" + best.get("caveat").asText() + ")" : "★ best " + at;
        assertThat(status).isEqualTo(expected);
    }
}
