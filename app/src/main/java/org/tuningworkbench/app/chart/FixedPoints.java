package org.tuningworkbench.app.chart;

import java.util.List;
import org.jfree.data.DomainInfo;
import org.jfree.data.Range;
import org.jfree.data.RangeInfo;
import org.jfree.data.general.DatasetUtils;
import org.jfree.data.xy.AbstractXYDataset;
import org.jfree.data.xy.XYDomainInfo;
import org.jfree.data.xy.XYRangeInfo;

/**
 * One series of points held in two arrays, replaced whole and never changed: placed off the JavaFX thread
 * (20,000 points of an analysis), they are set in one call, without an item object or a boxed number per
 * point, their bounds known at once, and painted from the same arrays without a copy ({@link Scatter}).
 */
public final class FixedPoints extends AbstractXYDataset implements DomainInfo, RangeInfo, XYDomainInfo, XYRangeInfo {

    private final Comparable<?> key;
    private double[] x = new double[0];
    private double[] y = new double[0];
    private Range xBounds;
    private Range yBounds;

    public FixedPoints(Comparable<?> key) {
        this.key = key;
    }

    /** Shows the points ({@code x[i]}, {@code y[i]}); the arrays are kept as they are, and must not change afterwards. */
    public void set(double[] x, double[] y) {
        if (x.length != y.length) throw new IllegalArgumentException("points need as many x as y values, not " + x.length + " and " + y.length);
        this.x = x;
        this.y = y;
        xBounds = bounds(x);
        yBounds = bounds(y);
        fireDatasetChanged();
    }

    /** No points. */
    public void clear() {
        set(new double[0], new double[0]);
    }

    /** The values' range (NaN left out), or null for none. */
    private static Range bounds(double[] values) {
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            if (v < low) low = v;
            if (v > high) high = v;
        }
        return low <= high ? new Range(low, high) : null;
    }

    /** The points' x values, shared (not to be changed). */
    double[] xValues() {
        return x;
    }

    /** The points' y values, shared (not to be changed). */
    double[] yValues() {
        return y;
    }

    @Override
    public int getSeriesCount() {
        return 1;
    }

    @Override
    public Comparable getSeriesKey(int series) {
        return key;
    }

    @Override
    public int getItemCount(int series) {
        return x.length;
    }

    @Override
    public Number getX(int series, int item) {
        return x[item];
    }

    @Override
    public double getXValue(int series, int item) {
        return x[item];
    }

    @Override
    public Number getY(int series, int item) {
        return y[item];
    }

    @Override
    public double getYValue(int series, int item) {
        return y[item];
    }

    @Override
    public double getDomainLowerBound(boolean includeInterval) {
        return xBounds == null ? Double.NaN : xBounds.getLowerBound();
    }

    @Override
    public double getDomainUpperBound(boolean includeInterval) {
        return xBounds == null ? Double.NaN : xBounds.getUpperBound();
    }

    @Override
    public Range getDomainBounds(boolean includeInterval) {
        return xBounds;
    }

    @Override
    public Range getDomainBounds(List visibleSeriesKeys, boolean includeInterval) {
        return visibleSeriesKeys.isEmpty() ? null : xBounds;
    }

    @Override
    public double getRangeLowerBound(boolean includeInterval) {
        return yBounds == null ? Double.NaN : yBounds.getLowerBound();
    }

    @Override
    public double getRangeUpperBound(boolean includeInterval) {
        return yBounds == null ? Double.NaN : yBounds.getUpperBound();
    }

    @Override
    public Range getRangeBounds(boolean includeInterval) {
        return yBounds;
    }

    /** The y values' bounds; of the points within {@code xRange} only (a pass over them) when it leaves some out. */
    @Override
    public Range getRangeBounds(List visibleSeriesKeys, Range xRange, boolean includeInterval) {
        if (yBounds == null || visibleSeriesKeys.isEmpty()) return null;
        if (!KnownBounds.covers(xRange, xBounds.getLowerBound(), xBounds.getUpperBound())) {
            return DatasetUtils.iterateToFindRangeBounds(this, visibleSeriesKeys, xRange, includeInterval);
        }
        return yBounds;
    }
}
