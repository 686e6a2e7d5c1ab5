package org.tuningworkbench.app.analysis;

import java.awt.geom.Rectangle2D;
import org.jfree.chart.plot.XYPlot;

/** Finds the point nearest a click on an XY plot, in screen distance, within a few pixels. */
final class Nearest {

    static final double REACH = 8;

    private final XYPlot plot;
    private final Rectangle2D area;
    private final double x;
    private final double y;
    private double bestDistance = REACH * REACH;
    private int number = -1;

    Nearest(XYPlot plot, Rectangle2D area, double x, double y) {
        this.plot = plot;
        this.area = area;
        this.x = x;
        this.y = y;
    }

    /** Considers the point of config {@code number} at data coordinates ({@code dataX}, {@code dataY}). */
    void consider(double dataX, double dataY, int candidate) {
        double px = plot.getDomainAxis().valueToJava2D(dataX, area, plot.getDomainAxisEdge());
        double py = plot.getRangeAxis().valueToJava2D(dataY, area, plot.getRangeAxisEdge());
        double d = (px - x) * (px - x) + (py - y) * (py - y);
        if (d < bestDistance) {
            bestDistance = d;
            number = candidate;
        }
    }

    int number() {
        return number;
    }
}
