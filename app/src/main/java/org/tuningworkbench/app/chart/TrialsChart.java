package org.tuningworkbench.app.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.Stroke;
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
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Ranking;

/**
 * Trials over time: each measured config's median in the order it finished, with the best so far as a step line.
 * With thousands of trials a drawing shows what a screen can: in each pixel column the fastest and the slowest trial,
 * and one trial per marker-sized cell between them (where trials lie, not how many); the step line holds only the
 * trials that improved the best.
 */
public final class TrialsChart {

    private final XYPlot plot;
    private final DrawnTrials points = new DrawnTrials();
    private boolean dark;
    private final KnownBounds.Points.Series trials = new KnownBounds.Points.Series("trial median");
    private final XYSeries bestSoFar = new XYSeries("best so far", false, true);
    /** The trials whose configs the strategy took on the priors' word, marked over their points. */
    private final XYSeries advised = new XYSeries("from the priors' advice", false, true);
    private final XYLineAndShapeRenderer advice = new XYLineAndShapeRenderer(false, true);
    private final JFreeChart chart;
    private final ChartViewer viewer;
    private int trial;
    private double best = Double.MAX_VALUE;
    /** The best so far's cost by the objective ({@link Ranking#cost}). */
    private double bestCost = Double.MAX_VALUE;
    /** Whether the step line's last point only carries the best so far to the latest trial (it moves on with the next). */
    private boolean tail;
    private final PacedDrawing drawing;

    public TrialsChart() {
        var domain = new NumberAxis("trial");
        domain.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        var range = new NumberAxis("median latency (µs)");
        points.setSeriesPaint(0, new Color(ChartStyle.OK.getRed(), ChartStyle.OK.getGreen(), ChartStyle.OK.getBlue(), 170));
        points.setSeriesShape(0, new java.awt.geom.Ellipse2D.Double(-3, -3, 6, 6));
        plot = new XYPlot(new KnownBounds.Points(trials), domain, range, points);
        var step = new XYStepRenderer();
        step.setSeriesPaint(0, ChartStyle.BEST);
        step.setSeriesStroke(0, new BasicStroke(2f));
        plot.setDataset(1, new XYSeriesCollection(bestSoFar));
        plot.setRenderer(1, step);
        advice.setSeriesVisibleInLegend(0, false);
        advice.setSeriesPaint(0, ChartStyle.SELECTED);
        advice.setSeriesShape(0, ShapeUtils.createDiamond(6f));
        advice.setUseFillPaint(false);
        plot.setDataset(2, new XYSeriesCollection(advised));
        plot.setRenderer(2, advice);
        plot.setDomainPannable(true);
        plot.setRangePannable(true);
        var rasterized = new RasterizedChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart = rasterized;
        drawing = new PacedDrawing(chart);
        ChartStyle.apply(chart, false);
        viewer = RasterizedChart.viewer(rasterized);
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
        advised.clear();
        advice.setSeriesVisibleInLegend(0, false);
        trial = 0;
        best = Double.MAX_VALUE;
        bestCost = Double.MAX_VALUE;
        tail = false;
        ChartStyle.showEmpty(chart);
        drawing.changed(0);
    }

    /** Adds a batch of finished trials, to be drawn at the chart's pace (the axes find their ranges from the series' own bounds). */
    public void addAll(List<TuningRecord> records) {
        addAll(records, new BitSet());
    }

    /** As {@link #addAll(List)}, marking the trials whose index in {@code records} is set in {@code fromPriors}. */
    public void addAll(List<TuningRecord> records, BitSet fromPriors) {
        addAll(records, fromPriors, Objective.TIME);
    }

