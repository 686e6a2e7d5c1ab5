package org.tuningworkbench.app.compare;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.List;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.tuningworkbench.app.chart.ChartStyle;
import org.tuningworkbench.engine.replay.StrategyCurves;

/** A window of fraction-of-optimum curves, one per strategy (and per strategy with priors), over the evaluations. */
public final class StrategyComparisonView {

    private final YIntervalSeriesCollection curves = new YIntervalSeriesCollection();
    private final DeviationRenderer renderer = new DeviationRenderer(true, false);
    private final JFreeChart chart;
    private final Stage stage = new Stage();

    public StrategyComparisonView(Window owner, StrategyComparisonViewModel model, String spaceName, List<String> stylesheets, boolean dark) {
        var domain = new NumberAxis("evaluations");
        domain.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        var range = new NumberAxis("fraction of the optimum (best time in space / best found)");
        range.setRange(0, 1.02);
        var plot = new XYPlot(curves, domain, range, renderer);
        renderer.setAlpha(0.12f);
        chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        ChartStyle.apply(chart, dark);
        var viewer = new ChartViewer(chart);
        viewer.setId("strategyCurves");
        var status = new Label();
        status.setId("strategyStatus");
        status.textProperty().bind(model.statusProperty());
        status.setPadding(new Insets(8, 12, 8, 12));
        var root = new BorderPane(viewer);
        root.setTop(status);
        root.getStyleClass().add("compare");
        if (dark) root.getStyleClass().add("dark");
        stage.initOwner(owner);
        stage.setTitle("Strategies on " + spaceName);
        var scene = new Scene(root, 900, 600);
        scene.getStylesheets().addAll(stylesheets);
        stage.setScene(scene);
    }

    public Stage stage() {
        return stage;
    }

    public JFreeChart chart() {
        return chart;
    }

    /** Draws {@code shown}: each a median line over its 10th–90th percentile band; a strategy with priors dashed, in its own colour. */
    public void show(List<StrategyCurves.Curve> shown) {
        curves.removeAllSeries();
        for (int i = 0; i < shown.size(); i++) {
            StrategyCurves.Curve c = shown.get(i);
            var series = new YIntervalSeries(c.label());
            for (int e = 0; e < c.median().length; e++) series.add(e + 1, c.median()[e], c.p10()[e], c.p90()[e]);
            curves.addSeries(series);
            Color colour = colour(c);
            renderer.setSeriesPaint(i, colour);
            renderer.setSeriesFillPaint(i, colour);
            renderer.setSeriesStroke(i, c.priors() ? new BasicStroke(2.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {8f, 4f}, 0f)
                    : new BasicStroke(2f));
        }
    }

    /** Random grey; the evolutionary search orange; the model blue; either with priors green or purple. */
    static Color colour(StrategyCurves.Curve c) {
        return switch (c.strategy()) {
            case "random" -> ChartStyle.BASELINE;
            case "evolutionary" -> c.priors() ? ChartStyle.SELECTED : ChartStyle.WRONG;
            case "model" -> c.priors() ? ChartStyle.BEST : ChartStyle.OK;
            default -> ChartStyle.FAILED;
        };
    }
}
