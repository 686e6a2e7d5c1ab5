package org.tuningworkbench.app.chart;

import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.geom.Rectangle2D;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CrosshairState;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYDotRenderer;
import org.jfree.chart.renderer.xy.XYItemRendererState;
import org.jfree.data.xy.XYDataset;

/**
 * A scatter of dots (one series, one colour). An export, or a few hundred dots, are drawn dot by dot as
 * {@link XYDotRenderer} draws them; on the screen thousands are painted in the background into one
 * image, which the canvas draws in one call, so 20,000 dots cost the JavaFX thread and its renderer
 * an image instead of 20,000 rectangles.
 */
public final class PaintedDots extends XYDotRenderer {

    private final PaintedImage painted = new PaintedImage(this::fireChangeEvent);
    /** Whether the last drawing on the screen drew the painted image rather than each dot. */
    private boolean paintedLast;

    /** How a dot looks. */
    record Dot(Paint paint, int width, int height) {}

    @Override
    public XYItemRendererState initialise(Graphics2D g2, Rectangle2D dataArea, XYPlot plot, XYDataset dataset, PlotRenderingInfo info) {
        paintedLast = PaintedImage.onScreen(g2, plot, dataset);
        if (paintedLast) {
            var scatter = Scatter.of(plot, dataset, 0, dataArea, new Dot(lookupSeriesPaint(0), getDotWidth(), getDotHeight()));
            painted.draw(g2, dataArea, scatter, () -> scatter.image(PaintedDots::dots));
        }
        return super.initialise(g2, dataArea, plot, dataset, info);
    }

    /** The dots of {@code scatter}, placed as {@link XYDotRenderer} places them on a vertical plot. */
    static void dots(Scatter scatter, Graphics2D g2) {
        var dot = (Dot) scatter.look();
        g2.setPaint(dot.paint());
        int adjustX = (dot.width() - 1) / 2;
        int adjustY = (dot.height() - 1) / 2;
        for (int i = 0; i < scatter.size(); i++) {
            double px = scatter.screenX(i) - adjustX;
            double py = scatter.screenY(i) - adjustY;
            if (Double.isFinite(px) && Double.isFinite(py)) g2.fillRect((int) px, (int) py, dot.width(), dot.height());
        }
    }

    @Override
    public void drawItem(Graphics2D g2, XYItemRendererState state, Rectangle2D dataArea, PlotRenderingInfo info, XYPlot plot, ValueAxis domainAxis,
            ValueAxis rangeAxis, XYDataset dataset, int series, int item, CrosshairState crosshairState, int pass) {
        if (!paintedLast) super.drawItem(g2, state, dataArea, info, plot, domainAxis, rangeAxis, dataset, series, item, crosshairState, pass);
    }

    /** No pass over the items when the image stands for them all (20,000 calls that would draw nothing). */
    @Override
    public int getPassCount() {
        return paintedLast ? 0 : super.getPassCount();
    }

    /** Whether what the screen shows is every dot as it stands (no image painting or waiting to be). */
    public boolean painted() {
        return !paintedLast || painted.current();
    }
}