    /**
     * As {@link #addAll(List, BitSet)}, the best so far being the best by {@code objective} (as the grid and the
     * command line rank), drawn at its median latency.
     */
    public void addAll(List<TuningRecord> records, BitSet fromPriors, Objective objective) {
        if (records.isEmpty()) return;
        drawing.changing();
        if (trial == 0) ChartStyle.resetZoom(chart);
        if (tail) bestSoFar.remove(bestSoFar.getItemCount() - 1);
        tail = false;
        for (int i = 0; i < records.size(); i++) {
            TuningRecord r = records.get(i);
            trial++;
            if (!r.ok() || r.medianUs() == null) continue;
            trials.add(trial, r.medianUs(), false);
            if (fromPriors.get(i)) advised.add(trial, r.medianUs(), false);
            double cost = Ranking.cost(r, objective);
            if (cost < bestCost) {
                bestCost = cost;
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
        advice.setSeriesVisibleInLegend(0, !advised.isEmpty(), false);
        advised.fireSeriesChanged();
        TimeUnitFormat.apply(plot.getRangeAxis(), "median latency", null, trials.getMaxY());
        drawing.changed(trials.getItemCount());
    }

    /** How a trial is drawn: a shape filled and outlined in one paint, as {@link XYLineAndShapeRenderer} draws it. */
    private record Mark(Paint paint, Shape shape, Stroke outline) {}

    /**
     * The trial points drawn: a few per pixel column, picked when each drawing starts. On the screen,
     * thousands are picked and painted in the background into one image, which the canvas draws in one call.
     */
    private static final class DrawnTrials extends XYLineAndShapeRenderer {
        private final PaintedImage painted = new PaintedImage(this::fireChangeEvent);
        /** Whether the last drawing on the screen drew the painted image rather than each picked trial. */
        private boolean paintedLast;
        private BitSet drawn = new BitSet();

        DrawnTrials() {
            super(false, true);
        }

        @Override
        public XYItemRendererState initialise(Graphics2D g2, Rectangle2D dataArea, XYPlot drawnPlot, XYDataset dataset, PlotRenderingInfo info) {
            var scatter = Scatter.of(drawnPlot, dataset, 0, dataArea, new Mark(lookupSeriesPaint(0), lookupSeriesShape(0), lookupSeriesOutlineStroke(0)));
            paintedLast = PaintedImage.onScreen(g2, drawnPlot, dataset);
            if (paintedLast) painted.draw(g2, dataArea, scatter, () -> scatter.image(TrialsChart::marks));
            else drawn = pick(scatter);
            return super.initialise(g2, dataArea, drawnPlot, dataset, info);
        }

        @Override
        public void drawItem(Graphics2D g2, XYItemRendererState state, Rectangle2D dataArea, PlotRenderingInfo info, XYPlot drawnPlot,
                ValueAxis domainAxis, ValueAxis rangeAxis, XYDataset dataset, int series, int item, CrosshairState crosshairState, int pass) {
            if (!paintedLast && drawn.get(item)) super.drawItem(g2, state, dataArea, info, drawnPlot, domainAxis, rangeAxis, dataset, series, item, crosshairState, pass);
        }

        /** No pass over the items when the image stands for them all. */
        @Override
        public int getPassCount() {
            return paintedLast ? 0 : super.getPassCount();
        }

        boolean painted() {
            return !paintedLast || painted.current();
        }
    }

    /** A marker's size in pixels: one trial per cell of this size stands for the others in it. */
    static final int CELL = 6;

    /**
     * The trials a drawing shows: in each pixel column the fastest and the slowest, and per marker-sized
     * cell the trial nearest its middle; pure, so it runs on any thread.
     */
    static BitSet pick(Scatter trials) {
        Rectangle2D dataArea = trials.area();
        int columns = (int) Math.ceil(dataArea.getWidth()) + 3;
        int[] fastest = new int[columns];
        int[] slowest = new int[columns];
        java.util.Arrays.fill(fastest, -1);
        java.util.Arrays.fill(slowest, -1);
        var cells = new java.util.HashMap<Long, Integer>();
        double[] offMiddleOf = new double[trials.size()];
        double[] ys = trials.y();
        var picked = new BitSet();
        for (int item = 0; item < trials.size(); item++) {
            double px = trials.screenX(item) - dataArea.getMinX();
            if (!(px >= -1 && px < dataArea.getWidth() + 1)) continue;
            int c = (int) Math.floor(px) + 1;
            double y = ys[item];
            if (fastest[c] < 0 || y < ys[fastest[c]]) fastest[c] = item;
            if (slowest[c] < 0 || y > ys[slowest[c]]) slowest[c] = item;
            double py = trials.screenY(item) - dataArea.getMinY();
            // A cell shows the trial nearest its middle: first ones would line up along the cells' left edges.
            long cell = ((long) (c / CELL) << 32) | (int) Math.floor(py / CELL);
            double offMiddle = Math.abs(c % CELL - CELL / 2.0);
            offMiddleOf[item] = offMiddle;
            Integer shownInCell = cells.get(cell);
            if (shownInCell == null || offMiddle < offMiddleOf[shownInCell]) cells.put(cell, item);
        }
        cells.values().forEach(picked::set);
        for (int c = 0; c < columns; c++) {
            if (fastest[c] >= 0) picked.set(fastest[c]);
            if (slowest[c] >= 0) picked.set(slowest[c]);
        }
        return picked;
    }

    /** The picked trials of {@code trials}, each a marker as the renderer draws it. */
    private static void marks(Scatter trials, Graphics2D g2) {
        var mark = (Mark) trials.look();
        g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g2.setPaint(mark.paint());
        g2.setStroke(mark.outline());
        var picked = pick(trials);
        for (int i = picked.nextSetBit(0); i >= 0; i = picked.nextSetBit(i + 1)) {
            Shape shape = ShapeUtils.createTranslatedShape(mark.shape(), trials.screenX(i), trials.screenY(i));
            g2.fill(shape);
            g2.draw(shape);
        }
    }

    /** Whether what the screen shows is every trial as it stands (no image painting or waiting to be). */
    public boolean painted() {
        return points.painted();
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
