package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.engine.record.JudgedStatus;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.engine.project.SearchSettings;
import org.tuningworkbench.engine.tune.Ranking;
import org.tuningworkbench.fixtures.TinyProject;

/**
 * A search of a space in the window ends as {@code tune}'s does: its fastest configs measured again, interleaved in
 * fresh processes, and the best the window shows is the one measured fastest again.
 */
class SearchConfirmationWindowTest extends WindowTest {

    /** A tiny project of no listed configs and a space of {@code unroll} × {@code spin}, searched by default (model, 24 trials). */
    private Path openSpace(FxRobot robot, String unroll, String spin) throws Exception {
        Path project = TinyProject.create(dir, List.of());
        Files.writeString(project, Files.readString(project) + "\n[space]\nUNROLL = " + unroll + "\nSPIN = " + spin + "\n");
        robot.interact(() -> assertThat(model.open(project)).isTrue());
        assertThat(dialogs.problems).isEmpty();
        return project;
    }

    /** What the window shows of a run's results: each measured config's state (its confirmed mark among them) and share, the best and the status bar. */
    private List<String> shown(FxRobot robot) {
        var out = new java.util.ArrayList<String>();
        robot.interact(() -> {
            for (ConfigRow r : model.grid().rows()) {
                if (r.record() == null) continue;
                out.add(r.record().config() + " " + r.state() + " share " + model.grid().shareOf(r) + (r.isBest() ? " best" : ""));
            }
            out.sort(null);
            out.add("best " + model.grid().best().record().config());
            out.add(robot.lookup("#statusBest").queryAs(Label.class).getText().replaceFirst("No\\.\\d+", "No.?"));
            out.add("chart " + window.latencyChart().chart().getXYPlot().getAnnotations().size() + " ticks");
            // The records the analysis views rest on (parameter effect at the best, heat map): the confirmed copies among them.
            var records = model.results().records();
            out.add("results " + records.stream().filter(r -> r.confirmation() != null).count() + " confirmed, best "
                    + Ranking.of(records, model.results().objective()).best().map(r -> r.config().toString()).orElse("none"));
        });
        return out;
    }

    /** Every message the status line says from now on. */
    private List<String> messages(FxRobot robot) {
        var said = new CopyOnWriteArrayList<String>();
        robot.interact(() -> model.run().messageProperty().addListener((obs, old, now) -> said.add(now)));
        return said;
    }

    private List<ConfigRow> confirmedRows() {
        return model.grid().rows().stream().filter(r -> r.confirmation() != null).toList();
    }

    @Test
    void aSearchOfASpaceEndsWithItsThreeFastestConfigsConfirmedAndTheBestIsTheirs(FxRobot robot) throws Exception {
        Path project = openSpace(robot, "[1, 2, 4]", "[0, 20000, 200000]");
        assertThat(model.run().settings().strategyProperty().get()).isEqualTo("model");
        assertThat(robot.lookup("#confirmTopField").queryAs(TextField.class).getText()).isEqualTo(String.valueOf(SearchSettings.SPACE_CONFIRM_TOP));
        var said = messages(robot);
        var progress = new CopyOnWriteArrayList<String>();
        robot.interact(() -> model.run().progressTextProperty().addListener((obs, old, now) -> progress.add(now)));
        runToTheEnd(robot);
        assertThat(dialogs.problems).isEmpty();
        // So did the progress: the confirmation's nine measurements counted.
        assertThat(progress).anyMatch(p -> p.matches("confirming [1-9] / 9 · .* elapsed")).noneMatch(p -> p.startsWith("confirming 10 "));
        // The status line said the confirmation was under way, with its round (the window shows the latest message of
        // each frame, so on a loaded machine one round's message may give way to the next before it is drawn).
        assertThat(said).anyMatch(m -> m.matches("Confirming the best 3, measured again in fresh processes: round [1-3] of 3, No\\.\\d+"));
        // The three fastest of the search, each marked with its confirmed rank and figure.
        List<ConfigRow> measured = model.grid().rows().stream().filter(r -> r.record() != null && r.record().ok()).toList();
        assertThat(measured).hasSize(9);
        List<ConfigRow> fastest = measured.stream().sorted(Comparator.comparingDouble(r -> r.record().medianUs())).limit(3).toList();
        assertThat(confirmedRows()).containsExactlyInAnyOrderElementsOf(fastest);
        assertThat(confirmedRows()).extracting(r -> r.confirmation().rank()).containsExactlyInAnyOrder(1, 2, 3);
        for (ConfigRow r : confirmedRows()) {
            // Its confirmed rank first, then what was judged of its run's samples; its confirmed figure is the Median column's.
            assertThat(r.state()).startsWith("ok · confirmed #" + r.confirmation().rank()).isEqualTo(JudgedStatus.of(r.record()).text());
            assertThat(r.standingMedianUs()).isEqualTo(r.confirmation().medianUs());
            assertThat(r.confirmation().roundMediansUs()).hasSize(3);
        }
        assertThat(model.grid().rows()).noneMatch(r -> r.state().equals("confirming"));
        // The best shown rests on the confirmed figures: the one measured fastest again, its confirmed figure in the status bar.
        ConfigRow best = model.grid().best();
        assertThat(best.confirmation().rank()).isEqualTo(1);
        assertThat(best.isBest()).isTrue();
        String figure = Figures.micros(best.confirmation().medianUs());
        assertThat(robot.lookup("#statusBest").queryAs(Label.class).getText())
                .isEqualTo("★ best No." + model.grid().numberOf(best) + " at " + figure + " confirmed");
        // Selected, the best's details in the log pane say what the confirmation measured of it.
        robot.interact(() -> model.selectNumber(model.grid().numberOf(best)));
        // Its heading says the status the grid's Status column does (it said "No.7 · ok" beside "ok · confirmed #1 · ...").
        assertThat(model.selectedLogProperty().get()).startsWith("No." + model.grid().numberOf(best) + " · " + best.state() + "\n");
        assertThat(model.selectedLogProperty().get()).contains("confirmed median " + figure + ": rank 1 measured again (the run's rank "
                + best.confirmation().searchRank() + "); rounds ").contains("search: median " + Figures.micros(best.record().medianUs()));
        // Apply Best writes the confirmed best's values.
        assertThat(model.bestVariantText()).contains("int UNROLL = " + best.record().config().get("UNROLL") + ";")
                .contains("long SPIN = " + best.record().config().get("SPIN") + ";");
        // What the confirmation found, by the grid's numbers: when the best changed, which config the search had put first.
        var entries = best.confirmation().searchRank() == 1 ? "" : ", not No." + model.grid().numberOf(
                confirmedRows().stream().filter(r -> r.confirmation().searchRank() == 1).findFirst().orElseThrow());
        if (!entries.isEmpty()) {
            assertThat(model.run().messageProperty().get()).endsWith("No." + model.grid().numberOf(best) + " measured fastest" + entries);
        }
        // Shares of the best are of the confirmed figures: none of the three beats the best.
        for (ConfigRow r : confirmedRows()) {
            assertThat(model.grid().shareOf(r)).isCloseTo(best.confirmation().medianUs() / r.confirmation().medianUs(),
                    org.assertj.core.data.Offset.offset(1e-9)).isLessThanOrEqualTo(1.0);
        }
        // The chart marks the three with their confirmed medians, and crowns the one measured fastest again.
        var plot = (org.jfree.chart.plot.XYPlot) window.latencyChart().chart().getPlot();
        assertThat(plot.getAnnotations()).hasSize(3);
        // The message says what the confirmation found and leaves the best to the status bar beside it; the notification names it.
        assertThat(model.run().messageProperty().get()).startsWith("Finished 9 of ").contains("; the best 3 measured again in 3 rounds: ")
                .doesNotContain("best No.");
        assertThat(dialogs.notes).last().asString().contains("best No." + model.grid().numberOf(best) + " at " + figure + " confirmed");

        // The project opened again shows what the run showed: the same best, marks, shares and confirmed ticks, from the records.
        List<String> live = shown(robot);
        robot.interact(() -> assertThat(model.open(project)).isTrue());
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(window::drainEvents);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(confirmedRows()).hasSize(3);
        assertThat(shown(robot)).isEqualTo(live);
    }

