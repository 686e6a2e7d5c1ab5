package org.tuningworkbench.app.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.stage.Stage;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.tuningworkbench.app.OwnerStage;
import org.tuningworkbench.app.run.PriorsViewModel;
import org.tuningworkbench.app.shell.Theme;
import org.tuningworkbench.app.task.CurrentThreadTaskExecutor;
import org.tuningworkbench.engine.recorded.PriorFiles;
import org.tuningworkbench.engine.recorded.RecordedSpace;
import org.tuningworkbench.engine.recorded.RecordedSpaces;
import org.tuningworkbench.engine.replay.StrategyCurves;
import org.tuningworkbench.engine.search.Prior;

/** Strategies side by side on a recorded space, with and without priors dropped on the side panel. */
@ExtendWith(ApplicationExtension.class)
class StrategyComparisonViewTest {

    @TempDir
    Path dir;

    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = OwnerStage.shown(stage);
    }

    /** A Kernel Tuner cache of 12 × 12 configs, a bowl with its best at (28, 3), {@code scale} times this device's times. */
    private Path cache(String name, double scale) throws Exception {
        var entries = new ArrayList<String>();
        for (int i = 0; i < 12; i++) {
            for (int j = 0; j < 12; j++) {
                double ms = scale * (1 + Math.abs(i - 7) * 0.1 + Math.abs(j - 3) * 0.05);
                entries.add(String.format(Locale.ROOT, "\"%d,%d\": {\"a\": %d, \"b\": %d, \"time\": %.4f}", i * 4, j, i * 4, j, ms));
            }
        }
        var a = new ArrayList<String>();
        var b = new ArrayList<String>();
        for (int i = 0; i < 12; i++) {
            a.add(Integer.toString(i * 4));
            b.add(Integer.toString(i));
        }
        Path file = dir.resolve(name);
        Files.writeString(file, "{\"device_name\": \"" + name + "\", \"kernel_name\": \"bowl\", \"tune_params_keys\": [\"a\", \"b\"],"
                + " \"tune_params\": {\"a\": [" + String.join(", ", a) + "], \"b\": [" + String.join(", ", b) + "]},"
                + " \"cache\": {" + String.join(",\n", entries) + "}}");
        return file;
    }

    @Test
    void drawsAMedianCurveWithItsBandPerStrategyAndOneMoreForEachThatLearnsFromPriors(FxRobot robot) throws Exception {
        RecordedSpace space = RecordedSpaces.read(cache("here.json", 1));
        List<Prior> priors = List.of(PriorFiles.read(cache("other.json", 2)));
        var model = new StrategyComparisonViewModel(new CurrentThreadTaskExecutor());
        var got = new ArrayList<StrategyCurves.Curve>();
        var errors = new ArrayList<String>();
        robot.interact(() -> model.compare(space, priors, 30, got::addAll, errors::add));
        assertThat(errors).isEmpty();
        assertThat(got).extracting(StrategyCurves.Curve::label)
                .containsExactly("random", "evolutionary", "evolutionary with priors", "model", "model with priors");
        assertThat(got.get(4).median()).hasSize(30);
        // The prior ranks the configs as this device does: the model's first trial is the best.
        assertThat(got.get(4).median()[0]).isEqualTo(1.0);
        assertThat(model.statusProperty().get()).contains("median of 10 seeds");

        StrategyComparisonView[] view = new StrategyComparisonView[1];
        robot.interact(() -> {
            view[0] = new StrategyComparisonView(owner, model, space.name(), List.of(Theme.STYLESHEET), false);
            view[0].show(got);
            view[0].stage().show();
        });
        var plot = (XYPlot) view[0].chart().getPlot();
        assertThat(plot.getDataset().getSeriesCount()).isEqualTo(5);
        assertThat(plot.getDataset().getSeriesKey(4)).isEqualTo("model with priors");
        assertThat(robot.lookup("#strategyStatus").queryLabeled().getText()).contains("median of 10 seeds");
        robot.interact(view[0].stage()::close);
    }

    /** Writes the docs' picture: {@code -Dstrategies.snapshot=FILE.png -Dstrategies.space=SPACE -Dstrategies.priors=A,B}. */
    @Test
    void snapshotOfASharedSpaceWhenAsked(FxRobot robot) throws Exception {
        String out = System.getProperty("strategies.snapshot");
        if (out == null) return;
        RecordedSpace space = RecordedSpaces.read(Path.of(System.getProperty("strategies.space")));
        var priors = new ArrayList<Prior>();
        for (String f : System.getProperty("strategies.priors", "").split(",")) if (!f.isBlank()) priors.add(PriorFiles.read(Path.of(f)));
        var model = new StrategyComparisonViewModel(new CurrentThreadTaskExecutor());
        var got = new ArrayList<StrategyCurves.Curve>();
        robot.interact(() -> model.compare(space, priors, Integer.getInteger("strategies.budget", 50), got::addAll, e -> { throw new AssertionError(e); }));
        robot.interact(() -> {
            var view = new StrategyComparisonView(owner, model, space.name(), List.of(Theme.STYLESHEET), false);
            view.show(got);
            view.stage().show();
            try {
                javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(view.stage().getScene().snapshot(null), null),
                        "png", new java.io.File(out));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    @Test
    void priorsDroppedOnTheSidePanelAreReadListedAndForgotten() throws Exception {
        var priors = new PriorsViewModel(new CurrentThreadTaskExecutor());
        var errors = new ArrayList<String>();
        priors.setOnError(errors::add);
        priors.add(List.of(cache("other.json", 2)));
        assertThat(priors.priors()).hasSize(1);
        assertThat(priors.summaryProperty().get()).isEqualTo("other.json: 144 configs");
        priors.add(List.of(dir.resolve("gone.jsonl")));
        assertThat(errors).singleElement().asString().contains("gone.jsonl").contains("no such file");
        assertThat(priors.priors()).hasSize(1);
        priors.clear();
        assertThat(priors.priors()).isEmpty();
        assertThat(priors.summaryProperty().get()).startsWith("None. Drop record files");
    }
}
