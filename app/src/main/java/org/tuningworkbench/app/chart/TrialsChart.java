package org.tuningworkbench.app.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.tuningworkbench.engine.record.TuningRecord;

/** Trials over time: each measured config's median in the order it finished, with the best so far as a step line. */
public final class TrialsChart {

    private final XYPlot plot;
    private boolean dark;
    private final XYSeries trials = new XYSeries("trial median", false, true);
    private final XYSeries bestSoFar = new XYSeries("best so far", false, true);
    private final JFreeChart chart;
    private final ChartViewer viewer;
    private int trial;
    private double best = Double.MAX_VALUE;
    private boolean shown = true;
    private final PacedDrawing drawing;
    /** Results that came while the chart was hidden: it takes them in when it is shown. */
    private final List<TuningRecord> waiting = new java.util.ArrayList<>();

    public TrialsChart() {
        var domain = new NumberAxis("trial");
        domain.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        var range = new NumberAxis("median latency (µs)");
        var points = new XYLineAndShapeRenderer(false, true);
        points.setSeriesPaint(0, new Color(ChartStyle.OK.getRed(), ChartStyle.OK.getGreen(), ChartStyle.OK.getBlue(), 170));
        points.setSeriesShape(0, new java.awt.geom.Ellipse2D.Double(-3, -3, 6, 6));
        plot = new XYPlot(new XYSeriesCollection(trials), domain, range, points);
        var step = new XYStepRenderer();
        step.setSeriesPaint(0, ChartStyle.BEST);
        step.setSeriesStroke(0, new BasicStroke(2f));
        plot.setDataset(1, new XYSeriesCollection(bestSoFar));
        plot.setRenderer(1, step);
        plot.setDomainPannable(true);
        plot.setRangePannable(true);
        chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        drawing = new PacedDrawing(chart);
        ChartStyle.apply(chart, false);
        viewer = new ChartViewer(chart);
        viewer.setId("trialsChart");
        ChartStyle.panWithCtrl(viewer);
    }

    public ChartViewer viewer() {
        return viewer;
    }

    public JFreeChart chart() {
        return chart;
    }

    /** Whether its tab is shown: hidden, it takes results in without drawing them, and draws once when shown. */
    public void setShown(boolean value) {
        shown = value;
        if (value && !waiting.isEmpty()) {
            var records = List.copyOf(waiting);
            waiting.clear();
            addAll(records);
        } else if (value) {
            drawing.now();
        } else {
            drawing.cancel();
            chart.setNotify(false);
        }
    }

    public void setDark(boolean value) {
        dark = value;
        ChartStyle.apply(chart, dark);
    }

    public void clear() {
        waiting.clear();
        chart.setNotify(false);
        trials.clear();
        bestSoFar.clear();
        trial = 0;
        best = Double.MAX_VALUE;
        ChartStyle.resetZoom(chart);
        chart.setNotify(shown);
    }

    public void addAll(List<TuningRecord> records) {
        if (records.isEmpty()) return;
        if (!shown) {
            waiting.addAll(records);
            return;
        }
        chart.setNotify(false);
        for (TuningRecord r : records) {
            trial++;
            if (!r.ok() || r.medianUs() == null) continue;
            trials.add(trial, r.medianUs(), false);
            best = Math.min(best, r.medianUs());
            bestSoFar.add(trial, best, false);
        }
        trials.fireSeriesChanged();
        bestSoFar.fireSeriesChanged();
        TimeUnitFormat.apply(plot.getRangeAxis(), "median latency", null, trials.getMaxY());
        drawing.changed(trials.getItemCount());
    }

    public boolean logScale() {
        return plot.getRangeAxis() instanceof org.jfree.chart.axis.LogAxis;
    }

    /** Puts the latency on a logarithmic axis, or back on a linear one. */
    public void setLogScale(boolean log) {
        if (log == logScale()) return;
        chart.setNotify(false);
        plot.setRangeAxis(TimeUnitFormat.latencyAxis(log, "median latency (µs)"));
        TimeUnitFormat.apply(plot.getRangeAxis(), "median latency", null, trials.getItemCount() == 0 ? 0 : trials.getMaxY());
        ChartStyle.apply(chart, dark);
        chart.setNotify(shown);
    }
}
