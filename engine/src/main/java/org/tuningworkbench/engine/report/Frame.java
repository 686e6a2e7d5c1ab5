package org.tuningworkbench.engine.report;

/**
 * The plotting area of a chart inside its margins, and its two axes drawn with ticks, grid lines
 * and titles.
 */
record Frame(Svg svg, Axis x, Axis y) {

    static final double LEFT = 64;
    static final double RIGHT = 16;
    static final double TOP = 14;
    static final double BOTTOM = 44;

    /** A frame filling a {@code width} × {@code height} picture at offset ({@code left}, {@code top}). */
    static Frame of(Svg svg, double left, double top, double width, double height, XRange xr, YRange yr) {
        Axis x = xr.axis(left + LEFT, left + width - RIGHT);
        Axis y = yr.axis(top + height - BOTTOM, top + TOP);
        return new Frame(svg, x, y);
    }

    /** What the horizontal axis spans; {@code exact}: from min to max, without rounding out to round figures. */
    record XRange(double min, double max, boolean log, boolean exact) {
        XRange(double min, double max, boolean log) {
            this(min, max, log, false);
        }

        Axis axis(double from, double to) {
            return exact ? new Axis(min, Math.max(max, min + 1), log, from, to) : Axis.over(min, max, log, from, to);
        }
    }

    /** What the vertical axis spans. */
    record YRange(double min, double max, boolean log) {
        Axis axis(double from, double to) {
            return Axis.over(min, max, log, from, to);
        }
    }

    /** Grid lines, tick labels and the axes' titles ({@code xTitle} may be empty when ticks are drawn otherwise). */
    Frame draw(String xTitle, String yTitle, boolean xTicks) {
        return draw(xTitle, yTitle, xTicks, 1);
    }

    /**
     * As {@link #draw(String, String, boolean)}, the vertical axis's tick values divided by
     * {@code yUnit}: the microseconds in the unit of the latencies shown ({@code Durations.unitFor}).
     */
    Frame draw(String xTitle, String yTitle, boolean xTicks, double yUnit) {
        for (double t : y.ticks()) {
            double py = y.at(t);
            svg.line(x.from(), py, x.to(), py, "grid");
            svg.text(x.from() - 6, py + 4, Axis.label(t / yUnit), "end", "tick");
        }
        if (xTicks) {
            for (double t : x.ticks()) {
                double px = x.at(t);
                svg.line(px, y.from(), px, y.from() + 4, "axis");
                svg.text(px, y.from() + 17, Axis.label(t), "middle", "tick");
            }
        }
        svg.line(x.from(), y.from(), x.to(), y.from(), "axis");
        svg.line(x.from(), y.from(), x.from(), y.to(), "axis");
        if (!xTitle.isEmpty()) svg.text((x.from() + x.to()) / 2, y.from() + 36, xTitle, "middle", "title");
        svg.verticalText(x.from() - 48, (y.from() + y.to()) / 2, yTitle, "title");
        return this;
    }
}
