package org.tuningworkbench.app.chart;

import java.awt.AlphaComposite;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CrosshairState;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.data.xy.XYDataset;

/**
 * An XY plot whose datasets, when it draws more than a few hundred items on the screen's canvas, are drawn with
 * Java2D into one image that the canvas then draws in one call. The canvas hands every shape to the JavaFX renderer
 * as a command of its own, and the software renderer paints a few thousand of them (the latency chart's bars and
 * whiskers for 20,000 results) in a third of a second, a stall a person sees; Java2D paints them into an image in a
 * few milliseconds. What is drawn, and where, is the same: the renderers draw as they always do, only into the image
 * (its clicks and tooltips come from the same drawing). An export, or a few items, are drawn shape by shape.
 */
public class RasterizedPlot extends XYPlot {

    /** Beyond this many items the datasets are drawn into an image on the screen. */
    static final int DRAWN_AS_SHAPES = 300;

    /** The image of the current drawing, kept for the next one of the same size. */
    private transient BufferedImage layer;
    /** Where the image goes, and its graphics, while a drawing renders into it; null otherwise. */
    private transient Graphics2D layerGraphics;
    private int layerX;
    private int layerY;

    public RasterizedPlot(XYDataset dataset, ValueAxis domain, ValueAxis range, XYItemRenderer renderer) {
        super(dataset, domain, range, renderer);
    }

    @Override
    public boolean render(Graphics2D g2, Rectangle2D dataArea, int index, PlotRenderingInfo info, CrosshairState crosshairState) {
        List<Integer> order = drawnIndices();
        if (order.isEmpty()) return super.render(g2, dataArea, index, info, crosshairState);
        if (index == order.getFirst()) start(g2, dataArea);
        if (layerGraphics == null) return super.render(g2, dataArea, index, info, crosshairState);
        try {
            return super.render(layerGraphics, dataArea, index, info, crosshairState);
        } finally {
            if (index == order.getLast()) finish(g2);
        }
    }

    /** Whether {@code g2} draws on the screen's canvas (an export draws on another). */
    protected boolean onScreen(Graphics2D g2) {
        return g2 instanceof org.jfree.fx.FXGraphics2D;
    }

    /** Whether the last drawing on the screen drew its datasets as one image. */
    public boolean rasterized() {
        return layer != null;
    }

    /** The dataset indices in the order the plot renders them. */
    private List<Integer> drawnIndices() {
        var indices = getDatasets().entrySet().stream().filter(e -> e.getValue() != null).map(java.util.Map.Entry::getKey).sorted().toList();
        return getDatasetRenderingOrder() == DatasetRenderingOrder.FORWARD ? indices : indices.reversed();
    }

    private void start(Graphics2D g2, Rectangle2D dataArea) {
        layerGraphics = null;
        if (!onScreen(g2) || items() <= DRAWN_AS_SHAPES) {
            layer = null;
            return;
        }
        layerX = (int) Math.floor(dataArea.getMinX());
        layerY = (int) Math.floor(dataArea.getMinY());
        int width = Math.max(1, (int) Math.ceil(dataArea.getMaxX()) - layerX);
        int height = Math.max(1, (int) Math.ceil(dataArea.getMaxY()) - layerY);
        if (layer == null || layer.getWidth() != width || layer.getHeight() != height) {
            layer = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB_PRE);
        }
        var g = layer.createGraphics();
        g.setComposite(AlphaComposite.Clear);
        g.fillRect(0, 0, width, height);
        g.setComposite(AlphaComposite.SrcOver);
        g.setRenderingHints(g2.getRenderingHints());
        g.translate(-layerX, -layerY);
        g.clip(dataArea);
        layerGraphics = g;
    }

    private void finish(Graphics2D g2) {
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
