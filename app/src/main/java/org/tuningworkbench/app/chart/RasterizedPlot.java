package org.tuningworkbench.app.chart;

import java.awt.AlphaComposite;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.RenderingHints;
import java.awt.Stroke;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.plot.CrosshairState;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.PlotState;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.data.xy.XYDataset;

/**
 * An XY plot that, when it draws more than a few hundred items on the screen's canvas, draws what lies inside its
 * axes (tick bands, gridlines, markers, the datasets, annotations) with Java2D into one image, which the canvas then
 * draws in one call. The canvas hands every shape to the JavaFX renderer as a command of its own, and the software
 * renderer paints a few thousand of them (the latency chart's bars and whiskers for 20,000 results) in a third of a
 * second, a stall a person sees, while Java2D paints them into an image in a few milliseconds. What is drawn, and
 * where, is the same: the plot draws as it always does, only into the image, and its clicks and tooltips come from
 * that drawing. The axes, the legend and the title stay on the canvas; an export, or a few items, are drawn shape by
 * shape.
 */
public class RasterizedPlot extends XYPlot {

    /** Beyond this many items the inside of the plot is drawn into an image on the screen. */
    static final int DRAWN_AS_SHAPES = 300;

    /** A hint on the image's graphics: what is drawn on them goes to the screen (a renderer may paint as it does there). */
    static final RenderingHints.Key ON_SCREEN = new RenderingHints.Key(0x7757) {
        @Override
        public boolean isCompatibleValue(Object value) {
            return value instanceof Boolean;
        }
    };

    /** The image of the current drawing, kept for the next one of the same size. */
    private transient BufferedImage layer;
    /** The graphics of the image while a drawing draws into it; null otherwise. */
    private transient Graphics2D layerGraphics;
    /** The area the plot draws in, as its drawing starts. */
    private transient Rectangle2D plotArea;
    private int layerX;
    private int layerY;

    public RasterizedPlot() {
        super();
    }

    public RasterizedPlot(XYDataset dataset, ValueAxis domain, ValueAxis range, org.jfree.chart.renderer.xy.XYItemRenderer renderer) {
        super(dataset, domain, range, renderer);
    }

    /** Whether {@code g2} draws on the screen's canvas (an export draws on another). */
    protected boolean onScreen(Graphics2D g2) {
        return g2 instanceof org.jfree.fx.FXGraphics2D;
    }

    /** Whether {@code g2} draws on the screen: the screen's canvas, or the image a plot draws for it. */
    public static boolean drawsOnScreen(Graphics2D g2) {
        return g2 instanceof org.jfree.fx.FXGraphics2D || Boolean.TRUE.equals(g2.getRenderingHint(ON_SCREEN));
    }

    /** Whether the last drawing drew the inside of the plot as one image. */
    public boolean rasterized() {
        return layer != null;
    }

    @Override
    public void draw(Graphics2D g2, Rectangle2D area, Point2D anchor, PlotState parentState, PlotRenderingInfo info) {
        plotArea = (Rectangle2D) area.clone();
        layerGraphics = null;
        super.draw(g2, area, anchor, parentState, info);
    }

    // The first thing the plot draws inside its axes: the image starts here.
    @Override
    public void drawDomainTickBands(Graphics2D g2, Rectangle2D dataArea, List<ValueTick> ticks) {
        start(g2);
        super.drawDomainTickBands(into(g2), dataArea, ticks);
    }

    @Override
    public void drawRangeTickBands(Graphics2D g2, Rectangle2D dataArea, List<ValueTick> ticks) {
        super.drawRangeTickBands(into(g2), dataArea, ticks);
    }

    @Override
    protected void drawDomainGridlines(Graphics2D g2, Rectangle2D dataArea, List<ValueTick> ticks) {
        super.drawDomainGridlines(into(g2), dataArea, ticks);
    }

    @Override
    protected void drawRangeGridlines(Graphics2D g2, Rectangle2D dataArea, List<ValueTick> ticks) {
        super.drawRangeGridlines(into(g2), dataArea, ticks);
    }

