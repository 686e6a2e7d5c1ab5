package org.tuningworkbench.app.chart;

import java.awt.geom.Rectangle2D;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.ui.RectangleEdge;
import java.util.Arrays;
import java.util.BitSet;

/**
 * Which items of a series of bars one drawing shows. A chart cannot show more than one bar per pixel column, so
 * each column draws its tallest bar (every shorter one lies inside it) with one whisker from the lowest minimum to
 * the highest maximum of the column (no extreme is hidden), and on top the tallest marked bar of the column (a
 * wrong result) and the bars always drawn (the best, the selected). That is at most two bars per column and two
 * more, whatever the number of items; zoomed in to less than a config per column, every config is drawn.
 */
final class DrawnColumns {

    static final DrawnColumns NONE = new DrawnColumns(new BitSet(), new BitSet(), new int[0], new double[0], new double[0]);

    private final BitSet tallest;
    private final BitSet emphasised;
    /** Each item's column (+1), or -1 when it lies outside the drawing. */
    private final int[] columnOf;
    private final double[] lowest;
    private final double[] highest;

    private DrawnColumns(BitSet tallest, BitSet emphasised, int[] columnOf, double[] lowest, double[] highest) {
        this.tallest = tallest;
        this.emphasised = emphasised;
        this.columnOf = columnOf;
        this.lowest = lowest;
        this.highest = highest;
    }

    /**
     * Picks the drawn items among the first {@code items}, given each item's place in pixels ({@code x}, the columns being the
     * device's pixels; items more than a pixel outside the data area from {@code left} to {@code left + width} are not drawn),
     * its bar's {@code height}, its whisker ({@code low} to {@code high}), whether it is {@code marked} (drawn on top of its
     * column if it is the tallest marked one) and whether it is {@code always} drawn. The values come in arrays, read in one
     * loop without a call per item: a chart shown for the first time with 20,000 results runs it before it is compiled.
     */
    static DrawnColumns pick(int items, double left, double width, double[] x, double[] height, double[] low, double[] high, BitSet marked,
            BitSet always) {
        int columns = (int) Math.ceil(Math.max(0, width)) + 4;
        int[] tallestIn = new int[columns];
        int[] markedIn = new int[columns];
        Arrays.fill(tallestIn, -1);
        Arrays.fill(markedIn, -1);
        double[] lowest = new double[columns];
        double[] highest = new double[columns];
        Arrays.fill(lowest, Double.POSITIVE_INFINITY);
        Arrays.fill(highest, Double.NEGATIVE_INFINITY);
        int[] columnOf = new int[items];
        double firstColumn = Math.floor(left);
        for (int item = 0; item < items; item++) {
            double px = x[item];
            if (!(px >= left - 1 && px < left + width + 1)) {
                columnOf[item] = -1;
                continue;
            }
            int c = (int) (Math.floor(px) - firstColumn) + 1;
            columnOf[item] = c;
            double h = height[item];
            if (tallestIn[c] < 0 || h > height[tallestIn[c]]) tallestIn[c] = item;
            if (low[item] < lowest[c]) lowest[c] = low[item];
            if (high[item] > highest[c]) highest[c] = high[item];
        }
        for (int item = marked.nextSetBit(0); item >= 0 && item < items; item = marked.nextSetBit(item + 1)) {
            int c = columnOf[item];
            if (c >= 0 && (markedIn[c] < 0 || height[item] > height[markedIn[c]])) markedIn[c] = item;
        }
        var emphasised = new BitSet();
        for (int item = always.nextSetBit(0); item >= 0 && item < items; item = always.nextSetBit(item + 1)) {
            if (columnOf[item] >= 0) emphasised.set(item);
        }
        var tallest = new BitSet(items);
        for (int c = 0; c < columns; c++) {
            if (tallestIn[c] >= 0) tallest.set(tallestIn[c]);
            if (markedIn[c] >= 0) emphasised.set(markedIn[c]);
        }
        emphasised.andNot(tallest);
        return new DrawnColumns(tallest, emphasised, columnOf, lowest, highest);
    }

    /** Whether {@code item} is the tallest bar of its column (drawn first, with the column's whisker). */
    boolean tallest(int item) {
        return tallest.get(item);
    }

    /** Whether {@code item} is drawn on top of its column's tallest: a marked or always drawn one. */
    boolean emphasised(int item) {
        return emphasised.get(item);
    }

    /** Every drawn item. */
    BitSet drawnItems() {
        var all = (BitSet) tallest.clone();
        all.or(emphasised);
        return all;
    }

    /** The lowest whisker end in {@code item}'s column. */
    double lowest(int item) {
        return lowest[columnOf[item]];
    }

    /** The highest whisker end in {@code item}'s column. */
    double highest(int item) {
        return highest[columnOf[item]];
    }

    /** Where the first {@code n} of {@code values} lie across {@code area}, in pixels, on {@code axis}. */
    static double[] place(double[] values, int n, ValueAxis axis, Rectangle2D area, RectangleEdge edge) {
        double[] x = new double[n];
        if (axis.getClass() == NumberAxis.class && RectangleEdge.isTopOrBottom(edge)) {
            // NumberAxis.valueToJava2D's own arithmetic, its range and area read once rather than per item.
            double low = axis.getLowerBound();
            double span = axis.getUpperBound() - low;
            double from = axis.isInverted() ? area.getMaxX() : area.getMinX();
            double width = axis.isInverted() ? -area.getWidth() : area.getWidth();
            for (int i = 0; i < n; i++) x[i] = from + ((values[i] - low) / span) * width;
        } else {
            for (int i = 0; i < n; i++) x[i] = axis.valueToJava2D(values[i], area, edge);
        }
        return x;
    }
}
