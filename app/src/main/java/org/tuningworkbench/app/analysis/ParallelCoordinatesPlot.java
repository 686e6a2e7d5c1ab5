package org.tuningworkbench.app.analysis;

import java.awt.AlphaComposite;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.Comparator;
import java.util.Map;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.PlotState;
import org.tuningworkbench.app.chart.ChartStyle;
import org.tuningworkbench.app.chart.PaintedImage;
import org.tuningworkbench.app.chart.RasterizedChart;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.engine.analysis.ParallelCoordinates;

/**
 * Parallel coordinates drawn as a JFreeChart plot (so it exports as PNG and SVG like every chart):
 * one vertical axis per parameter and a last one for the latency, each config a line coloured from
 * fast (green) to slow (blue), the fast ones on top, lines outside the brushes grey beneath, failed
 * configs red to the bottom of the latency axis. On the screen the lines are rasterised in one
 * image; an SVG gets every line.
 */
final class ParallelCoordinatesPlot extends Plot {

    private static final double TOP = 40;
    private static final double BOTTOM = 22;

    /** Antialiasing costs about 0.15 ms a line: beyond this many the lines are drawn without it. */
    private static final int SMOOTH_UP_TO = 500;

    private ParallelCoordinates coordinates;
    private boolean[] kept = new boolean[0];
    private Map<Integer, ParallelCoordinatesViewModel.Brush> brushes = Map.of();
    private ParallelCoordinates.Line selected;
    private boolean dark;
    /** Moves on whenever what the lines look like changes: a painted image of an older version is stale. */
    private long version;
    private final PaintedImage painted = new PaintedImage(this::fireChangeEvent);

    /** What an image of the lines shows: a version of them at a size. */
    private record Shown(long version, int width, int height) {}

    /** What the canvas last drew, or null before it drew. */
    private Shown shown;

    /** What to paint: everything the lines depend on, taken on the JavaFX thread. */
    private record Request(ParallelCoordinates coordinates, boolean[] kept, boolean dark, Rectangle2D area, Rectangle2D axes, int[] slots) {}

    void show(ParallelCoordinates value, java.util.function.Predicate<ParallelCoordinates.Line> keep,
            Map<Integer, ParallelCoordinatesViewModel.Brush> brushed) {
        coordinates = value;
        var lines = value.lines();
        kept = new boolean[lines.size()];
        for (int i = 0; i < kept.length; i++) kept[i] = keep.test(lines.get(i));
        brushes = brushed;
        version++;
        fireChangeEvent();
    }

    void select(ParallelCoordinates.Line line) {
        selected = line;
        fireChangeEvent();
    }

    void setDark(boolean value) {
        if (dark != value) version++;
        dark = value;
    }

    @Override
    public String getPlotType() {
        return "Parallel coordinates";
    }