    @Test
    void theRunPanelTurnsTheConfirmationOffAndTheGridConfirmsNothing(FxRobot robot) throws Exception {
        openSpace(robot, "[1, 2]", "[0, 20000]");
        var field = robot.lookup("#confirmTopField").queryAs(TextField.class);
        robot.interact(() -> {
            field.setText("0");
            field.commitValue();
        });
        assertThat(model.run().settings().confirmTopProperty().get()).isZero();
        var said = messages(robot);
        runToTheEnd(robot);
        assertThat(confirmedRows()).isEmpty();
        assertThat(said).noneMatch(m -> m.startsWith("Confirming"));
        assertThat(model.grid().best()).isNotNull();

        // The grid walks the space as asked, and confirms nothing either, as tune --strategy grid does.
        robot.interact(() -> {
            model.run().settings().confirmTopProperty().set(2);
            model.run().settings().strategyProperty().set("grid");
        });
        runToTheEnd(robot);
        assertThat(model.grid().rows().stream().filter(r -> r.record() != null)).hasSize(4);
        assertThat(confirmedRows()).isEmpty();
        assertThat(said).noneMatch(m -> m.startsWith("Confirming"));
    }

    @Test
    void stopWhileConfirmingKeepsTheSearchsResultsAndItsBest(FxRobot robot) throws Exception {
        openSpace(robot, "[1, 2]", "[0, 3000000]");
        robot.interact(() -> model.run().settings().confirmTopProperty().set(4));
        robot.clickOn("#runButton");
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> model.run().messageProperty().get().startsWith("Confirming"));
        robot.interact(() -> model.run().stop());
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !model.run().isRunning());
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(window::drainEvents);
        assertThat(dialogs.problems).isEmpty();
        List<ConfigRow> measured = model.grid().rows().stream().filter(r -> r.record() != null).toList();
        assertThat(measured).hasSize(4).allMatch(r -> r.record().ok());
        assertThat(confirmedRows()).isEmpty();
        assertThat(model.grid().rows()).noneMatch(r -> r.state().equals("confirming"));
        ConfigRow fastest = measured.stream().min(Comparator.comparingDouble(r -> r.record().medianUs())).orElseThrow();
        assertThat(model.grid().best()).isSameAs(fastest);
        assertThat(model.run().messageProperty().get()).startsWith("Stopped after 4 of ").contains("confirmation stopped: the best is the search's");
        assertThat(Objects.requireNonNull(robot.lookup("#statusBest").queryAs(Label.class).getText())).doesNotContain("confirmed");
    }
}
