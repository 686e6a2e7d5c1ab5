package org.tuningworkbench.app.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RectangularShape;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYLineAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.entity.XYItemEntity;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.interaction.ChartMouseEventFX;
import org.jfree.chart.fx.interaction.ChartMouseListenerFX;
import org.jfree.chart.plot.CrosshairState;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYItemRendererState;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * Latency per config: the median as a bar with min–max whiskers, coloured by status, the best in
 * green, failed configs as red crosses on the axis, an optional baseline line. Results are taken in
 * batch by batch, in the time a batch takes whatever the chart holds (the axes find their ranges from
 * bounds kept as items come, not by a pass over them), and drawn at a pace ({@link PacedDrawing}), so
 * thousands of them stream without freezing the window.
 */
public final class LatencyChart {

    private final KnownBounds.Bars timedData = new KnownBounds.Bars("median (min–max)");
    private final KnownBounds.Bars.Series timed = timedData.series();
    private final XYSeries failed = new XYSeries("failed", false, true);
    private final Map<Integer, TuningRecord> byNumber = new HashMap<>();
    private final Map<Integer, Map<String, String>> configByNumber = new HashMap<>();
    private final JFreeChart chart;
    private final XYPlot plot;
    private final ChartViewer viewer;
    private final ColumnWhiskers whiskers = new ColumnWhiskers();
    private final StatusBarRenderer bars = new StatusBarRenderer();
    /** The bars and whiskers the current drawing shows: a few per pixel column, picked when it starts. */
    private DrawnColumns drawn = DrawnColumns.NONE;
    private int selectedNumber = -1;
    /** The bars of wrong results, by item. */
    private final java.util.BitSet wrongItems = new java.util.BitSet();
    private double tallestMedian;
    private int bestNumber = -1;
    private String bestCaveat = "";
    private boolean placeholderRange;
    private double fastestMin = Double.POSITIVE_INFINITY;
    private ValueMarker baseline;
    /** What the legend calls the baseline's line: {@code baseline: OpenBLAS sgemm 2.310 µs}. */
    private String baselineLabel = "baseline";
    /** The configs the run's confirmation measured again: number → confirmed median (µs), each a tick across its bar. */
    private Map<Integer, Double> confirmed = Map.of();
    private final List<XYLineAnnotation> confirmedTicks = new java.util.ArrayList<>();
    private IntervalMarker selection;
    private boolean dark;
    private final PacedDrawing drawing;