    /**
     * The axes drawn, left to right, as indices of the engine's axes (the latency's is the number of
     * parameters): a parameter with one value tells nothing and takes no room.
     */
    static int[] slots(ParallelCoordinates c) {
        var out = new java.util.ArrayList<Integer>();
        for (int a = 0; a < c.axes().size(); a++) if (c.axes().get(a).ticks().size() > 1) out.add(a);
        out.add(c.axes().size());
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Where a line crosses engine axis {@code axis} (0…1), the bottom for a failed config's latency; NaN when it does not. */
    static double at(ParallelCoordinates c, ParallelCoordinates.Line line, int axis) {
        return axis == c.axes().size() ? (line.failed() ? 0 : line.latency()) : line.positions()[axis];
    }

    /** The area the axes span, inside the plot's area. */
    /** Room right of the latency axis for its figures ({@code 96.308 ms}) and its name. */
    private static final int RIGHT = 72;

    static Rectangle2D axesArea(Rectangle2D area) {
        return new Rectangle2D.Double(area.getX() + 50, area.getY() + TOP, Math.max(1, area.getWidth() - 50 - RIGHT),
                Math.max(1, area.getHeight() - TOP - BOTTOM));
    }

    static double axisX(Rectangle2D axes, int axis, int count) {
        return count <= 1 ? axes.getCenterX() : axes.getX() + axes.getWidth() * axis / (count - 1);
    }

    static double y(Rectangle2D axes, double position) {
        return axes.getMaxY() - position * axes.getHeight();
    }

    @Override
    public void draw(Graphics2D g2, Rectangle2D area, Point2D anchor, PlotState parentState, PlotRenderingInfo info) {
        if (info != null) info.setPlotArea(area);
        if (info != null) info.setDataArea(area);
        g2.setPaint(ChartStyle.background(dark));
        g2.fill(area);
        if (coordinates == null || coordinates.lines().isEmpty()) return;
        Rectangle2D axes = axesArea(area);
        int[] slots = slots(coordinates);
        var request = new Request(coordinates, kept, dark, area, axes, slots);
        if (!RasterizedChart.drawsOnScreen(g2)) {
            // An export gets every line as drawn, whatever their number.
            lines(g2, request);
        } else {
            // The lines are painted in the background into one image, which the canvas draws in one call; even a
            // few, as the first antialiased lines a window draws with Java2D took 150 ms, its code not yet compiled.
            shown = new Shown(version, (int) Math.ceil(area.getWidth()), (int) Math.ceil(area.getHeight()));
            painted.draw(g2, area, shown, () -> paint(request));
        }
        if (selected != null) {
            g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g2.setStroke(new BasicStroke(3f));
            g2.setPaint(ChartStyle.SELECTED);
            g2.draw(path(coordinates, selected, axes, slots));
        }
        axes(g2, axes, slots);
    }

    /** Whether the lines of the latest version are on the screen (none painting, none waiting). */
    boolean painted() {
        return coordinates == null || coordinates.lines().isEmpty() || shown != null && shown.version() == version && painted.current();
    }

    /** The lines of {@code request} in an image the size of its area; pure, so it runs on any thread. */
    private static BufferedImage paint(Request request) {
        return PaintedImage.of(request.area(), raster -> lines(raster, request));
    }

    private static void lines(Graphics2D g2, Request request) {
        var lines = request.coordinates().lines();
        boolean many = lines.size() > 2000;
        // Thin polylines without antialiasing take Java2D's fast line loops; a "pure" stroke would widen each one.
        g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, lines.size() > SMOOTH_UP_TO ? RenderingHints.VALUE_ANTIALIAS_OFF : RenderingHints.VALUE_ANTIALIAS_ON);
        g2.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_NORMALIZE);
        g2.setStroke(new BasicStroke(1f));
        int[] xs = new int[request.slots().length];
        int[] ys = new int[request.slots().length];
        // Many lines are drawn opaque (blending each pixel of 20,000 lines is Java2D's slow path), the
        // slowest first, so the fast configs' lines lie on top; brushed-out lines go under all of them.
        var order = new Integer[lines.size()];
        for (int i = 0; i < order.length; i++) order[i] = i;
        java.util.Arrays.sort(order, Comparator.comparingDouble((Integer i) -> lines.get(i).failed() ? 2 : lines.get(i).latency()).reversed());
        if (!many) g2.setComposite(AlphaComposite.getInstance(AlphaComposite.SRC_OVER, lines.size() > 200 ? 0.45f : 0.85f));
        g2.setPaint(ChartStyle.grid(request.dark()));
        for (int i : order) if (!request.kept()[i]) polyline(g2, request, lines.get(i), xs, ys);
        for (int i : order) {
            if (!request.kept()[i]) continue;
            g2.setPaint(colour(lines.get(i)));
            polyline(g2, request, lines.get(i), xs, ys);
        }
        g2.setComposite(AlphaComposite.SrcOver);
    }

    private static void polyline(Graphics2D g2, Request request, ParallelCoordinates.Line line, int[] xs, int[] ys) {
        var coordinates = request.coordinates();
        var slots = request.slots();
        var axes = request.axes();
        int n = 0;
        for (int s = 0; s < slots.length; s++) {
            double p = at(coordinates, line, slots[s]);
            if (Double.isNaN(p)) continue;
            xs[n] = (int) Math.round(axisX(axes, s, slots.length));
            ys[n++] = (int) Math.round(y(axes, p));
        }
        g2.drawPolyline(xs, ys, n);
    }

    /** Colours by latency, in 32 steps: one colour object each, not one a line. */
    private static final Color[] RAMP = new Color[33];

    static {
        for (int i = 0; i < RAMP.length; i++) {
            double t = i / 32.0;
            Color fast = ChartStyle.BEST;
            Color slow = ChartStyle.OK;
            RAMP[i] = new Color((int) (fast.getRed() + t * (slow.getRed() - fast.getRed())), (int) (fast.getGreen() + t * (slow.getGreen() - fast.getGreen())),
                    (int) (fast.getBlue() + t * (slow.getBlue() - fast.getBlue())));
        }
    }

    private static Color colour(ParallelCoordinates.Line line) {
        if (line.failed()) return ChartStyle.FAILED;
        return RAMP[(int) Math.round(Math.clamp(line.latency(), 0, 1) * 32)];
    }

    /** A config's line; a parameter it does not set is skipped, a failed config ends at the bottom of the latency axis. */
    static Path2D path(ParallelCoordinates c, ParallelCoordinates.Line line, Rectangle2D axes, int[] slots) {
        var path = new Path2D.Double();
        boolean started = false;
        for (int s = 0; s < slots.length; s++) {
            double p = at(c, line, slots[s]);
            if (Double.isNaN(p)) continue;
            double x = axisX(axes, s, slots.length);
            double y = y(axes, p);
            if (started) path.lineTo(x, y);
            else path.moveTo(x, y);
            started = true;
        }
        return path;
    }

    private void axes(Graphics2D g2, Rectangle2D axes, int[] slots) {
        int count = slots.length;
        g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g2.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        Color text = ChartStyle.text(dark);
        var names = new Font(Font.SANS_SERIF, Font.BOLD, 12);
        var ticks = new Font(Font.SANS_SERIF, Font.PLAIN, 10);
        for (int s = 0; s < count; s++) {
            int a = slots[s];
            double x = axisX(axes, s, count);
            g2.setStroke(new BasicStroke(1.2f));
            g2.setPaint(text);
            g2.draw(new Line2D.Double(x, axes.getMinY(), x, axes.getMaxY()));
            var brush = brushes.get(a);
            if (brush != null) {
                g2.setPaint(new Color(ChartStyle.SELECTED.getRed(), ChartStyle.SELECTED.getGreen(), ChartStyle.SELECTED.getBlue(), 90));
                g2.fill(new Rectangle2D.Double(x - 7, y(axes, brush.high()), 14, y(axes, brush.low()) - y(axes, brush.high())));
                g2.setPaint(text);
            }
            boolean latency = s == count - 1;
            String name = latency ? "latency" + (coordinates.latency().log() ? " (log)" : "") : coordinates.axes().get(a).parameter().name();
            g2.setFont(names);
            // Names alternate between two rows, the latency's too, so neighbours' names do not run into each other.
            float nameX = (float) Math.max(2, Math.min(x - g2.getFontMetrics().stringWidth(name) / 2.0,
                    axes.getMaxX() + RIGHT - 4 - g2.getFontMetrics().stringWidth(name)));
            g2.drawString(name, nameX, (float) (axes.getMinY() - (s % 2 == 0 ? 18 : 6)));
            g2.setFont(ticks);
            if (latency) {
                var l = coordinates.latency();
                tick(g2, x, y(axes, 1), Figures.micros(l.slowestUs()));
                tick(g2, x, y(axes, 0), Figures.micros(l.fastestUs()));
            } else {
                var axis = coordinates.axes().get(a);
                for (int i : labelled(axis.positions(), axes.getHeight(), TICK_GAP)) tick(g2, x, y(axes, axis.positions().get(i)), axis.ticks().get(i));
            }
        }
    }

    /** Pixels between two labelled ticks of an axis, so their 10-point figures do not run into each other. */
    static final double TICK_GAP = 14;

    /**
     * Which of an axis's ticks get a label: the first, then each at least {@code gap} pixels from the
     * last one labelled, and the last (the axis's top) in place of a neighbour too close to it. The
     * gap is measured where the ticks sit, so the crowded end of a log-spaced axis is thinned out
     * while its sparse end keeps every figure.
     *
     * @param positions the ticks' places on the axis, 0 (bottom) to 1 (top), ascending
     * @param height    the axis's length in pixels
     */
    static java.util.List<Integer> labelled(java.util.List<Double> positions, double height, double gap) {
        var out = new java.util.ArrayList<Integer>();
        for (int i = 0; i < positions.size(); i++) {
            if (out.isEmpty() || (positions.get(i) - positions.get(out.getLast())) * height >= gap) out.add(i);
        }
        int last = positions.size() - 1;
        if (last > 0 && out.getLast() != last) {
            if ((positions.get(last) - positions.get(out.getLast())) * height < gap && out.size() > 1) out.removeLast();
            out.add(last);
        }
        return out;
    }

    private static void tick(Graphics2D g2, double x, double y, String label) {
        g2.draw(new Line2D.Double(x - 3, y, x + 3, y));
        String shown = label.length() > 18 ? label.substring(0, 17) + "…" : label;
        g2.drawString(shown, (float) (x + 5), (float) (y + 4));
    }
}
