package org.tuningworkbench.app.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleInsets;

/** The charts' colours and fonts, for the light and the dark theme. */
public final class ChartStyle {

    public static final Color OK = new Color(0x4C, 0x78, 0xD0);
    public static final Color BEST = new Color(0x2E, 0xA0, 0x5A);
    /** The fastest config when it is within the noise of the runner-up: a best not crowned. */
    public static final Color FASTEST_WITHIN_NOISE = new Color(0x9B, 0xCF, 0xAE);
    public static final Color WRONG = new Color(0xE0, 0x8A, 0x1E);
    public static final Color FAILED = new Color(0xD0, 0x3B, 0x3B);
    public static final Color SELECTED = new Color(0x8A, 0x63, 0xD2);
    /** The library baseline, a reference drawn apart from the configs' own colours (dashed in the latency chart). */
    public static final Color BASELINE = new Color(0x6E, 0x77, 0x81);

    private ChartStyle() {}

    public static Color background(boolean dark) {
        return dark ? new Color(0x0D, 0x11, 0x17) : Color.WHITE;
    }

    public static Color text(boolean dark) {
        return dark ? new Color(0xC9, 0xD1, 0xD9) : new Color(0x24, 0x29, 0x2F);
    }

    public static Color grid(boolean dark) {
        return dark ? new Color(0x30, 0x36, 0x3D) : new Color(0xE1, 0xE4, 0xE8);
    }

    public static void apply(JFreeChart chart, boolean dark) {
        chart.setBackgroundPaint(background(dark));
        chart.setAntiAlias(true);
        chart.setTextAntiAlias(true);
        chart.setPadding(new RectangleInsets(6, 4, 4, 10));
        if (chart.getTitle() != null) {
            TextTitle title = chart.getTitle();
            title.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
            title.setPaint(text(dark));
        }
        if (chart.getLegend() != null) {
            chart.getLegend().setBackgroundPaint(background(dark));
            chart.getLegend().setItemPaint(text(dark));
            chart.getLegend().setItemFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            chart.getLegend().setFrame(org.jfree.chart.block.BlockBorder.NONE);
        }
        // A colour scale (the heat map's) is a subtitle with an axis of its own.
        for (Object subtitle : chart.getSubtitles()) {
            if (subtitle instanceof PaintScaleLegend scale) {
                scale.setBackgroundPaint(background(dark));
                axis(scale.getAxis(), dark);
            }
        }
        Plot plot = chart.getPlot();
        plot.setBackgroundPaint(background(dark));
        plot.setOutlineVisible(false);
        if (plot instanceof XYPlot xy) {
            xy.setDomainGridlinePaint(grid(dark));
            xy.setRangeGridlinePaint(grid(dark));
            xy.setDomainGridlineStroke(new BasicStroke(1f));
            xy.setRangeGridlineStroke(new BasicStroke(1f));
            for (int i = 0; i < xy.getDomainAxisCount(); i++) axis(xy.getDomainAxis(i), dark);
            for (int i = 0; i < xy.getRangeAxisCount(); i++) axis(xy.getRangeAxis(i), dark);
            for (Layer layer : new Layer[] {Layer.FOREGROUND, Layer.BACKGROUND}) {
                markers(xy.getDomainMarkers(layer), dark);
                markers(xy.getRangeMarkers(layer), dark);
            }
        } else if (plot instanceof CategoryPlot cp) {
            cp.setRangeGridlinePaint(grid(dark));
            cp.setRangeGridlineStroke(new BasicStroke(1f));
            axis(cp.getDomainAxis(), dark);
            axis(cp.getRangeAxis(), dark);
        }
    }

    /**
     * Ctrl+drag pans (the viewer's own pan needs Alt, which desktops often take); a right-click
     * resets the zoom (the viewer's own context menu would open there instead), as the hint under
     * the charts says; the wheel zooms around the pointer ({@link PointerZoom}). Export is in the toolbar's menu.
     */
    public static void panWithCtrl(org.jfree.chart.fx.ChartViewer viewer) {
        viewer.getCanvas().addMouseHandler(new org.jfree.chart.fx.interaction.PanHandlerFX("pan-ctrl", false, true, false, false));
        PointerZoom.install(viewer);
        viewer.addEventFilter(javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED, javafx.event.Event::consume);
        viewer.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> {
            if (e.getButton() == javafx.scene.input.MouseButton.SECONDARY) {
                resetZoom(viewer.getChart());
                e.consume();
            }
        });
    }

    /**
     * An emptied chart's axes span 0–1 (a log axis, from 1): with no data an axis keeps the range it last
     * had, which would show the previous project's or run's scale over nothing. The next data ask for
     * {@link #resetZoom}.
     */
    public static void showEmpty(org.jfree.chart.JFreeChart chart) {
        if (!(chart.getPlot() instanceof org.jfree.chart.plot.XYPlot plot)) return;
        for (var axis : java.util.List.of(plot.getDomainAxis(), plot.getRangeAxis())) {
            axis.setRange(axis instanceof org.jfree.chart.axis.LogAxis ? new org.jfree.data.Range(1, 10) : new org.jfree.data.Range(0, 1));
        }
    }

    /** Shows all the data again, whatever the zoom. */
    public static void resetZoom(org.jfree.chart.JFreeChart chart) {
        if (chart.getPlot() instanceof org.jfree.chart.plot.XYPlot plot) {
            plot.getDomainAxis().setAutoRange(true);
            plot.getRangeAxis().setAutoRange(true);
        }
    }

    /** A marker's label (the latency chart's baseline) in the theme's text colour, on the chart's background. */
    private static void markers(java.util.Collection<?> markers, boolean dark) {
        if (markers == null) return;
        Color behind = background(dark);
        for (Object m : markers) {
            if (!(m instanceof Marker marker) || marker.getLabel() == null) continue;
            marker.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            marker.setLabelPaint(text(dark));
            marker.setLabelBackgroundColor(new Color(behind.getRed(), behind.getGreen(), behind.getBlue(), 200));
        }
    }

    private static void axis(Axis axis, boolean dark) {
        if (axis == null) return;
        axis.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        axis.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        axis.setLabelPaint(text(dark));
        axis.setTickLabelPaint(text(dark));
        axis.setAxisLinePaint(grid(dark));
        axis.setTickMarkPaint(grid(dark));
    }
}
