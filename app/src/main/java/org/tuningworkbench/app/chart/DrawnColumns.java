package org.tuningworkbench.app.chart;

import java.util.Arrays;
import java.util.BitSet;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;

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
     * Picks the drawn items among {@code items}, given each item's place in pixels ({@code x}, the columns being the device's
     * pixels; items more than a pixel outside the data area from {@code left} to {@code left + width} are not drawn), its
     * bar's {@code height} and its whisker ({@code low} to {@code high}).
     */
    static DrawnColumns pick(int items, double left, double width, IntToDoubleFunction x, IntToDoubleFunction height, IntToDoubleFunction low,
            IntToDoubleFunction high, IntPredicate marked, IntPredicate always) {
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
        var emphasised = new BitSet();
        for (int item = 0; item < items; item++) {
            double px = x.applyAsDouble(item);
            if (!(px >= left - 1 && px < left + width + 1)) {
                columnOf[item] = -1;
                continue;
            }
            int c = (int) (Math.floor(px) - Math.floor(left)) + 1;
            columnOf[item] = c;
            double h = height.applyAsDouble(item);
            if (tallestIn[c] < 0 || h > height.applyAsDouble(tallestIn[c])) tallestIn[c] = item;
            if (marked.test(item) && (markedIn[c] < 0 || h > height.applyAsDouble(markedIn[c]))) markedIn[c] = item;
            if (always.test(item)) emphasised.set(item);
            lowest[c] = Math.min(lowest[c], low.applyAsDouble(item));
            highest[c] = Math.max(highest[c], high.applyAsDouble(item));
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
}
