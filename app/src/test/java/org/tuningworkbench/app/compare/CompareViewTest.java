package org.tuningworkbench.app.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.stage.Stage;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.CategoryPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.tuningworkbench.app.OwnerStage;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.app.shell.Theme;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.fixtures.TinyProject;
import org.tuningworkbench.tiers.SystemTest;

/** Two configs side by side: variants with their differing lines, statistics, and a samples plot. */
@ExtendWith(ApplicationExtension.class)
@SystemTest
class CompareViewTest {

    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = OwnerStage.shown(stage);
    }

    static TuningRecord record(int number, List<Double> samples) {
        double median = samples.stream().sorted().toList().get(samples.size() / 2);
        return TuningRecord.builder().trial(number).time("t").project("p").config(Map.of()).status(Status.OK)
                .timing(TuningRecord.Timing.ofSamples(samples, 1L).withRunMs(200.0))
                .statistics(new TuningRecord.Statistics(median, samples.stream().min(Double::compare).orElseThrow(),
                        samples.stream().max(Double::compare).orElseThrow(), median, 1.0, 0.02, false, 3.0, null))
                .builtWith(new TuningRecord.Build(100.0, false, List.of())).build();
    }

    @Test
    void showsBothVariantsTheirStatisticsAndAVerdict(FxRobot robot) {
        var source = TunableSource.parse(Path.of("scale.c"), TinyProject.KERNEL);
        var model = new CompareViewModel(source, "No.1", new Config(Map.of("UNROLL", "2")), record(1, List.of(10.0, 10.5, 11.0, 11.5, 12.0)),
                "No.2", new Config(Map.of("UNROLL", "4")), record(2, List.of(20.0, 20.5, 21.0, 21.5, 22.0)));
        assertThat(model.differingLines()).containsExactly(1);
        assertThat(model.verdict()).startsWith("No.1 is 1.91× faster than No.2 (medians; 95% interval ").contains("Mann-Whitney p = ");
        var close = new CompareViewModel(TunableSource.parse(Path.of("scale.c"), TinyProject.KERNEL), "No.1", new Config(Map.of("UNROLL", "2")),
                record(1, List.of(10.0, 11.0, 12.0, 10.8, 11.2)), "No.3", new Config(Map.of("UNROLL", "8")), record(3, List.of(10.5, 11.5, 11.8, 10.9, 11.1)));
        assertThat(close.verdict()).startsWith("No.1 and No.3 are not distinguishable: ");
        assertThat(model.statistics()).first().isEqualTo(new CompareViewModel.Row("status", "ok", "ok"));
        Stage[] shown = new Stage[1];
        robot.interact(() -> shown[0] = CompareView.show(owner, model, List.of(Theme.STYLESHEET), false));
        assertThat(shown[0].isShowing()).isTrue();
        assertThat(robot.lookup(".verdict").queryLabeled().getText()).contains("1.91×");
        // The whole sentence is read, not cut short with an ellipsis.
        assertThat(robot.lookup(".verdict").queryLabeled().isWrapText()).isTrue();
        String out = System.getProperty("compare.snapshot");
        if (out != null) {
            robot.interact(() -> {
                try {
                    javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(shown[0].getScene().snapshot(null), null),
                            "png", new java.io.File(out));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
        robot.interact(shown[0]::close);
    }

    @Test
    void aConfigMeasuredAgainShowsTheRoundsItsVerdictRestsOn() {
        // The search sampled No.1 at 10-12 µs; the confirmation's four rounds put it at 13-14 µs.
        var rounds = List.of(13.0, 13.5, 13.8, 14.0);
        var confirmed = record(1, List.of(10.0, 10.5, 11.0, 11.5, 12.0))
                .confirmed(ConfirmedFigures.of("t", Objective.TIME, 1, 1, 2, rounds, rounds, 13.65, 13.65));
        var model = new CompareViewModel(TunableSource.parse(Path.of("scale.c"), TinyProject.KERNEL), "No.1", new Config(Map.of("UNROLL", "2")),
                confirmed, "No.2", new Config(Map.of("UNROLL", "4")), record(2, List.of(20.0, 20.5, 21.0, 21.5, 22.0)));
        assertThat(model.statistics()).contains(new CompareViewModel.Row("status", "ok · confirmed #1", "ok"),
                new CompareViewModel.Row("median", Figures.micros(13.65), Figures.micros(21.0)),
                new CompareViewModel.Row("min", Figures.micros(13.0), Figures.micros(20.0)),
                new CompareViewModel.Row("samples", "4 rounds", "5"));
        assertThat(model.verdict()).contains("4 and 5 samples");
        assertThat(CompareViewModel.samples(model.left())).isEqualTo(rounds);
        // The samples plot names what it draws of each side: the rounds' medians of the one measured again, as the table says.
        assertThat(CompareViewModel.samplesLabel(model.left())).isEqualTo("No.1 (4 rounds)");
        assertThat(CompareViewModel.samplesLabel(model.right())).isEqualTo("No.2");
    }

    @Test
    void theSamplesAxisIsInTheUnitTheStatisticsAreWrittenIn(FxRobot robot) {
        // Configs of about 18 ms: the statistics say 18.62 ms, and the samples' axis once said 18,600 µs beside them.
        var model = new CompareViewModel(TunableSource.parse(Path.of("scale.c"), TinyProject.KERNEL), "No.1", new Config(Map.of("UNROLL", "2")),
                record(1, List.of(18_500.0, 18_600.0, 18_620.0, 18_650.0, 18_700.0)), "No.2", new Config(Map.of("UNROLL", "4")),
                record(2, List.of(18_600.0, 18_650.0, 18_660.0, 18_700.0, 18_840.0)));
        assertThat(model.statistics()).contains(new CompareViewModel.Row("median", Figures.micros(18_620.0), Figures.micros(18_660.0)));
        Stage[] shown = new Stage[1];
        robot.interact(() -> shown[0] = CompareView.show(owner, model, List.of(Theme.STYLESHEET), false));
        ChartViewer viewer = robot.from(shown[0].getScene().getRoot()).lookup((Node n) -> n instanceof ChartViewer).query();
        var axis = ((CategoryPlot) viewer.getChart().getPlot()).getRangeAxis();
        assertThat(axis.getLabel()).isEqualTo("time per call (ms)");
        robot.interact(shown[0]::close);
    }

    @Test
    void aSideOfOneSampleHasNoSpreadToTell() {
        // Racing stopped No.3 after one sample: its std dev said "0.000 µs" beside an empty CV.
        var model = new CompareViewModel(TunableSource.parse(Path.of("scale.c"), TinyProject.KERNEL), "No.1", new Config(Map.of("UNROLL", "2")),
                record(1, List.of(10.0, 10.5, 11.0)), "No.3", new Config(Map.of("UNROLL", "4")), TuningRecord.of(Map.of("UNROLL", "4"), Status.OK, List.of(12.0)));
        assertThat(model.statistics()).contains(new CompareViewModel.Row("CV", Figures.percent(0.02), ""),
                new CompareViewModel.Row("std dev", Figures.micros(1.0), ""), new CompareViewModel.Row("samples", "3", "1"));
    }

    @Test
    void aRateNeitherRecordCarriesHasNoRow() {
        var source = TunableSource.parse(Path.of("scale.c"), TinyProject.KERNEL);
        var withRates = new CompareViewModel(source, "No.1", new Config(Map.of("UNROLL", "2")), record(1, List.of(10.0, 10.5, 11.0, 11.5, 12.0)),
                "No.2", new Config(Map.of("UNROLL", "4")), record(2, List.of(20.0, 20.5, 21.0, 21.5, 22.0)));
        assertThat(withRates.statistics()).extracting(CompareViewModel.Row::figure).contains("GFLOP/s").doesNotContain("GB/s");
        // A recorded space, a project without [work]: the records carry no rate, and the grid shows no rate column.
        var withoutRates = new CompareViewModel(source, "No.1", new Config(Map.of("UNROLL", "2")), withoutRates(record(1, List.of(10.0, 10.5, 11.0, 11.5, 12.0))),
                "No.2", new Config(Map.of("UNROLL", "4")), withoutRates(record(2, List.of(20.0, 20.5, 21.0, 21.5, 22.0))));
        assertThat(withoutRates.statistics()).extracting(CompareViewModel.Row::figure).doesNotContain("GFLOP/s", "GB/s", "");
    }

    private static TuningRecord withoutRates(TuningRecord r) {
        return r.toBuilder().statistics(r.statistics().withRates(null, null)).build();
    }

    @Test
    void onAProjectorsScreenItFillsTheScreenWithItsTitleBarOnIt(FxRobot robot) {
        var model = new CompareViewModel(TunableSource.parse(Path.of("scale.c"), TinyProject.KERNEL), "No.1", new Config(Map.of("UNROLL", "2")),
                record(1, List.of(10.0, 10.5, 11.0, 11.5, 12.0)), "No.2", new Config(Map.of("UNROLL", "4")), record(2, List.of(20.0, 20.5, 21.0, 21.5, 22.0)));
        Stage[] shown = new Stage[1];
        robot.interact(() -> shown[0] = CompareView.show(owner, model, List.of(Theme.STYLESHEET), false, new Rectangle2D(0, 0, 1024, 700)));
        // A window of 1100×760 on a 1024×700 screen had its title bar pushed off the top and its right side cut: it fills the screen.
        assertThat(shown[0].isMaximized()).isTrue();
        robot.interact(shown[0]::close);
        robot.interact(() -> shown[0] = CompareView.show(owner, model, List.of(Theme.STYLESHEET), false, new Rectangle2D(0, 0, 1920, 1080)));
        assertThat(shown[0].isMaximized()).isFalse();
        assertThat(shown[0].getScene().getWidth()).isEqualTo(1100);
        robot.interact(shown[0]::close);
    }
}
