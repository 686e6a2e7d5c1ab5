package org.tuningworkbench.app.analysis;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.tuningworkbench.app.chart.ChartStyle;
import org.tuningworkbench.app.chart.PaintedDots;
import org.tuningworkbench.app.chart.PlainLogAxis;
import org.tuningworkbench.app.chart.TimeUnitFormat;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.engine.analysis.Ceilings;
import org.tuningworkbench.engine.analysis.Roofline;

/** The roofline: every config at its arithmetic intensity and GFLOP/s, the baseline as its own point, under the machine's roofs. */
public final class RooflineView extends ResultsChartView<Roofline> {

    private final RooflineViewModel model;
    private final XYPlot plot;
    private final XYSeries configs = new XYSeries("configs", false, true);
    private final XYSeries baseline = new XYSeries("baseline", false, true);
    private final XYSeries roof = new XYSeries("measured roof (memory bandwidth, compute peak)", false, true);
    private final XYSeries selected = new XYSeries("selected", false, true);
    private final PaintedDots dots;

    public RooflineView(RooflineViewModel model, ResultsViewModel results) {
        this(model, results, new XYPlot());
    }

    private RooflineView(RooflineViewModel model, ResultsViewModel results, XYPlot plot) {
        super(results, plot, true, "rooflineChart");
        this.model = model;
        this.plot = plot;
        var x = new PlainLogAxis("arithmetic intensity (FLOP/byte)");
        x.setSmallestValue(1e-4);
        var y = new PlainLogAxis("GFLOP/s");
        y.setSmallestValue(1e-4);
        x.setNumberFormatOverride(TimeUnitFormat.logTicks());
        y.setNumberFormatOverride(TimeUnitFormat.logTicks());
        plot.setDomainAxis(x);
        plot.setRangeAxis(y);
        // Thousands of configs: painted in the background into one image (an export draws each).
        dots = new PaintedDots();
        dots.setDotWidth(4);
        dots.setDotHeight(4);
        dots.setSeriesPaint(0, new Color(ChartStyle.OK.getRed(), ChartStyle.OK.getGreen(), ChartStyle.OK.getBlue(), 150));
        plot.setDataset(0, new XYSeriesCollection(configs));
        plot.setRenderer(0, dots);
        var marks = new XYLineAndShapeRenderer(false, true);
        marks.setSeriesShape(0, ShapeUtils.createDiamond(7));
        marks.setSeriesPaint(0, ChartStyle.BASELINE);
        marks.setSeriesShape(1, new Ellipse2D.Double(-7, -7, 14, 14));
        marks.setSeriesShapesFilled(1, false);
        marks.setSeriesStroke(1, new BasicStroke(2.2f));
        marks.setSeriesPaint(1, ChartStyle.SELECTED);
        marks.setSeriesVisibleInLegend(1, false);
        var marked = new XYSeriesCollection(baseline);
        marked.addSeries(selected);
        plot.setDataset(1, marked);
        plot.setRenderer(1, marks);
        var roofLine = new XYLineAndShapeRenderer(true, false);
        roofLine.setSeriesPaint(0, ChartStyle.FAILED);
        roofLine.setSeriesStroke(0, new BasicStroke(2f));
        plot.setDataset(2, new XYSeriesCollection(roof));
        plot.setRenderer(2, roofLine);
        plot.setDatasetRenderingOrder(org.jfree.chart.plot.DatasetRenderingOrder.FORWARD);
        plot.setDomainPannable(true);
        plot.setRangePannable(true);
    }

    @Override
    protected java.util.function.Supplier<Roofline> analysis() {
        return model.analysis();
    }

    @Override
    protected void rebuild(Roofline analysed) {
        model.take(analysed);
        configs.clear();
        baseline.clear();
        roof.clear();
        plot.clearAnnotations();
        Roofline r = model.roofline();
        if (r == null) return;
        double low = Double.MAX_VALUE;
        double high = 0;
        for (var p : r.configs()) {
            configs.add(p.intensity(), p.gflops(), false);
            low = Math.min(low, p.intensity());
            high = Math.max(high, p.intensity());
        }
        configs.fireSeriesChanged();
        if (r.baseline().isPresent()) {
            var b = r.baseline().get();
            baseline.setKey("baseline: " + (b.record().baseline() == null ? "library" : b.record().baseline()));
            baseline.add(b.intensity(), b.gflops());
            low = Math.min(low, b.intensity());
            high = Math.max(high, b.intensity());
        }
        if (r.ceilings().isPresent()) roof(r.ceilings().get(), low, high);
        fitAxes(r, low, high);
        plot.getRenderer(2).setSeriesVisibleInLegend(0, r.ceilings().isPresent());
        plot.getRenderer(1).setSeriesVisibleInLegend(0, r.baseline().isPresent());
    }

    /**
     * At least a decade around the points each way: configs of one kernel often share one intensity
     * (the same work a call), and an axis fitted to a single value says nothing.
     */
    private void fitAxes(Roofline r, double low, double high) {
        double slowest = Double.MAX_VALUE;
        double fastest = 0;
        for (var p : r.configs()) {
            slowest = Math.min(slowest, p.gflops());
            fastest = Math.max(fastest, p.gflops());
        }
        if (r.baseline().isPresent()) {
            slowest = Math.min(slowest, r.baseline().get().gflops());
            fastest = Math.max(fastest, r.baseline().get().gflops());
        }
        if (r.ceilings().isPresent()) {
            var c = r.ceilings().get();
            low = Math.min(low, c.ridge());
            high = Math.max(high, c.ridge());
            fastest = Math.max(fastest, c.peakGflops());
        }
        plot.getDomainAxis().setRange(low / 4, high * 4);
        plot.getRangeAxis().setRange(slowest / 4, fastest * 2);
    }

    private void roof(Ceilings c, double low, double high) {
        double from = Math.min(low, c.ridge()) / 4;
        double to = Math.max(high, c.ridge()) * 4;
        roof.add(from, c.attainable(from), false);
        roof.add(c.ridge(), c.peakGflops(), false);
        roof.add(to, c.peakGflops(), false);
        roof.fireSeriesChanged();
        var peak = new XYTextAnnotation("compute peak " + Figures.rate(c.peakGflops()) + " GFLOP/s (" + c.peakBits() + "-bit FMA, one core)",
                to, c.peakGflops());
        peak.setTextAnchor(TextAnchor.BOTTOM_RIGHT);
        peak.setPaint(ChartStyle.FAILED);
        plot.addAnnotation(peak);
        var memory = new XYTextAnnotation("memory " + Figures.rate(c.bandwidthGbps()) + " GB/s", from, c.attainable(from));
        memory.setTextAnchor(TextAnchor.BOTTOM_LEFT);
        memory.setPaint(ChartStyle.FAILED);
        plot.addAnnotation(memory);
    }

    @Override
    protected void markSelected(int number) {
        selected.clear();
        Roofline r = model.roofline();
        if (r == null) return;
        for (var p : r.configs()) if (results.numberOf(p.record()) == number) selected.add(p.intensity(), p.gflops());
    }

    @Override
    protected int configAt(double x, double y, Rectangle2D dataArea) {
        Roofline r = model.roofline();
        if (r == null) return -1;
        var nearest = new Nearest(plot, dataArea, x, y);
        for (var p : r.configs()) nearest.consider(p.intensity(), p.gflops(), results.numberOf(p.record()));
        return nearest.number();
    }

    /** Whether what is drawn is the latest analysis of the results, its dots painted. */
    @Override
    public boolean settled() {
        return super.settled() && dots.painted();
    }

    @Override
    protected String emptyMessage() {
        return model.why();
    }
}
