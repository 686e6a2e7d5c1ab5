package org.tuningworkbench.app.chart;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.function.Supplier;

/**
 * What a chart shows of thousands of items on the screen, painted off the JavaFX thread into one
 * image that the canvas draws in one call. Each image is painted for a key that holds everything it
 * shows (the items, the axes' ranges, the size); until the image of the latest key is ready, the last
 * one stands in, stretched to the area, and the chart is told to draw again when it is.
 */
public final class PaintedImage {

    private record Painted(Object key, BufferedImage image) {}

    private final Background<Painted> painter;
    private Painted painted;
    /** The key of the image being painted or waiting to be, or null. */
    private Object painting;
    /** The key the chart last drew, or null before it drew. */
    private Object shown;

    /** {@code repaint} asks the chart to draw again (on the JavaFX thread) once a new image is ready. */
    public PaintedImage(Runnable repaint) {
        painter = new Background<>(done -> {
            painted = done;
            if (done.key().equals(painting)) painting = null;
            repaint.run();
        });
    }

    /**
     * Draws the image of {@code key} over {@code area}, or the last one while {@code paint} (pure, as it
     * runs on another thread) paints it.
     */
    public void draw(Graphics2D g2, Rectangle2D area, Object key, Supplier<BufferedImage> paint) {
        shown = key;
        if ((painted == null || !painted.key().equals(key)) && !key.equals(painting)) {
            painting = key;
            painter.request(() -> new Painted(key, paint.get()));
        }
        if (painted != null) {
            g2.drawImage(painted.image(), (int) area.getX(), (int) area.getY(), (int) Math.ceil(area.getWidth()), (int) Math.ceil(area.getHeight()), null);
        }
    }

    /** Up to this many items are drawn on the JavaFX thread as the chart draws; more are painted in the background. */
    public static final int DRAWN_AT_ONCE = 100;

    /** Whether an XY plot's one series is painted as an image: thousands of items on the screen's canvas, on a vertical plot. */
    static boolean onScreen(Graphics2D g2, org.jfree.chart.plot.XYPlot plot, org.jfree.data.xy.XYDataset dataset) {
        return RasterizedChart.drawsOnScreen(g2) && dataset.getSeriesCount() == 1 && dataset.getItemCount(0) > DRAWN_AT_ONCE
                && plot.getOrientation() == org.jfree.chart.plot.PlotOrientation.VERTICAL;
    }

    /** Whether the chart drew, and the image it drew last is of the key it asked for (none painting, none waiting). */
    public boolean current() {
        return shown != null && painted != null && painted.key().equals(shown) && painting == null;
    }

    /** A transparent image the size of {@code area}, with {@code area}'s corner at its origin, painted by {@code paint}. */
    public static BufferedImage of(Rectangle2D area, java.util.function.Consumer<Graphics2D> paint) {
        var image = new BufferedImage((int) Math.max(1, Math.ceil(area.getWidth())), (int) Math.max(1, Math.ceil(area.getHeight())), BufferedImage.TYPE_INT_ARGB);
        Graphics2D raster = image.createGraphics();
        raster.translate(-area.getX(), -area.getY());
        paint.accept(raster);
        raster.dispose();
        return image;
    }
}
