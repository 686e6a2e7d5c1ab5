package org.tuningworkbench.app.chart;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

/**
 * A logarithmic axis that reads as one: its title says {@code log scale}, and its ticks fall on round
 * values, 1-2-5 in each decade when there is room for them, else every decade (or every few decades),
 * labelled as plain numbers ({@code 20}, {@code 500}, {@code 0.01}) in the axis's number format when it
 * has one. ({@link LogAxis} puts its ticks at fractional powers, 79.433, and draws its labels as
 * attributed strings that Java2D lays out twice a drawing.) Given {@linkplain #setTickValues tick values}
 * (a sweep's sizes), it marks those instead.
 */
public class PlainLogAxis extends LogAxis {

    /** The ticks a decade holds, densest first: each set is tried until its ticks fit. */
    private static final double[][] STEPS = {{1, 2, 5}, {1}};
    private static final NumberFormat PLAIN = new DecimalFormat("#,##0.######");
    private static final NumberFormat SCIENTIFIC = new DecimalFormat("0.#E0");

    private List<Double> tickValues = List.of();

    public PlainLogAxis(String label) {
        super(label);
        setLabel(label);
    }

    /** Sets the title, with {@code log scale} added when it does not say so: {@code GFLOP/s (log scale)}, {@code intensity (FLOP/byte, log scale)}. */
    @Override
    public void setLabel(String label) {
        super.setLabel(logTitle(label));
    }

    static String logTitle(String label) {
        if (label == null || label.contains("log")) return label;
        if (label.endsWith(")")) return label.substring(0, label.length() - 1) + ", log scale)";
        return label + " (log scale)";
    }

    /** Marks exactly these values (those in range), as a sweep's sizes; empty: round values. */
    public void setTickValues(List<Double> values) {
        tickValues = List.copyOf(values);
        fireChangeEvent();
    }

    /**
     * The round values from {@code lower} to {@code upper} that a log axis marks when it has room for
     * {@code most} labels: 1-2-5 in each decade, else each decade, else every second, fifth, tenth... decade.
     * Fewer than two such values in range (a range within one decade): the range's ends, rounded.
     */
    static List<Double> roundTicks(double lower, double upper, int most) {
        if (!(lower > 0) || !(upper > lower)) return List.of();
        most = Math.max(2, most);
        int first = (int) Math.floor(Math.log10(lower));
        int last = (int) Math.ceil(Math.log10(upper));
        for (double[] steps : STEPS) {
            var ticks = new ArrayList<Double>();
            for (int d = first; d <= last; d++) {
                for (double s : steps) {
                    double v = s * Math.pow(10, d);
                    if (v >= lower * (1 - 1e-9) && v <= upper * (1 + 1e-9)) ticks.add(v);
                }
            }
            if (ticks.size() <= most && ticks.size() >= 2) return ticks;
            if (ticks.size() < 2) return List.of(round(lower), round(upper));
        }
        for (int every : new int[] {2, 3, 5, 10, 20, 50, 100}) {
            var ticks = new ArrayList<Double>();
            for (int d = Math.floorDiv(first, every) * every; d <= last; d += every) {
                double v = Math.pow(10, d);
                if (v >= lower * (1 - 1e-9) && v <= upper * (1 + 1e-9)) ticks.add(v);
            }
            if (ticks.size() <= most) return ticks;
        }
        return List.of(round(lower), round(upper));
    }

    /** {@code value} to two significant digits. */
    private static double round(double value) {
        double scale = Math.pow(10, Math.floor(Math.log10(value)) - 1);
        return Math.round(value / scale) * scale;
    }

    /** A tick's label: in the axis's number format, else as a plain number (in powers of ten far from 1). */
    String label(double value) {
        NumberFormat format = getNumberFormatOverride();
        if (format != null) return format.format(value);
        return value >= 1e7 || value < 1e-4 ? SCIENTIFIC.format(value) : PLAIN.format(value);
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        boolean vertical = RectangleEdge.isLeftOrRight(edge);
        double lower = getRange().getLowerBound();
        double upper = getRange().getUpperBound();
        List<Double> values;
        if (!tickValues.isEmpty()) {
            values = tickValues.stream().filter(v -> v >= lower && v <= upper).toList();
        } else {
            var metrics = g2.getFontMetrics(getTickLabelFont());
            // A label takes its height and as much again upright; a few characters' width and a gap across.
            double room = vertical ? dataArea.getHeight() / (metrics.getHeight() * 2.0)
                    : dataArea.getWidth() / (metrics.stringWidth(label(upper)) + metrics.stringWidth("00") + 8.0);
            values = roundTicks(lower, upper, (int) room);
        }
        TextAnchor anchor = edge == RectangleEdge.LEFT ? TextAnchor.CENTER_RIGHT : edge == RectangleEdge.RIGHT ? TextAnchor.CENTER_LEFT
                : edge == RectangleEdge.TOP ? TextAnchor.BOTTOM_CENTER : TextAnchor.TOP_CENTER;
        var ticks = new ArrayList();
        for (double v : values) ticks.add(new NumberTick(TickType.MAJOR, v, label(v), anchor, anchor, 0.0));
        if (isMinorTickMarksVisible() && tickValues.isEmpty()) {
            // Unlabelled marks at every whole multiple within each decade, where they are not labelled already.
            for (int d = (int) Math.floor(Math.log10(lower)); d <= (int) Math.ceil(Math.log10(upper)); d++) {
                for (int m = 1; m <= 9; m++) {
                    double v = m * Math.pow(10, d);
                    if (v >= lower && v <= upper && values.stream().noneMatch(t -> Math.abs(t - v) <= v * 1e-9)) {
                        ticks.add(new NumberTick(TickType.MINOR, v, "", anchor, anchor, 0.0));
                    }
                }
            }
        }
        return ticks;
    }
}
