package org.tuningworkbench.app.chart;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.BiConsumer;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYDataset;

/**
 * Everything a drawing of one series of points shows, taken on the JavaFX thread so the points can be
 * placed and painted on another: their values, copies of the axes (the plot's own may change
 * meanwhile), the data area and how a point looks. Two scatters are equal when they would draw the
 * same: the same values, axes of the same kind over the same ranges, the same area and look.
 *
 * @param look how a point is drawn (a record of paint and size or shape), compared by its {@code equals}
 */
public record Scatter(double[] x, double[] y, ValueAxis domain, ValueAxis range, RectangleEdge domainEdge, RectangleEdge rangeEdge,
        Rectangle2D area, Object look) {

    /** Series {@code series} of {@code dataset}, drawn by {@code plot} in {@code area}. */
    public static Scatter of(XYPlot plot, XYDataset dataset, int series, Rectangle2D area, Object look) {
        double[] x;
        double[] y;
        if (dataset instanceof FixedPoints fixed) {
            // Arrays that never change: shared, not copied.
            x = fixed.xValues();
            y = fixed.yValues();
        } else if (dataset instanceof KnownBounds.Points points && points.getSeries(series) instanceof KnownBounds.Points.Series kept) {
            x = kept.xValues();
            y = kept.yValues();
        } else {
            int n = dataset.getItemCount(series);
            x = new double[n];
            y = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = dataset.getXValue(series, i);
                y[i] = dataset.getYValue(series, i);
            }
        }
        int index = plot.indexOf(dataset);
        return of(x, y, plot.getDomainAxisForDataset(index), plot.getRangeAxisForDataset(index), plot.getDomainAxisEdge(), plot.getRangeAxisEdge(), area, look);
    }

    /** The points ({@code x[i]}, {@code y[i]}) over copies of {@code domain} and {@code range}. */
    public static Scatter of(double[] x, double[] y, ValueAxis domain, ValueAxis range, RectangleEdge domainEdge, RectangleEdge rangeEdge,
            Rectangle2D area, Object look) {
        return new Scatter(x, y, copy(domain), copy(range), domainEdge, rangeEdge, (Rectangle2D) area.clone(), look);
    }

    public int size() {
        return x.length;
    }

    /** Where point {@code i} lies across the screen, in the canvas's pixels. */
    public double screenX(int i) {
        return domain.valueToJava2D(x[i], area, domainEdge);
    }

    /** Where point {@code i} lies down the screen, in the canvas's pixels. */
    public double screenY(int i) {
        return range.valueToJava2D(y[i], area, rangeEdge);
    }

    /** The points in a transparent image the size of the data area, drawn by {@code marks} in the canvas's pixels; pure. */
    public BufferedImage image(BiConsumer<Scatter, Graphics2D> marks) {
        return PaintedImage.of(area, g2 -> marks.accept(this, g2));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Scatter s && Arrays.equals(x, s.x) && Arrays.equals(y, s.y) && sameAxis(domain, s.domain) && sameAxis(range, s.range)
                && domainEdge == s.domainEdge && rangeEdge == s.rangeEdge && area.equals(s.area) && look.equals(s.look);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(x), Arrays.hashCode(y), domain.getClass(), domain.getRange(), range.getClass(), range.getRange(), area, look);
    }

    private static boolean sameAxis(ValueAxis a, ValueAxis b) {
        return a.getClass() == b.getClass() && a.getRange().equals(b.getRange()) && a.isInverted() == b.isInverted();
    }

    private static ValueAxis copy(ValueAxis axis) {
        try {
            return (ValueAxis) axis.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the axis " + axis.getClass().getName() + " cannot be copied for painting", e);
        }
    }
}
