package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

/** A plot of many items drawn into one image draws what it draws shape by shape, with the same clickable items. */
class RasterizedPlotTest {

    /** A plot that takes every drawing for the screen's when {@code screen} is set. */
    private static final class Plot extends RasterizedPlot {
        boolean screen;

        Plot(int items) {
            super(bars(items), new NumberAxis("x"), new NumberAxis("y"), bars());
            setDataset(1, new XYSeriesCollection(line(items)));
            var line = new XYLineAndShapeRenderer(true, false);
            line.setSeriesPaint(0, Color.RED);
            setRenderer(1, line);
            // What else lies inside the axes goes into the image too.
            addAnnotation(new org.jfree.chart.annotations.XYTextAnnotation("a note", items / 2.0, 90));
            addRangeMarker(new org.jfree.chart.plot.ValueMarker(30, Color.GREEN, new java.awt.BasicStroke(2)));
        }

        @Override
        protected boolean onScreen(Graphics2D g2) {
            return screen;
        }

        private static XYSeriesCollection bars(int items) {
            var s = new XYSeries("bars");
            for (int i = 0; i < items; i++) s.add(i, 1 + (i * 37 % 100));
            return new XYSeriesCollection(s);
        }

        private static XYBarRenderer bars() {
            var r = new XYBarRenderer();
            r.setShadowVisible(false);
            r.setSeriesPaint(0, new Color(40, 120, 200));
            return r;
        }

        private static XYSeries line(int items) {
            var s = new XYSeries("line");
            for (int i = 0; i < items; i++) s.add(i, 50 + 40 * Math.sin(i / 10.0));
            return s;
        }
    }

    private record Drawn(BufferedImage image, int entities) {}

    private static Drawn draw(Plot plot) {
        var image = new BufferedImage(600, 400, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g2 = image.createGraphics();
        g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        var chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, false);
        var info = new ChartRenderingInfo();
        chart.draw(g2, new Rectangle2D.Double(0, 0, 600, 400), info);
        g2.dispose();
        return new Drawn(image, info.getEntityCollection().getEntityCount());
    }

    @Test
    void thousandsOfItemsOnTheScreenAreDrawnAsOneImageThatLooksAsTheShapesDoAndKeepsTheirClickableItems() {
        var layered = new Plot(2000);
        layered.screen = true;
        Drawn image = draw(layered);
        assertThat(layered.rasterized()).isTrue();

        var shapes = new Plot(2000);
        Drawn drawn = draw(shapes);
        assertThat(shapes.rasterized()).isFalse();

        assertThat(image.entities()).isEqualTo(drawn.entities()).isGreaterThan(2000);
        // The same pixels, up to the rounding of antialiased edges blended twice.
        int differing = 0;
        int inked = 0;
        for (int y = 0; y < 400; y++) {
            for (int x = 0; x < 600; x++) {
                int a = image.image().getRGB(x, y);
                int b = drawn.image().getRGB(x, y);
                if (b != 0xFFFFFFFF && b != 0) inked++;
                int most = 0;
                for (int shift = 0; shift < 32; shift += 8) most = Math.max(most, Math.abs((a >>> shift & 0xFF) - (b >>> shift & 0xFF)));
                if (most > 8) differing++;
            }
        }
        assertThat(inked).isGreaterThan(10_000);
        assertThat(differing).isLessThan(inked / 100);
    }

    @Test
    void aFewItemsOrAnExportAreDrawnShapeByShape() {
        var few = new Plot(100);
        few.screen = true;
        draw(few);
        assertThat(few.rasterized()).isFalse();

        var export = new Plot(2000);
        draw(export);
        assertThat(export.rasterized()).isFalse();
    }
}
