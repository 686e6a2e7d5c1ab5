package org.tuningworkbench.app.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.stage.Stage;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.tuningworkbench.app.OwnerStage;
import org.tuningworkbench.app.shell.Theme;
import org.tuningworkbench.app.task.CurrentThreadTaskExecutor;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.tune.SizeSweep;
import org.tuningworkbench.fixtures.TinyProject;

/** Run → Size Sweep's window: the tiny project's configs measured at several sizes, one line each on a log size axis. */
@ExtendWith(ApplicationExtension.class)
class SizeSweepViewTest {

    @TempDir
    Path dir;

    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = OwnerStage.shown(stage);
    }

    private SizeSweepView.Subject subject(Path project) throws Exception {
        List<Config> configs = ProjectFile.load(project).candidates().listed();
        return new SizeSweepView.Subject(project, Map.of("n", 256L), configs, List.of(1, 2), m -> m.withRepeat(1), dir.resolve("sweep.jsonl"));
    }

    @Test
    void sweepsTheChosenSizeAndDrawsOneLinePerConfigAgainstTheSizesOnALogAxis(FxRobot robot) throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "20000")));
        var model = new SizeSweepViewModel(new CurrentThreadTaskExecutor(), () -> TuneOptions.defaults(dir.resolve("cache")));
        var errors = new ArrayList<String>();
        SizeSweepView[] view = new SizeSweepView[1];
        robot.interact(() -> {
            view[0] = new SizeSweepView(owner, model, uncheckedSubject(project), "tiny", List.of(Theme.STYLESHEET), false, errors::add);
            view[0].stage().show();
        });
        // The size's values are suggested around its value: 256 gives 32 to 1024.
        assertThat(robot.lookup("#sweepValues").queryTextInputControl().getText()).isEqualTo("32,64,128,256,512,1024");
        robot.interact(() -> robot.lookup("#sweepValues").queryTextInputControl().setText("64,1024"));
        robot.interact(view[0]::start);
        assertThat(errors).isEmpty();

        var plot = (XYPlot) view[0].chart().getPlot();
        assertThat(plot.getDataset().getSeriesCount()).isEqualTo(2);
        assertThat(plot.getDataset().getSeriesKey(0)).isEqualTo("No.1");
        assertThat(plot.getDataset().getItemCount(1)).isEqualTo(2);
        assertThat(plot.getDataset().getXValue(1, 0)).isEqualTo(64);
        assertThat(plot.getDataset().getXValue(1, 1)).isEqualTo(1024);
        assertThat(plot.getDomainAxis()).isInstanceOf(LogAxis.class);
        assertThat(plot.getDomainAxis().getLabel()).isEqualTo("n (log scale)");
        assertThat(plot.getRangeAxis().getLabel()).contains("log scale");
        assertThat(robot.lookup("#sweepStatus").queryLabeled().getText()).startsWith("n from 64 to 1024, racing off; every config measured at every size");
        // Both configs at both sizes are in the record file the sweep wrote.
        assertThat(RecordFile.read(dir.resolve("sweep.jsonl"))).hasSize(4);

        // GFLOP/s instead: the same lines, on a linear axis.
        robot.interact(() -> view[0].measureChoice().setValue(SizeSweepViewModel.Measure.GFLOPS));
        assertThat(plot.getRangeAxis()).isInstanceOf(NumberAxis.class);
        assertThat(plot.getRangeAxis().getLabel()).isEqualTo("GFLOP/s");
        assertThat(plot.getDataset().getSeriesCount()).isEqualTo(2);

        // A value that is not a size is said, and nothing runs.
        robot.interact(() -> robot.lookup("#sweepValues").queryTextInputControl().setText("64,big"));
        robot.interact(view[0]::start);
        assertThat(errors).singleElement().asString().isEqualTo("n: `big` is not a whole number (the values are written 64,128,256)");
        robot.interact(view[0].stage()::close);
    }

    private SizeSweepView.Subject uncheckedSubject(Path project) {
        try {
            return subject(project);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Writes the docs' picture: {@code -Dsweep.snapshot=FILE.png -Dsweep.project=PROJECT -Dsweep.size=NAME -Dsweep.values=V,V
     * -Dsweep.configs=N,N [-Dsweep.measure=GFLOP/s]}.
     */
    @Test
    void snapshotOfAnExampleWhenAsked(FxRobot robot) throws Exception {
        String out = System.getProperty("sweep.snapshot");
        if (out == null) return;
        Path project = Path.of(System.getProperty("sweep.project"));
        var listed = ProjectFile.load(project).candidates().listed();
        var numbers = java.util.Arrays.stream(System.getProperty("sweep.configs").split(",")).map(Integer::valueOf).toList();
        var sizes = ProjectFile.load(project).inputs().sizes();
        var subject = new SizeSweepView.Subject(project, sizes, numbers.stream().map(n -> listed.get(n - 1)).toList(), numbers,
                m -> m.withRepeat(Integer.getInteger("sweep.repeat", 5)), dir.resolve("sweep.jsonl"));
        var model = new SizeSweepViewModel(new CurrentThreadTaskExecutor(), () -> TuneOptions.defaults(dir.resolve("cache")));
        var errors = new ArrayList<String>();
        robot.interact(() -> {
            var view = new SizeSweepView(owner, model, subject, project.getParent().getFileName().toString(), List.of(Theme.STYLESHEET), false, errors::add);
            view.stage().show();
            robot.lookup("#sweepSize").queryAs(javafx.scene.control.ChoiceBox.class).setValue(System.getProperty("sweep.size"));
            robot.lookup("#sweepValues").queryTextInputControl().setText(System.getProperty("sweep.values"));
            if (System.getProperty("sweep.measure") != null) view.measureChoice().setValue(SizeSweepViewModel.Measure.GFLOPS);
            view.start();
            try {
                javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(view.stage().getScene().snapshot(null), null),
                        "png", new java.io.File(out));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertThat(errors).isEmpty();
    }

    @Test
    void aConfigThatFailsAtASizeHasNoPointThereAndIsNamed() {
        var ok = TinyProject.config("1", "0");
        var result = new SizeSweep.Result("n", List.of(64L, 1024L), List.of(
                new SizeSweep.Line(new Config(ok), 1, Map.of())));
        var curves = SizeSweepViewModel.curves(result, SizeSweepViewModel.Measure.LATENCY);
        assertThat(curves).singleElement().satisfies(c -> {
            assertThat(c.points()).isEmpty();
            assertThat(c.missing()).containsExactly("64: not measured", "1024: not measured");
        });
        assertThat(SizeSweepViewModel.suggested(3)).containsExactly(1L, 3L, 6L, 12L);
    }
}