    public LatencyChart(IntConsumer onSelect) {
        // Failed configs sit on the axis: at zero, or on a log axis at the bars' floor.
        var failedData = new XYSeriesCollection(failed) {
            @Override
            public double getYValue(int series, int item) {
                return logScale() ? bars.getBase() : 0;
            }

            @Override
            public Number getY(int series, int item) {
                return getYValue(series, item);
            }
        };
        var domain = new NumberAxis("config No.");
        domain.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        domain.setAutoRangeIncludesZero(false);
        var range = new NumberAxis("latency (µs)");
        range.setAutoRangeIncludesZero(true);
        range.setUpperMargin(0.08);
        bars.setBarPainter(new StandardXYBarPainter() {
            /** A column's bar stands for every config in that pixel column: it fills the column, without gaps beside it. */
            @Override
            public void paintBar(Graphics2D g2, XYBarRenderer renderer, int row, int column, RectangularShape bar, RectangleEdge base) {
                super.paintBar(g2, renderer, row, column, bar.getWidth() >= 1.5 ? bar
                        : new Rectangle2D.Double(bars.column, bar.getY(), 1, bar.getHeight()), base);
            }
        });
        bars.setShadowVisible(false);
        bars.setDrawBarOutline(false);
        bars.setUseYInterval(false);
        bars.setSeriesPaint(0, ChartStyle.OK);
        plot = new XYPlot(timedData, domain, range, bars);
        whiskers.setDrawXError(false);
        whiskers.setDrawYError(true);
        whiskers.setDefaultShapesVisible(false);
        whiskers.setCapLength(6);
        whiskers.setErrorStroke(new BasicStroke(1.2f));
        whiskers.setErrorPaint(new Color(0x55, 0x5F, 0x6D));
        whiskers.setDefaultSeriesVisibleInLegend(false);
        plot.setDataset(1, timedData);
        plot.setRenderer(1, whiskers);
        var crosses = new FailedCrosses(failed, () -> selectedNumber);
        crosses.setSeriesShape(0, ShapeUtils.createDiagonalCross(5, 1.2f));
        crosses.setSeriesPaint(0, ChartStyle.FAILED);
        plot.setDataset(2, failedData);
        plot.setRenderer(2, crosses);
        plot.setOrientation(PlotOrientation.VERTICAL);
        plot.setDomainPannable(true);
        plot.setRangePannable(true);
        plot.setDatasetRenderingOrder(org.jfree.chart.plot.DatasetRenderingOrder.FORWARD);
        legend();
        var rasterized = new RasterizedChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart = rasterized;
        drawing = new PacedDrawing(chart);
        ChartStyle.apply(chart, false);
        viewer = RasterizedChart.viewer(rasterized);
        viewer.setId("latencyChart");
        ChartStyle.panWithCtrl(viewer);
        HoverTooltips.install(viewer, entity -> entity instanceof XYItemEntity item
                ? tooltip((int) Math.round(item.getDataset().getXValue(item.getSeriesIndex(), item.getItem()))) : null);
        viewer.addChartMouseListener(new ChartMouseListenerFX() {
            @Override
            public void chartMouseClicked(ChartMouseEventFX event) {
                if (event.getEntity() instanceof XYItemEntity item) {
                    onSelect.accept((int) Math.round(item.getDataset().getXValue(item.getSeriesIndex(), item.getItem())));
                }
            }

            @Override
            public void chartMouseMoved(ChartMouseEventFX event) {}
        });
    }

    public ChartViewer viewer() {
        return viewer;
    }

    public JFreeChart chart() {
        return chart;
    }

    /** One bar or cross per config that has a result. */
    public int itemCount() {
        return timed.getItemCount() + failed.getItemCount();
    }

    /** Whether its tab is shown: hidden, it takes results in without drawing them, and draws once when shown. */
    public void setShown(boolean value) {
        drawing.setShown(value);
    }

    public void setDark(boolean value) {
        dark = value;
        whiskers.setErrorPaint(value ? new Color(0xC9, 0xD1, 0xD9) : new Color(0x55, 0x5F, 0x6D));
        if (!confirmed.isEmpty()) {
            drawConfirmed();
            legend();
        }
        ChartStyle.apply(chart, value);
    }

    public void clear() {
        drawing.changing();
        timed.clear();
        wrongItems.clear();
        failed.clear();
        byNumber.clear();
        configByNumber.clear();
        bestNumber = -1;
        setConfirmed(Map.of());
        fastestMin = Double.POSITIVE_INFINITY;
        tallestMedian = 0;
        // The bars' floor on a log axis was the previous results' fastest: the next results start from none.
        labelRangeAxis();
        ChartStyle.showEmpty(chart);
        placeholderRange = true;
        drawing.changed(0);
    }

    /**
     * Adds a batch of finished configs, in the time the batch takes whatever the chart holds, to be
     * drawn at the chart's pace; {@code best} is the best config's number, or -1.
     */
    public void addAll(List<TuningRecord> records, List<Integer> numbers, int best) {
        if (records.isEmpty() && best == bestNumber) return;
        drawing.changing();
        for (int i = 0; i < records.size(); i++) {
            TuningRecord r = records.get(i);
            int n = numbers.get(i);
            byNumber.put(n, r);
            configByNumber.put(n, r.config());
            if (r.medianUs() != null) {
                if (r.status() == Status.WRONG_RESULT) wrongItems.set(timed.getItemCount());
                timed.append(n, r.medianUs(), r.minUs() == null ? r.medianUs() : r.minUs(), r.maxUs() == null ? r.medianUs() : r.maxUs());
            } else {
                failed.add(n, 0, false);
            }
        }
        for (TuningRecord r : records) {
            if (r.minUs() != null && r.minUs() > 0) fastestMin = Math.min(fastestMin, r.minUs());
            if (r.medianUs() != null) tallestMedian = Math.max(tallestMedian, r.medianUs());
        }
        // The floor first: the axis asks for its range as soon as the series say they changed.
        labelRangeAxis();
        timed.fireSeriesChanged();
        failed.fireSeriesChanged();
        // Failed configs sit at zero: with nothing timed the axis spans 0–1 µs, not ±1e-8 labelled "0" and "-0".
        var rangeAxis = plot.getRangeAxis();
        if (timed.getItemCount() == 0) {
            rangeAxis.setRange(0, 1);
            placeholderRange = true;
        } else if (placeholderRange) {
            ChartStyle.resetZoom(chart);
            placeholderRange = false;
        }
        if (timed.getItemCount() == 0) plot.getDomainAxis().setAutoRange(true);
        bestNumber = best;
        drawing.changed(timed.getItemCount() + failed.getItemCount());
    }

