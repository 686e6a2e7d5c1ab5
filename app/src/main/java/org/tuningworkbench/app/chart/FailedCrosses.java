package org.tuningworkbench.app.chart;

import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.Shape;
import java.awt.geom.Rectangle2D;
import java.util.function.IntSupplier;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CrosshairState;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRendererState;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeries;

/** Failed configs as crosses on the axis: one per pixel column (they look alike), and the selected one. */
final class FailedCrosses extends XYLineAndShapeRenderer {
    private final XYSeries failed;
    private final IntSupplier selected;
    private final Stamps stamps = new Stamps();
    private java.util.BitSet shown = new java.util.BitSet();

    /** Crosses for the configs of {@code failed} (at their numbers), {@code selected} the selected config's number. */
    FailedCrosses(XYSeries failed, IntSupplier selected) {
        super(false, true);
        this.failed = failed;
        this.selected = selected;
    }

    @Override
    public XYItemRendererState initialise(Graphics2D g2, Rectangle2D dataArea, XYPlot drawnPlot, XYDataset dataset, PlotRenderingInfo info) {
        var axis = drawnPlot.getDomainAxis();
        var edge = drawnPlot.getDomainAxisEdge();
        int n = failed.getItemCount();
        double[] numbers = new double[n];
        var selectedCross = new java.util.BitSet();
        for (int item = 0; item < n; item++) {
            numbers[item] = failed.getX(item).doubleValue();
            if ((int) Math.round(numbers[item]) == selected.getAsInt()) selectedCross.set(item);
        }
        double[] none = new double[n];
        shown = DrawnColumns.pick(n, dataArea.getMinX(), dataArea.getWidth(), DrawnColumns.place(numbers, n, axis, dataArea, edge), none, none, none,
                new java.util.BitSet(), selectedCross).drawnItems();
        return super.initialise(g2, dataArea, drawnPlot, dataset, info);
    }

    @Override
    public void drawItem(Graphics2D g2, XYItemRendererState state, Rectangle2D dataArea, PlotRenderingInfo info, XYPlot drawnPlot,
            ValueAxis domainAxis, ValueAxis rangeAxis, XYDataset dataset, int series, int item, CrosshairState crosshairState, int pass) {
        if (!shown.get(item)) return;
        if (!isItemPass(pass) || !RasterizedChart.drawsOnScreen(g2)) {
            super.drawItem(g2, state, dataArea, info, drawnPlot, domainAxis, rangeAxis, dataset, series, item, crosshairState, pass);
            return;
        }
        // On the screen each cross is one image of a cross: the rasterizer's antialiased fill and outline of a couple
        // of hundred crosses took a drawing 20-30 ms. An export draws each cross's shape.
        double x = domainAxis.valueToJava2D(dataset.getXValue(series, item), dataArea, drawnPlot.getDomainAxisEdge());
        double y = rangeAxis.valueToJava2D(dataset.getYValue(series, item), dataArea, drawnPlot.getRangeAxisEdge());
        Shape shape = ShapeUtils.createTranslatedShape(getItemShape(series, item), x, y);
        if (!shape.intersects(dataArea)) return;
        stamps.draw(g2, new Stamp(getItemShape(series, item), getItemPaint(series, item), getItemOutlineStroke(series, item)), x, y);
        var entities = info == null ? null : info.getOwner().getEntityCollection();
        if (entities != null) addEntity(entities, shape, dataset, series, item, x, y);
    }

    /** A cross as the renderer draws it: its shape filled and outlined in its paint. */
    private record Stamp(Shape shape, Paint paint, java.awt.Stroke outline) implements Stamps.Look {
        @Override
        public Rectangle2D bounds() {
            return outline.createStrokedShape(shape).getBounds2D();
        }

        @Override
        public void paint(Graphics2D g2) {
            g2.setPaint(paint);
            g2.fill(shape);
            g2.setStroke(outline);
            g2.draw(shape);
        }
    }
}
