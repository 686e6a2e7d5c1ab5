package org.tuningworkbench.app.chart;

import java.awt.geom.Rectangle2D;
import javafx.scene.input.ScrollEvent;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.fx.ChartCanvas;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.interaction.AbstractMouseHandlerFX;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleEdge;

/**
 * The wheel zooms around the pointer: the config and the latency under it before a turn are under it after. The
 * viewer's own wheel zoom anchors at the value under the pointer, but the zoomed axes' labels change width (a range
 * axis from {@code 10,000} to {@code 500}), the data area moves, and with it everything drawn: on a chart of
 * thousands of configs a few pixels are dozens of configs. Once the viewer zoomed and drew, each axis is moved back by
 * what the value under the pointer moved.
 */
final class PointerZoom extends AbstractMouseHandlerFX {

    /** The values under the pointer before the turn, in the data area then: (config, latency); null outside it. */
    private double[] before;

    private PointerZoom() {
        super("scroll-around-pointer", false, false, false, false);
    }

    /** Makes {@code viewer}'s wheel zoom keep the values under the pointer in place. */
    static void install(ChartViewer viewer) {
        ChartCanvas canvas = viewer.getCanvas();
        var zoom = new PointerZoom();
        // A filter sees the turn before the viewer's own handler zooms; this handler, added after that one, sees it after.
        canvas.addEventFilter(ScrollEvent.SCROLL, e -> zoom.before = valuesAt(canvas, e.getX(), e.getY()));
        canvas.addAuxiliaryMouseHandler(zoom);
    }

    @Override
    public void handleScroll(ChartCanvas canvas, ScrollEvent e) {
        double[] was = before;
        before = null;
        if (was == null || !(canvas.getChart().getPlot() instanceof XYPlot plot)) return;
        Rectangle2D area = dataArea(canvas);
        if (area == null) return;
        boolean notify = plot.isNotify();
        plot.setNotify(false);
        keep(plot.getDomainAxis(), was[0], e.getX(), area, plot.getDomainAxisEdge());
        keep(plot.getRangeAxis(), was[1], e.getY(), area, plot.getRangeAxisEdge());
        plot.setNotify(notify);
    }

    /** Moves {@code axis} so that {@code value} is at {@code position} of {@code area} again; a log axis moves by a factor. */
    static void keep(ValueAxis axis, double value, double position, Rectangle2D area, RectangleEdge edge) {
        double now = axis.java2DToValue(position, area, edge);
        if (!Double.isFinite(now) || now == value) return;
        if (axis instanceof LogAxis) {
            if (!(now > 0) || !(value > 0)) return;
            double factor = value / now;
            axis.setRange(axis.getLowerBound() * factor, axis.getUpperBound() * factor);
        } else {
            double shift = value - now;
            axis.setRange(axis.getLowerBound() + shift, axis.getUpperBound() + shift);
        }
    }

    /** The config and the latency at ({@code x}, {@code y}) of the canvas as last drawn; null when that is not in the data area. */
    private static double[] valuesAt(ChartCanvas canvas, double x, double y) {
        Rectangle2D area = dataArea(canvas);
        if (area == null || !area.contains(x, y) || !(canvas.getChart().getPlot() instanceof XYPlot plot)) return null;
        return new double[] {plot.getDomainAxis().java2DToValue(x, area, plot.getDomainAxisEdge()),
                plot.getRangeAxis().java2DToValue(y, area, plot.getRangeAxisEdge())};
    }

    private static Rectangle2D dataArea(ChartCanvas canvas) {
        var info = canvas.getRenderingInfo();
        return info == null || info.getPlotInfo() == null ? null : info.getPlotInfo().getDataArea();
    }
}