    /**
     * Says the best is not distinguishable from the runner-up ({@code not distinguishable from No.4}):
     * its bar is then a paler green and its tooltip says so; empty crowns it.
     */
    public void setBestCaveat(String caveat) {
        bestCaveat = caveat == null ? "" : caveat;
        legend();
        chart.fireChartChanged();
    }

    private void labelRangeAxis() {
        // The legend says the whiskers are the min and max: the title stays short enough for a short chart.
        TimeUnitFormat.apply(plot.getRangeAxis(), "latency", null, tallestMedian);
        // On a log axis a bar cannot start at zero: it starts just below the fastest config's minimum.
        double base = logScale() && fastestMin < Double.POSITIVE_INFINITY ? fastestMin * 0.7 : 0;
        if (base != bars.getBase()) {
            bars.setBase(base);
            // The bars' floor is the bottom of the axis's range: a new floor asks for the range anew
            // (a log axis ranged while the floor was zero would reach down to its smallest value).
            plot.getRangeAxis().configure();
        }
    }

    public boolean logScale() {
        return plot.getRangeAxis() instanceof org.jfree.chart.axis.LogAxis;
    }

    /** Puts the latency on a logarithmic axis, or back on a linear one. */
    public void setLogScale(boolean log) {
        if (log == logScale()) return;
        chart.setNotify(false);
        var axis = TimeUnitFormat.latencyAxis(log, "latency (µs)");
        axis.setUpperMargin(0.08);
        if (axis instanceof NumberAxis n) n.setAutoRangeIncludesZero(true);
        plot.setRangeAxis(axis);
        labelRangeAxis();
        ChartStyle.apply(chart, dark);
        chart.setNotify(drawing.shown());
    }

