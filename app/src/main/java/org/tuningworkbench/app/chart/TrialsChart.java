package org.tuningworkbench.app.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.BitSet;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.CrosshairState;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRendererState;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * Trials over time: each measured config's median in the order it finished, with the best so far as a step line.
 * With thousands of trials a drawing shows what a screen can: in each pixel column the fastest and the slowest trial,
 * and one trial per marker-sized cell between them (where trials lie, not how many); the step line holds only the
 * trials that improved the best.
 */
public final class TrialsChart {

    private final XYPlot plot;
    private boolean dark;
    private final XYSeries trials = new XYSeries("trial median", false, true);
    private final XYSeries bestSoFar = new XYSeries("best so far", false, true);
    private final JFreeChart chart;
    private final ChartViewer viewer;
    private int trial;
    private double best = Double.MAX_VALUE;
    /** Whether the step line's last point only carries the best so far to the latest trial (it moves on with the next). */
    private boolean tail;
    private final PacedDrawing drawing;

    public TrialsChart() {
        var domain = new NumberAxis("trial");
        domain.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        var range = new NumberAxis("median latency (µs)");
        var points = new DrawnTrials();
        points.setSeriesPaint(0, new Color(ChartStyle.OK.getRed(), ChartStyle.OK.getGreen(), ChartStyle.OK.getBlue(), 170));
        points.setSeriesShape(0, new java.awt.geom.Ellipse2D.Double(-3, -3, 6, 6));
        plot = new XYPlot(new KnownBounds.Points(trials), domain, range, points);
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
        drawing.setShown(value);
    }

    public void setDark(boolean value) {
        dark = value;
        ChartStyle.apply(chart, dark);
    }

    public void clear() {
        drawing.changing();
        trials.clear();
        bestSoFar.clear();
        trial = 0;
        best = Double.MAX_VALUE;
        tail = false;
        ChartStyle.resetZoom(chart);
        drawing.changed(0);
    }

    /** Adds a batch of finished trials, to be drawn at the chart's pace (the axes find their ranges from the series' own bounds). */
    public void addAll(List<TuningRecord> records) {
        if (records.isEmpty()) return;
        drawing.changing();
        if (tail) bestSoFar.remove(bestSoFar.getItemCount() - 1);
        tail = false;
        for (TuningRecord r : records) {
            trial++;
            if (!r.ok() || r.medianUs() == null) continue;
            trials.add(trial, r.medianUs(), false);
            if (r.medianUs() < best) {
                best = r.medianUs();
                bestSoFar.add(trial, best, false);
            }
        }
        double lastMeasured = trials.isEmpty() ? 0 : trials.getX(trials.getItemCount() - 1).doubleValue();
        if (!bestSoFar.isEmpty() && bestSoFar.getX(bestSoFar.getItemCount() - 1).doubleValue() < lastMeasured) {
            bestSoFar.add(lastMeasured, best, false);
            tail = true;
        }
        trials.fireSeriesChanged();
        bestSoFar.fireSeriesChanged();
        TimeUnitFormat.apply(plot.getRangeAxis(), "median latency", null, trials.getMaxY());
        drawing.changed(trials.getItemCount());
    }

    /** The trial points drawn: a few per pixel column, picked when each drawing starts. */
    private final class DrawnTrials extends XYLineAndShapeRenderer {
        /** A marker's size in pixels: one trial per cell of this size stands for the others in it. */
        static final int CELL = 6;
        private BitSet drawn = new BitSet();

        DrawnTrials() {
            super(false, true);
        }

        @Override
        public XYItemRendererState initialise(Graphics2D g2, Rectangle2D dataArea, XYPlot drawnPlot, XYDataset dataset, PlotRenderingInfo info) {
            drawn = pick(dataArea, drawnPlot.getDomainAxis(), drawnPlot.getRangeAxis(), drawnPlot);
            return super.initialise(g2, dataArea, drawnPlot, dataset, info);
        }

        private BitSet pick(Rectangle2D dataArea, ValueAxis domainAxis, ValueAxis rangeAxis, XYPlot drawnPlot) {
            int columns = (int) Math.ceil(dataArea.getWidth()) + 3;
            int[] fastest = new int[columns];
            int[] slowest = new int[columns];
            java.util.Arrays.fill(fastest, -1);
            java.util.Arrays.fill(slowest, -1);
            var cells = new java.util.HashMap<Long, Integer>();
            var offMiddleOf = new java.util.HashMap<Integer, Double>();
            var picked = new BitSet();
            for (int item = 0; item < trials.getItemCount(); item++) {
                double px = domainAxis.valueToJava2D(trials.getX(item).doubleValue(), dataArea, drawnPlot.getDomainAxisEdge()) - dataArea.getMinX();
                if (!(px >= -1 && px < dataArea.getWidth() + 1)) continue;
                int c = (int) Math.floor(px) + 1;
                double y = trials.getY(item).doubleValue();
                if (fastest[c] < 0 || y < trials.getY(fastest[c]).doubleValue()) fastest[c] = item;
                if (slowest[c] < 0 || y > trials.getY(slowest[c]).doubleValue()) slowest[c] = item;
                double py = rangeAxis.valueToJava2D(y, dataArea, drawnPlot.getRangeAxisEdge()) - dataArea.getMinY();
                // A cell shows the trial nearest its middle: first ones would line up along the cells' left edges.
                long cell = ((long) (c / CELL) << 32) | (int) Math.floor(py / CELL);
                double offMiddle = Math.abs(c % CELL - CELL / 2.0);
                Integer shownInCell = cells.get(cell);
                if (shownInCell == null || offMiddle < offMiddleOf.getOrDefault(shownInCell, Double.MAX_VALUE)) {
                    cells.put(cell, item);
                    offMiddleOf.put(item, offMiddle);
                }
            }
            cells.values().forEach(picked::set);
            for (int c = 0; c < columns; c++) {
                if (fastest[c] >= 0) picked.set(fastest[c]);
                if (slowest[c] >= 0) picked.set(slowest[c]);
            }
            return picked;
        }

        @Override
        public void drawItem(Graphics2D g2, XYItemRendererState state, Rectangle2D dataArea, PlotRenderingInfo info, XYPlot drawnPlot,
                ValueAxis domainAxis, ValueAxis rangeAxis, XYDataset dataset, int series, int item, CrosshairState crosshairState, int pass) {
            if (drawn.get(item)) super.drawItem(g2, state, dataArea, info, drawnPlot, domainAxis, rangeAxis, dataset, series, item, crosshairState, pass);
        }
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
        chart.setNotify(drawing.shown());
    }
}
