package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

/** A chart drawn on the screen as one image looks as the chart drawn shape by shape, with the same clickable items. */
class RasterizedChartTest {

    /** A chart that takes every drawing for the screen's when {@code screen} is set. */
    private static final class Chart extends RasterizedChart {
        boolean screen;

        Chart() {
            super("Latency", JFreeChart.DEFAULT_TITLE_FONT, plot(), true);
        }

        @Override
        protected boolean onScreen(Graphics2D g2) {
            return screen;
        }

        private static XYPlot plot() {
            var s = new XYSeries("configs");
            for (int i = 0; i < 200; i++) s.add(i, 50 + 40 * Math.sin(i / 10.0));
            var renderer = new XYLineAndShapeRenderer(true, true);
            renderer.setSeriesPaint(0, new Color(40, 120, 200));
            return new XYPlot(new XYSeriesCollection(s), new NumberAxis("trial"), new NumberAxis("median latency (µs)"), renderer);
        }
    }

    private record Drawn(BufferedImage image, ChartRenderingInfo info) {}

    private static Drawn draw(JFreeChart chart) {
        var image = new BufferedImage(600, 400, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g2 = image.createGraphics();
        var info = new ChartRenderingInfo();
        chart.draw(g2, new Rectangle2D.Double(0, 0, 600, 400), info);
        g2.dispose();
        return new Drawn(image, info);
    }

    /** How many pixels differ by more than a rounding, of how many {@code b} inks. */
    private static int[] differing(BufferedImage a, BufferedImage b) {
        int differing = 0;
        int inked = 0;
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                int p = a.getRGB(x, y);
                int q = b.getRGB(x, y);
                if (q != 0xFFFFFFFF && q != 0) inked++;
                int most = 0;
                for (int shift = 0; shift < 32; shift += 8) most = Math.max(most, Math.abs((p >>> shift & 0xFF) - (q >>> shift & 0xFF)));
                if (most > 8) differing++;
            }
        }
        return new int[] {differing, inked};
    }

    @Test
    void onTheScreenTheChartIsDrawnAsOneImageThatLooksAsItsShapesDoAndKeepsTheirClickableItems() {
        var screen = new Chart();
        screen.screen = true;
        Drawn image = draw(screen);
        assertThat(screen.rasterized()).isTrue();

        var export = new Chart();
        Drawn shapes = draw(export);
        assertThat(export.rasterized()).isFalse();

        assertThat(image.info().getEntityCollection().getEntityCount()).isEqualTo(shapes.info().getEntityCollection().getEntityCount()).isGreaterThan(200);
        assertThat(image.info().getPlotInfo().getDataArea()).isEqualTo(shapes.info().getPlotInfo().getDataArea());
        int[] d = differing(image.image(), shapes.image());
        assertThat(d[1]).isGreaterThan(5_000);
        assertThat(d[0]).isLessThan(d[1] / 100);
    }

    /** {@code chart} drawn over 600 × 400 on a screen of twice the pixels each way. */
    private static BufferedImage drawDoubled(JFreeChart chart) {
        var image = new BufferedImage(1200, 800, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g2 = image.createGraphics();
        g2.scale(2, 2);
        chart.draw(g2, new Rectangle2D.Double(0, 0, 600, 400), new ChartRenderingInfo());
        g2.dispose();
        return image;
    }

    @Test
    void onADoubledScreenTheImageHasItsPixelsAndLooksAsSharpAsTheShapes() {
        var chart = new Chart();
        chart.screen = true;
        chart.setScale(() -> 2);
        int[] d = differing(drawDoubled(chart), drawDoubled(new Chart()));
        assertThat(d[1]).isGreaterThan(20_000);
        assertThat(d[0]).isLessThan(d[1] / 100);
    }

    @Test
    void aHeldChartDrawsNothingOnTheScreenUntilLetGoAndAnExportDrawsItAsItIs() {
        var screen = new Chart();
        screen.screen = true;
        screen.setHeld(true);
        Drawn held = draw(screen);
        assertThat(differing(held.image(), new BufferedImage(600, 400, BufferedImage.TYPE_INT_ARGB))[0]).isZero();
        assertThat(held.info().getEntityCollection().getEntityCount()).isZero();

        var export = new Chart();
        export.setHeld(true);
        assertThat(differing(draw(export).image(), new BufferedImage(600, 400, BufferedImage.TYPE_INT_ARGB))[0]).isPositive();

        screen.setHeld(false);
        assertThat(draw(screen).info().getEntityCollection().getEntityCount()).isPositive();
    }
}