    private static final BasicStroke BASELINE_STROKE = new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1, new float[] {6, 4}, 0);

    private static final BasicStroke CONFIRMED_STROKE = new BasicStroke(2.5f);

    /**
     * Marks the configs the run's confirmation measured again, {@code confirmedUs} giving each one's number and confirmed
     * median: a tick across its bar at that median, beside the bar's own median; empty takes the ticks away.
     */
    public void setConfirmed(Map<Integer, Double> confirmedUs) {
        if (confirmedUs.equals(confirmed)) return;
        confirmed = Map.copyOf(confirmedUs);
        drawConfirmed();
        legend();
    }

    private void drawConfirmed() {
        confirmedTicks.forEach(tick -> plot.removeAnnotation(tick, false));
        confirmedTicks.clear();
        confirmed.forEach((number, us) -> confirmedTicks.add(new XYLineAnnotation(number - 0.45, us, number + 0.45, us, CONFIRMED_STROKE,
                ChartStyle.text(dark))));
        confirmedTicks.forEach(tick -> plot.addAnnotation(tick, false));
        chart.fireChartChanged();
    }

    /** What the colours mean; the baseline's dashed line and the confirmation's ticks among them when there are. */
    private void legend() {
        boolean withBaseline = baseline != null;
        var legend = new org.jfree.chart.LegendItemCollection();
        legend.add(new org.jfree.chart.LegendItem("median, whiskers min–max", ChartStyle.OK));
        // The best's bar as the status bar words it: the best, or only the fastest while something qualifies it (a paler green).
        legend.add(bestCaveat.isEmpty() ? new org.jfree.chart.LegendItem("best", ChartStyle.BEST)
                : new org.jfree.chart.LegendItem("fastest, not clearly best", ChartStyle.FASTEST_WITHIN_NOISE));
        legend.add(new org.jfree.chart.LegendItem("wrong result", ChartStyle.WRONG));
        legend.add(new org.jfree.chart.LegendItem("failed (no timing)", ChartStyle.FAILED));
        if (withBaseline) {
            legend.add(new org.jfree.chart.LegendItem(baselineLabel, null, null, null, new java.awt.geom.Line2D.Double(-8, 0, 8, 0),
                    BASELINE_STROKE, ChartStyle.BASELINE));
        }
        if (!confirmed.isEmpty()) {
            legend.add(new org.jfree.chart.LegendItem("confirmed median", null, null, null, new java.awt.geom.Line2D.Double(-6, 0, 6, 0),
                    CONFIRMED_STROKE, ChartStyle.text(dark)));
        }
        plot.setFixedLegendItems(legend);
    }

    /**
     * A horizontal line at a baseline latency (for example a library call), or none. What it is ({@code label}) is said in
     * the legend beside its dashed line, not on the line: there it was drawn over the bars that reach above it.
     */
    public void setBaseline(Double us, String label) {
        if (baseline != null) plot.removeRangeMarker(baseline);
        baseline = null;
        baselineLabel = us == null || label == null || label.isBlank() ? "baseline" : "baseline: " + label;
        if (us != null) {
            baseline = new ValueMarker(us, ChartStyle.BASELINE, BASELINE_STROKE);
            plot.addRangeMarker(baseline);
        }
        legend();
    }

    /** Outlines the selected config's column. */
    public void select(int number) {
        selectedNumber = number;
        if (selection != null) plot.removeDomainMarker(selection, Layer.BACKGROUND);
        selection = null;
        if (number <= 0) return;
        selection = new IntervalMarker(number - 0.5, number + 0.5);
        selection.setPaint(new Color(ChartStyle.SELECTED.getRed(), ChartStyle.SELECTED.getGreen(), ChartStyle.SELECTED.getBlue(), dark ? 70 : 40));
        plot.addDomainMarker(selection, Layer.BACKGROUND);
    }

    /** What hovering over config {@code number} shows: its number and name, values and figures. */
    String tooltip(int number) {
        Double again = confirmed.get(number);
        return ConfigTooltip.of(number, byNumber.get(number), number != bestNumber ? null : bestCaveat)
                + (again == null ? "" : "\nconfirmed median " + Figures.micros(again) + " (measured again in fresh processes)");
    }

    /** The bars and whiskers the drawing about to start shows, for the data area and domain range it has. */
    private DrawnColumns pickDrawn(Rectangle2D dataArea, XYPlot drawnPlot) {
        int n = timed.getItemCount();
        double[] numbers = timed.numbers();
        double[] x = DrawnColumns.place(numbers, n, drawnPlot.getDomainAxis(), dataArea, drawnPlot.getDomainAxisEdge());
        var always = new java.util.BitSet();
        for (int item = 0; item < n; item++) {
            if (numbers[item] == bestNumber || numbers[item] == selectedNumber) always.set(item);
        }
        return DrawnColumns.pick(n, dataArea.getMinX(), dataArea.getWidth(), x, timed.medians(), timed.mins(), timed.maxes(), wrongItems, always);
    }

    /**
     * Bars coloured by their config's status; the best in green (pale when it is within the noise of the runner-up).
     * It draws a few bars per pixel column (see {@link DrawnColumns}): in a first pass each column's tallest bar,
     * in a second the best, the selected and the tallest wrong result of each column on top of it.
     */
    private final class StatusBarRenderer extends XYBarRenderer {
        /** The pixel column of the bar being drawn. */
        private double column;

        /** The whiskers must fit too, not only the bars. */
        @Override
        public org.jfree.data.Range findRangeBounds(org.jfree.data.xy.XYDataset dataset) {
            org.jfree.data.Range r = org.jfree.data.general.DatasetUtils.findRangeBounds(dataset, true);
            if (r == null) return null;
            return new org.jfree.data.Range(logScale() ? getBase() : 0, r.getUpperBound());
        }

        @Override
        public XYItemRendererState initialise(Graphics2D g2, Rectangle2D dataArea, XYPlot drawnPlot, XYDataset dataset, PlotRenderingInfo info) {
            drawn = pickDrawn(dataArea, drawnPlot);
            return super.initialise(g2, dataArea, drawnPlot, dataset, info);
        }

        @Override
        public int getPassCount() {
            return 2;
        }

        @Override
        public void drawItem(Graphics2D g2, XYItemRendererState state, Rectangle2D dataArea, PlotRenderingInfo info, XYPlot drawnPlot,
                ValueAxis domainAxis, ValueAxis rangeAxis, XYDataset dataset, int series, int item, CrosshairState crosshairState, int pass) {
            if (pass == 0 ? drawn.tallest(item) : drawn.emphasised(item)) {
                column = Math.floor(domainAxis.valueToJava2D(dataset.getXValue(series, item), dataArea, drawnPlot.getDomainAxisEdge()));
                super.drawItem(g2, state, dataArea, info, drawnPlot, domainAxis, rangeAxis, dataset, series, item, crosshairState, 0);
            }
        }

        @Override
        public Paint getItemPaint(int series, int item) {
            int number = (int) Math.round(timed.getX(item).doubleValue());
            TuningRecord r = byNumber.get(number);
            if (number == bestNumber) return bestCaveat.isEmpty() ? ChartStyle.BEST : ChartStyle.FASTEST_WITHIN_NOISE;
            if (r != null && r.status() == Status.WRONG_RESULT) return ChartStyle.WRONG;
            return ChartStyle.OK;
        }
    }

    /**
     * Min–max whiskers, one per pixel column: from the lowest minimum to the highest maximum of the configs in that column,
     * so no extreme is hidden. Zoomed in to a config per column, each config has its own. The bars carry the hover and click.
     */
    private final class ColumnWhiskers extends XYErrorRenderer {
        /** Below this many pixels a config, the columns are too narrow for a whisker beside its bar. */
        private static final double DENSE_PIXELS = 3;

        @Override
        public void drawItem(Graphics2D g2, XYItemRendererState state, Rectangle2D dataArea, PlotRenderingInfo info, XYPlot drawnPlot,
                ValueAxis domainAxis, ValueAxis rangeAxis, XYDataset dataset, int series, int item, CrosshairState crosshairState, int pass) {
            if (pass != 0 || !drawn.tallest(item)) return;
            double x = Math.floor(domainAxis.valueToJava2D(dataset.getXValue(series, item), dataArea, drawnPlot.getDomainAxisEdge())) + 0.5;
            var edge = drawnPlot.getRangeAxisEdge();
            double high = rangeAxis.valueToJava2D(drawn.highest(item), dataArea, edge);
            g2.setPaint(getErrorPaint());
            g2.setStroke(getErrorStroke());
            if (domainAxis.lengthToJava2D(1, dataArea, drawnPlot.getDomainAxisEdge()) < DENSE_PIXELS) {
                // Columns a pixel or two wide: a whisker as wide as its column would paint over the bar below its top, and
                // the column would read as tall as its lowest minimum. Only the part above the bar is drawn, without caps.
                double top = rangeAxis.valueToJava2D(dataset.getYValue(series, item), dataArea, edge);
                if (high < top) g2.draw(new Line2D.Double(x, top, x, high));
                return;
            }
            double low = rangeAxis.valueToJava2D(drawn.lowest(item), dataArea, edge);
            double cap = getCapLength() / 2;
            g2.draw(new Line2D.Double(x, low, x, high));
            g2.draw(new Line2D.Double(x - cap, low, x + cap, low));
            g2.draw(new Line2D.Double(x - cap, high, x + cap, high));
        }
    }
}
