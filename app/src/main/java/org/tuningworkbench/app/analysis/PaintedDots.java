package org.tuningworkbench.app.analysis;

import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.Arrays;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CrosshairState;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYDotRenderer;
import org.jfree.chart.renderer.xy.XYItemRendererState;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYDataset;

/**
 * A scatter of dots (one series, one colour). An export, or a few hundred dots, are drawn dot by dot as
 * {@link XYDotRenderer} draws them; on the screen thousands are painted in the background into one
 * image, which the canvas draws in one call, so 20,000 dots cost the JavaFX thread and its renderer
 * an image instead of 20,000 rectangles.
 */
final class PaintedDots extends XYDotRenderer {

    /** Up to this many dots are drawn on the JavaFX thread as the chart draws; more are painted in the background. */
    static final int DRAWN_AT_ONCE = 100;

    private final PaintedImage painted = new PaintedImage(this::fireChangeEvent);
    /** Whether the last drawing on the screen drew the painted image rather than each dot. */
    private boolean paintedLast;

    /** The dots' places in data coordinates; equal when every value is. */
    record Points(double[] x, double[] y) {
        static Points of(XYDataset dataset, int series) {
            int n = dataset.getItemCount(series);
            double[] x = new double[n];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = dataset.getXValue(series, i);
                y[i] = dataset.getYValue(series, i);
            }
            return new Points(x, y);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Points p && Arrays.equals(x, p.x) && Arrays.equals(y, p.y);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(x) + Arrays.hashCode(y);
        }
    }

    /**
     * Everything an image of the dots shows: the points, the axes (their type and range) and the data
     * area, and how a dot looks. Axes are copies, taken on the JavaFX thread, so painting may run elsewhere.
     */
    record Scatter(Points points, ValueAxis domain, ValueAxis range, String domainKind, String rangeKind, double domainLow, double domainHigh,
            double rangeLow, double rangeHigh, Rectangle2D area, Paint paint, int dotWidth, int dotHeight) {

        static Scatter of(Points points, ValueAxis domain, ValueAxis range, Rectangle2D area, Paint paint, int dotWidth, int dotHeight) {
            return new Scatter(points, copy(domain), copy(range), domain.getClass().getName(), range.getClass().getName(), domain.getLowerBound(),
                    domain.getUpperBound(), range.getLowerBound(), range.getUpperBound(), (Rectangle2D) area.clone(), paint, dotWidth, dotHeight);
        }

        /** Two scatters look the same when all but their axis copies are equal. */
        @Override
        public boolean equals(Object o) {
            return o instanceof Scatter s && points.equals(s.points) && domainKind.equals(s.domainKind) && rangeKind.equals(s.rangeKind)
                    && domainLow == s.domainLow && domainHigh == s.domainHigh && rangeLow == s.rangeLow && rangeHigh == s.rangeHigh
                    && area.equals(s.area) && paint.equals(s.paint) && dotWidth == s.dotWidth && dotHeight == s.dotHeight;
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(points, domainKind, rangeKind, domainLow, domainHigh, rangeLow, rangeHigh, area, paint, dotWidth, dotHeight);
        }

        /** The dots in an image the size of the data area, as {@link XYDotRenderer} places them on a vertical plot; pure. */
        BufferedImage image() {
            return PaintedImage.of(area, g2 -> {
                g2.setPaint(paint);
                int adjustX = (dotWidth - 1) / 2;
                int adjustY = (dotHeight - 1) / 2;
                for (int i = 0; i < points.x().length; i++) {
                    double px = domain.valueToJava2D(points.x()[i], area, RectangleEdge.BOTTOM) - adjustX;
                    double py = range.valueToJava2D(points.y()[i], area, RectangleEdge.LEFT) - adjustY;
                    if (Double.isFinite(px) && Double.isFinite(py)) g2.fillRect((int) px, (int) py, dotWidth, dotHeight);
                }
            });
        }

        private static ValueAxis copy(ValueAxis axis) {
            try {
                return (ValueAxis) axis.clone();
            } catch (CloneNotSupportedException e) {
                throw new IllegalStateException("the axis " + axis.getClass().getName() + " cannot be copied for painting", e);
            }
        }
    }

    @Override
    public XYItemRendererState initialise(Graphics2D g2, Rectangle2D dataArea, XYPlot plot, XYDataset dataset, PlotRenderingInfo info) {
        paintedLast = onScreen(g2, plot, dataset);
        if (paintedLast) {
            int index = plot.indexOf(dataset);
            var scatter = Scatter.of(Points.of(dataset, 0), plot.getDomainAxisForDataset(index), plot.getRangeAxisForDataset(index), dataArea,
                    lookupSeriesPaint(0), getDotWidth(), getDotHeight());
            painted.draw(g2, dataArea, scatter, scatter::image);
        }
        return super.initialise(g2, dataArea, plot, dataset, info);
    }

    /** Whether the dots are painted as one image: thousands of one series on the screen's canvas, on a vertical plot. */
    private static boolean onScreen(Graphics2D g2, XYPlot plot, XYDataset dataset) {
        return g2 instanceof org.jfree.fx.FXGraphics2D && dataset.getSeriesCount() == 1 && dataset.getItemCount(0) > DRAWN_AT_ONCE
                && plot.getOrientation() == org.jfree.chart.plot.PlotOrientation.VERTICAL;
    }

    @Override
    public void drawItem(Graphics2D g2, XYItemRendererState state, Rectangle2D dataArea, PlotRenderingInfo info, XYPlot plot, ValueAxis domainAxis,
            ValueAxis rangeAxis, XYDataset dataset, int series, int item, CrosshairState crosshairState, int pass) {
        if (!paintedLast) super.drawItem(g2, state, dataArea, info, plot, domainAxis, rangeAxis, dataset, series, item, crosshairState, pass);
    }

    /** Whether what the screen shows is every dot as it stands (no image painting or waiting to be). */
    boolean painted() {
        return !paintedLast || painted.current();
    }
}
