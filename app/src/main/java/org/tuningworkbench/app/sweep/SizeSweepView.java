package org.tuningworkbench.app.sweep;

import java.awt.BasicStroke;
import java.awt.Color;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.tuningworkbench.app.chart.ChartStyle;
import org.tuningworkbench.app.chart.PlainLogAxis;
import org.tuningworkbench.app.chart.TimeUnitFormat;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.tune.SizeSweep;

/**
 * A window of a problem-size sweep: chosen configs' latency (or GFLOP/s) against one of the
 * project's sizes, one line per config, the sizes on a log axis, as Triton's {@code perf_report}
 * draws it: a config that falls off a cache bends away from the others.
 */
public final class SizeSweepView {

    /**
     * What a sweep is run on: the project file and its sizes' values as the window holds them (offered to sweep,
     * and the others kept at them),
     * the configs chosen (numbered as the grid numbers them), the run panel's measurement settings and the
     * record file the sweep writes.
     */
    public record Subject(Path projectFile, Map<String, Long> sizes, List<Config> configs, List<Integer> numbers,
                          UnaryOperator<MeasureSettings> measure, Path records) {}

    private static final Color[] COLOURS = {ChartStyle.OK, ChartStyle.WRONG, ChartStyle.BEST, ChartStyle.SELECTED, ChartStyle.FAILED,
        ChartStyle.BASELINE, ChartStyle.FASTEST_WITHIN_NOISE};

    private final SizeSweepViewModel model;
    private final Subject subject;
    private final Consumer<String> failed;
    private final XYSeriesCollection lines = new XYSeriesCollection();
    private final XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    private final XYPlot plot;
    private final JFreeChart chart;
    private final Stage stage = new Stage();
    private final ChoiceBox<String> size = new ChoiceBox<>();
    private final TextField values = new TextField();
    private final ChoiceBox<SizeSweepViewModel.Measure> measure = new ChoiceBox<>();
    private final Label missing = new Label();
    private final boolean dark;
    private SizeSweep.Result shown;

    public SizeSweepView(Window owner, SizeSweepViewModel model, Subject subject, String projectName, List<String> stylesheets, boolean dark,
                         Consumer<String> failed) {
        this.model = model;
        this.subject = subject;
        this.failed = failed;
        this.dark = dark;
        plot = new XYPlot(lines, new PlainLogAxis("size"), new NumberAxis("latency"), renderer);
        chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        ChartStyle.apply(chart, dark);
        var viewer = new ChartViewer(chart);
        viewer.setId("sweepChart");

        size.getItems().setAll(subject.sizes().keySet());
        size.setId("sweepSize");
        size.valueProperty().addListener((obs, old, now) -> {
            if (now != null) values.setText(String.join(",", SizeSweepViewModel.suggested(subject.sizes().get(now)).stream().map(String::valueOf).toList()));
        });
        values.setId("sweepValues");
        values.setPrefColumnCount(24);
        measure.getItems().setAll(SizeSweepViewModel.Measure.values());
        measure.setValue(SizeSweepViewModel.Measure.LATENCY);
        measure.setId("sweepMeasure");
        measure.valueProperty().addListener((obs, old, now) -> redraw());
        var run = new Button("Sweep");
        run.setId("sweepRun");
        run.setDefaultButton(true);
        run.disableProperty().bind(model.runningProperty());
        run.setOnAction(e -> start());
        var stop = new Button("Stop");
        stop.setId("sweepStop");
        stop.disableProperty().bind(model.runningProperty().not());
        stop.setOnAction(e -> model.stop());
        var controls = new FlowPane(8, 6, new Label("Size"), size, new Label("at"), values, measure, run, stop);
        controls.setAlignment(Pos.CENTER_LEFT);
        var status = new Label();
        status.setId("sweepStatus");
        status.setWrapText(true);
        status.textProperty().bind(model.statusProperty());
        missing.setId("sweepMissing");
        missing.setWrapText(true);
        var top = new VBox(6, controls, status, missing);
        top.setPadding(new Insets(8, 12, 8, 12));
        var root = new BorderPane(viewer);
        root.setTop(top);
        root.getStyleClass().add("compare");
        if (dark) root.getStyleClass().add("dark");
        stage.initOwner(owner);
        stage.setTitle("Size sweep of " + projectName + " — " + subject.numbers().stream().map(n -> "No." + n).reduce((a, b) -> a + ", " + b).orElse(""));
        var scene = new Scene(root, 900, 600);
        scene.getStylesheets().addAll(stylesheets);
        stage.setScene(scene);
        // Closed while it measures, the sweep stops: what it measured stays recorded.
        stage.setOnHidden(e -> model.stop());
        if (!subject.sizes().isEmpty()) size.setValue(subject.sizes().keySet().iterator().next());
    }

    public Stage stage() {
        return stage;
    }

    public JFreeChart chart() {
        return chart;
    }

    /** Latency or GFLOP/s: what the lines draw. */
    public ChoiceBox<SizeSweepViewModel.Measure> measureChoice() {
        return measure;
    }

    /** Runs the sweep of the chosen size at the values typed; a value that is not a size is said, and nothing runs. */
    public void start() {
        List<Long> at;
        try {
            at = SizeSweep.values(values.getText());
        } catch (IllegalArgumentException e) {
            failed.accept(size.getValue() + ": " + e.getMessage());
            return;
        }
        model.sweep(subject.projectFile(), subject.sizes(), size.getValue(), at, subject.configs(), subject.numbers(), subject.measure(),
                subject.records(), this::show, failed);
    }

    /** Draws {@code result}: one line per config, by the measure chosen. */
    public void show(SizeSweep.Result result) {
        shown = result;
        redraw();
    }

    private void redraw() {
        if (shown == null) return;
        var by = measure.getValue();
        var curves = SizeSweepViewModel.curves(shown, by);
        lines.removeAllSeries();
        double max = 0;
        for (int i = 0; i < curves.size(); i++) {
            var curve = curves.get(i);
            var series = new XYSeries(curve.label(), true, false);
            for (var p : curve.points()) {
                series.add(p.size(), p.value());
                max = Math.max(max, p.value());
            }
            lines.addSeries(series);
            renderer.setSeriesPaint(i, COLOURS[i % COLOURS.length]);
            renderer.setSeriesStroke(i, new BasicStroke(2f));
        }
        var x = new PlainLogAxis(shown.size());
        x.setBase(2);
        x.setTickValues(shown.values().stream().map(Long::doubleValue).toList());
        plot.setDomainAxis(x);
        ValueAxis y;
        if (by == SizeSweepViewModel.Measure.LATENCY) {
            // Latency grows with the size: a log axis keeps the small sizes readable beside the large.
            y = TimeUnitFormat.latencyAxis(true, "latency");
            TimeUnitFormat.apply(y, "latency", "median", max);
        } else {
            y = new NumberAxis("GFLOP/s");
        }
        plot.setRangeAxis(y);
        ChartStyle.apply(chart, dark);
        var notes = curves.stream().filter(c -> !c.missing().isEmpty()).map(c -> c.label() + " has no point at " + String.join(", ", c.missing())).toList();
        missing.setText(String.join("; ", notes));
    }
}
