package org.tuningworkbench.engine.report;

import java.util.Locale;

/**
 * An SVG picture written as text, for charts inlined in a report: no script, no external
 * reference, only shapes and text in the SVG namespace, every attribute value escaped.
 */
final class Svg {
    private final StringBuilder body = new StringBuilder();
    private final int width;
    private final int height;
    private final String label;

    /** An empty picture of {@code width} × {@code height} pixels, described by {@code label} for screen readers. */
    Svg(int width, int height, String label) {
        this.width = width;
        this.height = height;
        this.label = label;
    }

    Svg line(double x1, double y1, double x2, double y2, String style) {
        body.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"%s\"/>", x1, y1, x2, y2, escape(style)));
        return this;
    }

    Svg rect(double x, double y, double w, double h, String style, String fill, String title) {
        body.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" class=\"%s\"", x, y, Math.max(w, 0),
                Math.max(h, 0), escape(style)));
        if (fill != null) body.append(" fill=\"").append(escape(fill)).append('"');
        return close("rect", title);
    }

    Svg circle(double x, double y, double r, String style, String title) {
        body.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" class=\"%s\"", x, y, r, escape(style)));
        return close("circle", title);
    }

    /** A line through the points {@code x0 y0 x1 y1 ...}. */
    Svg polyline(double[] xy, String style) {
        var points = new StringBuilder();
        for (int i = 0; i + 1 < xy.length; i += 2) points.append(String.format(Locale.ROOT, "%.1f,%.1f ", xy[i], xy[i + 1]));
        body.append("<polyline points=\"").append(points.toString().strip()).append("\" class=\"").append(escape(style)).append("\"/>");
        return this;
    }

    /** Text at (x, y); {@code anchor} is start, middle or end. */
    Svg text(double x, double y, String text, String anchor, String style) {
        body.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" class=\"%s\">", x, y, anchor, escape(style)))
                .append(escape(text)).append("</text>");
        return this;
    }

    /** Text turned a quarter left, centred on (x, y): a vertical axis's title. */
    Svg verticalText(double x, double y, String text, String style) {
        body.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 %.1f %.1f)\" class=\"%s\">",
                x, y, x, y, escape(style))).append(escape(text)).append("</text>");
        return this;
    }

    /** Text rising to the right at 45°, ending at (x, y): a column's label above it. */
    Svg slantedText(double x, double y, String text, String style) {
        body.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"start\" transform=\"rotate(-45 %.1f %.1f)\" class=\"%s\">",
                x, y, x, y, escape(style))).append(escape(text)).append("</text>");
        return this;
    }

    private Svg close(String element, String title) {
        if (title == null) return append("/>");
        return append("><title>" + escape(title) + "</title></" + element + ">");
    }

    private Svg append(String text) {
        body.append(text);
        return this;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" "
                + "aria-label=\"%s\">", width, height, width, height, escape(label)) + body + "</svg>";
    }

    /** Text safe inside an element or a quoted attribute. */
    static String escape(String text) {
        var sb = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c < 0x20 && c != '\n' && c != '\t' ? ' ' : c);
            }
        }
        return sb.toString();
    }
}
