package org.tuningworkbench.app.analysis;

import java.awt.geom.Rectangle2D;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import org.tuningworkbench.engine.analysis.ParallelCoordinates;

/**
 * Parallel coordinates with brushing: drag along an axis to keep only the configs whose lines pass
 * through that range (several axes narrow it further); the grid shows only those. Double-click
 * clears the brushes; a click on a line selects its config.
 */
public final class ParallelCoordinatesView extends ResultsChartView<ParallelCoordinates> {

    private final ParallelCoordinatesViewModel model;
    private final ParallelCoordinatesPlot plot;
    private int dragAxis = -1;
    private double dragFrom;

    public ParallelCoordinatesView(ParallelCoordinatesViewModel model, ResultsViewModel results) {
        this(model, results, new ParallelCoordinatesPlot());
    }

    private ParallelCoordinatesView(ParallelCoordinatesViewModel model, ResultsViewModel results, ParallelCoordinatesPlot plot) {
        super(results, plot, false, "parallelCoordinatesChart");
        this.model = model;
        this.plot = plot;
        var canvas = viewer.getCanvas();
        // Dragging brushes here: the zoom and pan of the other charts would take the drag.
        for (String handler : new String[] {"zoom", "pan", "pan-ctrl"}) {
            var h = canvas.getMouseHandler(handler);
            if (h != null) canvas.removeMouseHandler(h);
        }
        canvas.addEventFilter(MouseEvent.MOUSE_PRESSED, this::pressed);
        canvas.addEventFilter(MouseEvent.MOUSE_RELEASED, this::released);
        var clear = new Button("Clear Brushes");
        clear.setId("clearBrushes");
        clear.setOnAction(e -> clearBrushes());
        var hint = new Label("drag along an axis to keep a range of it · double-click to clear");
        hint.getStyleClass().addAll("muted", "small");
        controls.getChildren().addAll(clear, hint);
    }

    private Rectangle2D axes() {
        return axesArea(viewer.getCanvas().getRenderingInfo());
    }

    /** Where the axes were drawn on the canvas, from its last drawing's info; null before it drew. */
    public static Rectangle2D axesArea(org.jfree.chart.ChartRenderingInfo info) {
        return info == null ? null : ParallelCoordinatesPlot.axesArea(info.getPlotInfo().getDataArea());
    }

    /** The engine's axis drawn near {@code x}, or -1. */
    private int axisNear(double x, Rectangle2D axes) {
        int[] slots = ParallelCoordinatesPlot.slots(model.coordinates());
        for (int s = 0; s < slots.length; s++) if (Math.abs(ParallelCoordinatesPlot.axisX(axes, s, slots.length) - x) <= 12) return slots[s];
        return -1;
    }

    private double position(double y, Rectangle2D axes) {
        return Math.clamp((axes.getMaxY() - y) / axes.getHeight(), 0, 1);
    }

    private void pressed(MouseEvent e) {
        Rectangle2D axes = axes();
        dragAxis = -1;
        if (axes == null || e.getButton() != MouseButton.PRIMARY) return;
        if (e.getClickCount() == 2) {
            clearBrushes();
            e.consume();
            return;
        }
        dragAxis = axisNear(e.getX(), axes);
        dragFrom = position(e.getY(), axes);
    }

    private void released(MouseEvent e) {
        Rectangle2D axes = axes();
        if (axes == null || dragAxis < 0) return;
        double to = position(e.getY(), axes);
        if (Math.abs(to - dragFrom) * axes.getHeight() >= 4) {
            brush(dragAxis, new ParallelCoordinatesViewModel.Brush(dragFrom, to));
            e.consume();
        }
        dragAxis = -1;
    }

    /** Keeps the configs through {@code brush} on {@code axis}, as a drag along that axis does. */
    public void brush(int axis, ParallelCoordinatesViewModel.Brush brush) {
        model.brush(axis, brush);
        show();
    }

    public void clearBrushes() {
        model.clearBrushes();
        show();
    }

    private void show() {
        plot.show(model.coordinates(), model::kept, model.brushes());
    }

    /** What it shows, as its view model holds it. */
    public ParallelCoordinatesViewModel model() {
        return model;
    }

    @Override
    protected void forget() {
        model.clearBrushes();
    }

    @Override
    protected java.util.function.Supplier<ParallelCoordinates> analysis() {
        return model.analysis();
    }

    @Override
    protected void rebuild(ParallelCoordinates analysed) {
        plot.setDark(dark);
        model.take(analysed);
        show();
    }

    /** Whether what is drawn is the latest analysis of the results, its lines painted. */
    @Override
    public boolean settled() {
        return super.settled() && plot.painted();
    }

    @Override
    protected void markSelected(int number) {
        ParallelCoordinates.Line chosen = null;
        if (number > 0) for (var line : model.coordinates().lines()) if (results.numberOf(line.record()) == number) chosen = line;
        plot.select(chosen);
    }

    @Override
    protected int configAt(double x, double y, Rectangle2D dataArea) {
        var axes = ParallelCoordinatesPlot.axesArea(dataArea);
        var c = model.coordinates();
        int[] slots = ParallelCoordinatesPlot.slots(c);
        if (slots.length < 2 || x < axes.getMinX() || x > axes.getMaxX()) return -1;
        // Between which two axes the click is, and how far along: each line's height there.
        double step = axes.getWidth() / (slots.length - 1);
        int left = Math.min(slots.length - 2, (int) ((x - axes.getMinX()) / step));
        double f = (x - ParallelCoordinatesPlot.axisX(axes, left, slots.length)) / step;
        int best = -1;
        double bestDistance = Nearest.REACH;
        for (var line : c.lines()) {
            if (!model.kept(line)) continue;
            double a = ParallelCoordinatesPlot.at(c, line, slots[left]);
            double b = ParallelCoordinatesPlot.at(c, line, slots[left + 1]);
            if (Double.isNaN(a) || Double.isNaN(b)) continue;
            double d = Math.abs(ParallelCoordinatesPlot.y(axes, a + f * (b - a)) - y);
            if (d < bestDistance) {
                bestDistance = d;
                best = results.numberOf(line.record());
            }
        }
        return best;
    }

    @Override
    protected String emptyMessage() {
        return model.coordinates().lines().isEmpty() ? (results.all().isEmpty() ? "No results yet." : "") : "";
    }
}
