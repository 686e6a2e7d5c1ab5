package org.tuningworkbench.app.chart;

import java.awt.AlphaComposite;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.function.DoubleSupplier;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.Plot;

/**
 * A chart that draws itself on the screen's canvas as one image, painted with Java2D. The canvas hands every line,
 * tick and glyph to the JavaFX renderer as a command of its own, and the software renderer rasterizes each one (its
 * rasterizer reaches its off-heap arrays through var handles the window's compiler does not inline): a chart's axes,
 * labels and legend took it 20–50 ms a drawing, on the thread that draws the window's frames, four times a second
 * while results stream. Java2D draws the same chart into an image on the JavaFX thread in a few milliseconds, and the
 * renderer then draws one image. What is drawn, and where, is the same, and so are its clicks and tooltips (the
 * rendering info comes from that drawing); an export draws shape by shape. The image has as many pixels as the screen
 * shows, so a scaled screen shows it sharp.
 */
public class RasterizedChart extends JFreeChart {

    /** A hint on the image's graphics: what is drawn on them goes to the screen (a renderer may paint as it does there). */
    static final RenderingHints.Key ON_SCREEN = new RenderingHints.Key(0x7757) {
        @Override
        public boolean isCompatibleValue(Object value) {
            return value instanceof Boolean;
        }
    };

    private transient BufferedImage image;
    /** The screen's pixels per unit of the canvas (2 on a doubled screen). */
    private transient DoubleSupplier scale = () -> 1;
    private transient boolean rasterizedLast;
    private transient boolean held;

    public RasterizedChart(String title, Font titleFont, Plot plot, boolean legend) {
        super(title, titleFont, plot, legend);
    }

    /** Where the screen's pixels per unit of the canvas come from; 1 until set. */
    public void setScale(DoubleSupplier value) {
        scale = value;
    }

    /** A viewer of {@code chart} whose image has as many pixels as the viewer's window shows. */
    public static org.jfree.chart.fx.ChartViewer viewer(RasterizedChart chart) {
        var viewer = new org.jfree.chart.fx.ChartViewer(chart);
        chart.setScale(() -> viewer.getScene() == null || viewer.getScene().getWindow() == null ? 1 : viewer.getScene().getWindow().getOutputScaleX());
        return viewer;
    }

    /** Whether {@code g2} draws on the screen's canvas (an export draws on another). */
    protected boolean onScreen(Graphics2D g2) {
        return g2 instanceof org.jfree.fx.FXGraphics2D;
    }

    /** Whether {@code g2} draws on the screen: the screen's canvas, or the image a chart draws for it. */
    public static boolean drawsOnScreen(Graphics2D g2) {
        return g2 instanceof org.jfree.fx.FXGraphics2D || Boolean.TRUE.equals(g2.getRenderingHint(ON_SCREEN));
    }

    /**
     * Whether the screen shows nothing of the chart for now: a view shown for the first time, its analysis still
     * in the background, would draw its empty axes only to draw everything again a moment later, both in the frames
     * that lay the newly shown view out. An export draws the chart as it is.
     */
    public void setHeld(boolean value) {
        held = value;
    }

    /** Whether the last drawing drew the chart as one image. */
    public boolean rasterized() {
        return rasterizedLast;
    }

    @Override
    public void draw(Graphics2D g2, Rectangle2D area, Point2D anchor, ChartRenderingInfo info) {
        rasterizedLast = onScreen(g2);
        if (!rasterizedLast) {
            super.draw(g2, area, anchor, info);
            return;
        }
        if (held) return;
        int x = (int) Math.floor(area.getMinX());
        int y = (int) Math.floor(area.getMinY());
        int width = Math.max(1, (int) Math.ceil(area.getMaxX()) - x);
        int height = Math.max(1, (int) Math.ceil(area.getMaxY()) - y);
        double s = Math.max(1, scale.getAsDouble());
        int pixelsWide = (int) Math.ceil(width * s);
        int pixelsHigh = (int) Math.ceil(height * s);
        if (image == null || image.getWidth() != pixelsWide || image.getHeight() != pixelsHigh) {
            image = new BufferedImage(pixelsWide, pixelsHigh, BufferedImage.TYPE_INT_ARGB_PRE);
        }
        Graphics2D g = image.createGraphics();
        try {
            g.setComposite(AlphaComposite.Clear);
            g.fillRect(0, 0, pixelsWide, pixelsHigh);
            g.setComposite(AlphaComposite.SrcOver);
            g.scale(s, s);
            g.translate(-x, -y);
            g.setRenderingHints(g2.getRenderingHints());
            // What the plot and its renderers draw goes to the screen: thousands of points are still painted in the background.
            g.setRenderingHint(ON_SCREEN, Boolean.TRUE);
            g.setClip(area);
            super.draw(g, area, anchor, info);
        } finally {
            g.dispose();
        }
        g2.drawImage(image, x, y, width, height, null);
    }
}
