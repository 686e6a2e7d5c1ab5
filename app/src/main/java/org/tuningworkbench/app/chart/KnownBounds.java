package org.tuningworkbench.app.chart;

import java.util.List;
import org.jfree.data.DomainInfo;
import org.jfree.data.Range;
import org.jfree.data.RangeInfo;
import org.jfree.data.general.DatasetUtils;
import org.jfree.data.xy.XYDomainInfo;
import org.jfree.data.xy.XYIntervalDataItem;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYRangeInfo;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Datasets of one series that know their bounds, kept as items are appended: a chart's axes ask every
 * renderer for the bounds of its dataset at every change, which JFreeChart otherwise answers with a pass
 * over the items (for 20,000 results, several passes a batch). Asked for the latencies of part of the
 * configs only (a zoomed-in domain), they make that pass.
 */
final class KnownBounds {

    private KnownBounds() {}

    /** A series of points ({@link XYSeries} keeps its own bounds as items come). */
    static final class Points extends XYSeriesCollection implements XYDomainInfo, XYRangeInfo {
        private final XYSeries series;

        Points(XYSeries series) {
            super(series);
            this.series = series;
        }

        /**
         * A series that only grows (or is cleared), its points' values also kept in arrays as they come: a drawing
         * copies 20,000 of them in one array copy, not item by item.
         */
        static final class Series extends XYSeries {
            private double[] xs = new double[64];
            private double[] ys = new double[64];
            private int size;

            Series(String key) {
                super(key, false, true);
            }

            @Override
            public void add(org.jfree.data.xy.XYDataItem item, boolean notify) {
                super.add(item, notify);
                if (size == xs.length) {
                    xs = java.util.Arrays.copyOf(xs, size * 2);
                    ys = java.util.Arrays.copyOf(ys, size * 2);
                }
                xs[size] = item.getXValue();
                ys[size++] = item.getYValue();
            }

            @Override
            public void clear() {
                size = 0;
                super.clear();
            }

            @Override
            public org.jfree.data.xy.XYDataItem remove(int index) {
                throw new UnsupportedOperationException("points only grow or are cleared");
            }

            @Override
            public void delete(int start, int end) {
                throw new UnsupportedOperationException("points only grow or are cleared");
            }

            @Override
            public void updateByIndex(int index, Number y) {
                throw new UnsupportedOperationException("points only grow or are cleared");
            }

            @Override
            public org.jfree.data.xy.XYDataItem addOrUpdate(org.jfree.data.xy.XYDataItem item) {
                throw new UnsupportedOperationException("points only grow or are cleared");
            }

            /** A copy of the points' x values. */
            double[] xValues() {
                return java.util.Arrays.copyOf(xs, size);
            }

            /** A copy of the points' y values. */
            double[] yValues() {
                return java.util.Arrays.copyOf(ys, size);
            }
        }

        @Override
        public Range getDomainBounds(List visibleSeriesKeys, boolean includeInterval) {
            if (includeInterval) return DatasetUtils.iterateToFindDomainBounds(this, visibleSeriesKeys, true);
            return series.isEmpty() || visibleSeriesKeys.isEmpty() ? null : new Range(series.getMinX(), series.getMaxX());
        }

        @Override
        public Range getRangeBounds(List visibleSeriesKeys, Range xRange, boolean includeInterval) {
            if (series.isEmpty() || visibleSeriesKeys.isEmpty()) return null;
            if (includeInterval || !covers(xRange, series.getMinX(), series.getMaxX())) {
                return DatasetUtils.iterateToFindRangeBounds(this, visibleSeriesKeys, xRange, includeInterval);
            }
            return new Range(series.getMinY(), series.getMaxY());
        }
    }

    /** Configs as bars with whiskers: each item's number (± the bar's half width) and its median, minimum and maximum. */
    static final class Bars extends XYIntervalSeriesCollection implements DomainInfo, RangeInfo, XYDomainInfo, XYRangeInfo {
        /** Half a bar's width, in config numbers. */
        static final double HALF_WIDTH = 0.38;
        private final Series series;

        Bars(String key) {
            series = new Series(key);
            addSeries(series);
        }

        Series series() {
            return series;
        }

        private static double lower(Range r) {
            return r == null ? Double.NaN : r.getLowerBound();
        }

        private static double upper(Range r) {
            return r == null ? Double.NaN : r.getUpperBound();
        }

