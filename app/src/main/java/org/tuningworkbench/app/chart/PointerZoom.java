package org.tuningworkbench.app.chart;

import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import javafx.scene.input.ScrollEvent;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.fx.ChartCanvas;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleEdge;

/**
 * The wheel zooms around the pointer, by as much as it turned: the config and the latency under it before a turn are
 * under it after. The viewer's own wheel zoom has two faults this replaces. It zooms by a tenth for any event, whatever
 * its size: a trackpad sends a swipe as dozens of events of a few pixels (a notch is 40), each zoomed as a whole
 * notch, its movements under a pixel and a sideways swipe zoomed out. And it anchors at the value under the pointer, but the zoomed
 * axes' labels change width (a range axis from {@code 10,000} to {@code 500}), the data area moves, and with it
 * everything drawn: on a chart of thousands of configs a few pixels are dozens of configs. So the turn is taken before
 * the viewer sees it, the axes zoom by a tenth a notch (in proportion for part of one), and each axis is then moved back
 * by what the value under the pointer moved.
 */
final class PointerZoom {

    /** How much one notch of the wheel zooms, as the viewer's own zoom did. */
    static final double PER_NOTCH = 1.1;
    /** The pixels of a notch when the event does not say (JavaFX's own default). */
    private static final double NOTCH_PIXELS = 40;

    private PointerZoom() {
    }

    /** Makes {@code viewer}'s wheel zoom by the turn, keeping the values under the pointer in place. */
    static void install(ChartViewer viewer) {
        ChartCanvas canvas = viewer.getCanvas();
        // A filter takes a turn over the data area before the viewer's own handler would see it; elsewhere the
        // viewer does nothing with it, and a pane around the chart may scroll.
        canvas.addEventFilter(ScrollEvent.SCROLL, e -> {
            if (zoom(canvas, e)) e.consume();
        });
    }

    /**
     * Zooms {@code canvas}'s plot by the turn of {@code e} around the pointer, nothing for a sideways turn; false when
     * the pointer is not over the data area of a plot of x and y values.
     */
    static boolean zoom(ChartCanvas canvas, ScrollEvent e) {
        double notches = e.getDeltaY() / (e.getMultiplierY() > 0 ? e.getMultiplierY() : NOTCH_PIXELS);
        double[] was = valuesAt(canvas, e.getX(), e.getY());
        if (was == null || !(canvas.getChart().getPlot() instanceof XYPlot plot)) return false;
        if (notches == 0) return true;
        var pointer = new Point2D.Double(e.getX(), e.getY());
        // A negative delta zooms in and a positive one out, as the viewer's own zoom did.
        double factor = Math.pow(PER_NOTCH, notches);
        boolean notify = plot.isNotify();
        plot.setNotify(false);
        if (canvas.isDomainZoomable()) plot.zoomDomainAxes(factor, canvas.getRenderingInfo().getPlotInfo(), pointer, true);
        if (canvas.isRangeZoomable()) plot.zoomRangeAxes(factor, canvas.getRenderingInfo().getPlotInfo(), pointer, true);
        // Drawn zoomed (the notification redraws at once), the data area is where the new labels left it.
        plot.setNotify(notify);
        Rectangle2D area = dataArea(canvas);
        if (area == null) return true;
        plot.setNotify(false);
        if (canvas.isDomainZoomable()) keep(plot.getDomainAxis(), was[0], e.getX(), area, plot.getDomainAxisEdge());
        if (canvas.isRangeZoomable()) keep(plot.getRangeAxis(), was[1], e.getY(), area, plot.getRangeAxisEdge());
        plot.setNotify(notify);
        return true;
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