    @Override
    protected void drawZeroDomainBaseline(Graphics2D g2, Rectangle2D dataArea) {
        super.drawZeroDomainBaseline(into(g2), dataArea);
    }

    @Override
    protected void drawZeroRangeBaseline(Graphics2D g2, Rectangle2D dataArea) {
        super.drawZeroRangeBaseline(into(g2), dataArea);
    }

    @Override
    protected void drawDomainMarkers(Graphics2D g2, Rectangle2D dataArea, int index, Layer layer) {
        super.drawDomainMarkers(into(g2), dataArea, index, layer);
    }

    @Override
    protected void drawRangeMarkers(Graphics2D g2, Rectangle2D dataArea, int index, Layer layer) {
        super.drawRangeMarkers(into(g2), dataArea, index, layer);
    }

    @Override
    public boolean render(Graphics2D g2, Rectangle2D dataArea, int index, PlotRenderingInfo info, CrosshairState crosshairState) {
        return super.render(into(g2), dataArea, index, info, crosshairState);
    }

    @Override
    protected void drawDomainCrosshair(Graphics2D g2, Rectangle2D dataArea, PlotOrientation orientation, double value, ValueAxis axis, Stroke stroke,
            Paint paint) {
        super.drawDomainCrosshair(into(g2), dataArea, orientation, value, axis, stroke, paint);
    }

    @Override
    protected void drawRangeCrosshair(Graphics2D g2, Rectangle2D dataArea, PlotOrientation orientation, double value, ValueAxis axis, Stroke stroke,
            Paint paint) {
        super.drawRangeCrosshair(into(g2), dataArea, orientation, value, axis, stroke, paint);
    }

    @Override
    protected void drawNoDataMessage(Graphics2D g2, Rectangle2D area) {
        super.drawNoDataMessage(into(g2), area);
    }

    // The last thing the plot draws inside its axes: the image goes on the screen after it.
    @Override
    public void drawAnnotations(Graphics2D g2, Rectangle2D dataArea, PlotRenderingInfo info) {
        try {
            super.drawAnnotations(into(g2), dataArea, info);
        } finally {
            finish(g2);
        }
    }

    private void start(Graphics2D g2) {
        layerGraphics = null;
        if (plotArea == null || !onScreen(g2) || items() <= DRAWN_AS_SHAPES) {
            layer = null;
            return;
        }
        layerX = (int) Math.floor(plotArea.getMinX());
        layerY = (int) Math.floor(plotArea.getMinY());
        int width = Math.max(1, (int) Math.ceil(plotArea.getMaxX()) - layerX);
        int height = Math.max(1, (int) Math.ceil(plotArea.getMaxY()) - layerY);
        if (layer == null || layer.getWidth() != width || layer.getHeight() != height) {
            layer = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB_PRE);
        }
        var g = layer.createGraphics();
        g.setComposite(AlphaComposite.Clear);
        g.fillRect(0, 0, width, height);
        g.setComposite(AlphaComposite.SrcOver);
        g.translate(-layerX, -layerY);
        layerGraphics = g;
    }

    /** The graphics to draw on: the image's while a drawing draws into one, set up as {@code g2} is (hints, clip). */
    private Graphics2D into(Graphics2D g2) {
        if (layerGraphics == null) return g2;
        layerGraphics.setRenderingHints(g2.getRenderingHints());
        layerGraphics.setRenderingHint(ON_SCREEN, Boolean.TRUE);
        layerGraphics.setClip(g2.getClip());
        return layerGraphics;
    }

    private void finish(Graphics2D g2) {
        if (layerGraphics == null) return;
        layerGraphics.dispose();
        layerGraphics = null;
        g2.drawImage(layer, layerX, layerY, null);
    }

    private int items() {
        int items = 0;
        for (XYDataset dataset : getDatasets().values()) {
            if (dataset == null) continue;
            for (int s = 0; s < dataset.getSeriesCount(); s++) items += dataset.getItemCount(s);
        }
        return items;
    }
}