        @Override
        public Range getDomainBounds(boolean includeInterval) {
            if (series.isEmpty()) return null;
            double half = includeInterval ? HALF_WIDTH : 0;
            return new Range(series.lowX - half, series.highX + half);
        }

        @Override
        public double getDomainLowerBound(boolean includeInterval) {
            return lower(getDomainBounds(includeInterval));
        }

        @Override
        public double getDomainUpperBound(boolean includeInterval) {
            return upper(getDomainBounds(includeInterval));
        }

        @Override
        public Range getDomainBounds(List visibleSeriesKeys, boolean includeInterval) {
            return visibleSeriesKeys.isEmpty() ? null : getDomainBounds(includeInterval);
        }

        /** From the lowest minimum to the highest maximum ({@code includeInterval}), or the medians'. */
        @Override
        public Range getRangeBounds(boolean includeInterval) {
            if (series.isEmpty()) return null;
            return includeInterval ? new Range(series.lowY, series.highY) : new Range(series.lowMedian, series.highMedian);
        }

        @Override
        public double getRangeLowerBound(boolean includeInterval) {
            return lower(getRangeBounds(includeInterval));
        }

        @Override
        public double getRangeUpperBound(boolean includeInterval) {
            return upper(getRangeBounds(includeInterval));
        }

        @Override
        public Range getRangeBounds(List visibleSeriesKeys, Range xRange, boolean includeInterval) {
            if (series.isEmpty() || visibleSeriesKeys.isEmpty()) return null;
            if (!covers(xRange, series.lowX, series.highX)) return DatasetUtils.iterateToFindRangeBounds(this, visibleSeriesKeys, xRange, includeInterval);
            return getRangeBounds(includeInterval);
        }

        /** The series: appended without an event per item ({@link #fireSeriesChanged()} once per batch), its bounds kept. */
        static final class Series extends XYIntervalSeries {
            private double lowX = Double.POSITIVE_INFINITY;
            private double highX = Double.NEGATIVE_INFINITY;
            private double lowY = Double.POSITIVE_INFINITY;
            private double highY = Double.NEGATIVE_INFINITY;
            private double lowMedian = Double.POSITIVE_INFINITY;
            private double highMedian = Double.NEGATIVE_INFINITY;
            /** Each item's number, median, minimum and maximum, also in arrays: a drawing picks its bars from 20,000 without a call per item. */
            private double[] numbers = new double[64];
            private double[] medians = new double[64];
            private double[] mins = new double[64];
            private double[] maxes = new double[64];
            private int size;

            private Series(String key) {
                super(key, false, true);
            }

            void append(int number, double median, double min, double max) {
                super.add(new XYIntervalDataItem(number, number - HALF_WIDTH, number + HALF_WIDTH, median, min, max), false);
                if (size == numbers.length) {
                    numbers = java.util.Arrays.copyOf(numbers, size * 2);
                    medians = java.util.Arrays.copyOf(medians, size * 2);
                    mins = java.util.Arrays.copyOf(mins, size * 2);
                    maxes = java.util.Arrays.copyOf(maxes, size * 2);
                }
                numbers[size] = number;
                medians[size] = median;
                mins[size] = min;
                maxes[size++] = max;
                lowX = Math.min(lowX, number);
                highX = Math.max(highX, number);
                lowY = Math.min(lowY, min);
                highY = Math.max(highY, max);
                lowMedian = Math.min(lowMedian, median);
                highMedian = Math.max(highMedian, median);
            }

            /** The items' config numbers, in item order; the array may be longer than the items (read up to {@link #getItemCount()}). */
            double[] numbers() {
                return numbers;
            }

            /** The items' medians, as {@link #numbers()}. */
            double[] medians() {
                return medians;
            }

            /** The items' minimums, as {@link #numbers()}. */
            double[] mins() {
                return mins;
            }

            /** The items' maximums, as {@link #numbers()}. */
            double[] maxes() {
                return maxes;
            }

            @Override
            public void clear() {
                size = 0;
                lowX = lowY = lowMedian = Double.POSITIVE_INFINITY;
                highX = highY = highMedian = Double.NEGATIVE_INFINITY;
                super.clear();
            }
        }
    }

    /** Whether {@code xRange} (null: every x) holds all of {@code low} to {@code high}. */
    static boolean covers(Range xRange, double low, double high) {
        return xRange == null || xRange.getLowerBound() <= low && xRange.getUpperBound() >= high;
    }
}
