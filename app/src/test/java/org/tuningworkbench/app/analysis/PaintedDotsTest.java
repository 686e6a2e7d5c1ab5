package org.tuningworkbench.app.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.junit.jupiter.api.Test;

class PaintedDotsTest {

    private static final Rectangle2D AREA = new Rectangle2D.Double(50, 20, 200, 100);
    private static final Color DOT = new Color(10, 20, 30, 110);

    private static NumberAxis axis(double low, double high) {
        var axis = new NumberAxis();
        axis.setRange(low, high);
        return axis;
    }

    private static boolean inked(BufferedImage image, int x, int y) {
        return (image.getRGB(x, y) >>> 24) != 0;
    }

    @Test
    void aPaintedImageHoldsEachDotWhereTheAxesPutItInTheDataArea() {
        var points = new PaintedDots.Points(new double[] {5, 0, 10}, new double[] {50, 100, 0});
        BufferedImage image = PaintedDots.Scatter.of(points, axis(0, 10), axis(0, 100), AREA, DOT, 3, 3).image();

        assertThat(image.getWidth()).isEqualTo(200);
        assertThat(image.getHeight()).isEqualTo(100);
        // (5, 50) lies in the middle of the area: 3 × 3 pixels around (100, 50) of the image.
        assertThat(inked(image, 99, 49)).isTrue();
        assertThat(inked(image, 101, 51)).isTrue();
        assertThat(image.getRGB(100, 50) >>> 24).isEqualTo(DOT.getAlpha());
        // (0, 100) at the top left corner, (10, 0) at the bottom right edge, cut by the image's border.
        assertThat(inked(image, 0, 0)).isTrue();
        assertThat(inked(image, 199, 99)).isTrue();
        assertThat(inked(image, 150, 25)).isFalse();
        assertThat(inked(image, 103, 50)).isFalse();
    }

    @Test
    void onALogAxisADotLiesWhereTheLogAxisPutsIt() {
        var log = new LogAxis();
        log.setRange(1, 100);
        var points = new PaintedDots.Points(new double[] {5}, new double[] {10});
        BufferedImage image = PaintedDots.Scatter.of(points, axis(0, 10), log, AREA, DOT, 3, 3).image();

        // 10 is half way up from 1 to 100 on a log axis.
        assertThat(inked(image, 100, 50)).isTrue();
        assertThat(inked(image, 100, 90)).isFalse();
    }

    @Test
    void theSameDotsOverTheSameAxesAreTheSameScatterAndAZoomOrAMovedDotIsANewOne() {
        var points = new PaintedDots.Points(new double[] {1, 2}, new double[] {3, 4});
        var same = new PaintedDots.Points(new double[] {1, 2}, new double[] {3, 4});
        var moved = new PaintedDots.Points(new double[] {1, 2}, new double[] {3, 5});
        var scatter = PaintedDots.Scatter.of(points, axis(0, 10), axis(0, 100), AREA, DOT, 3, 3);

        assertThat(PaintedDots.Scatter.of(same, axis(0, 10), axis(0, 100), AREA, DOT, 3, 3)).isEqualTo(scatter).hasSameHashCodeAs(scatter);
        assertThat(PaintedDots.Scatter.of(moved, axis(0, 10), axis(0, 100), AREA, DOT, 3, 3)).isNotEqualTo(scatter);
        assertThat(PaintedDots.Scatter.of(points, axis(0, 5), axis(0, 100), AREA, DOT, 3, 3)).isNotEqualTo(scatter);
        assertThat(PaintedDots.Scatter.of(points, axis(0, 10), new LogAxis(), AREA, DOT, 3, 3)).isNotEqualTo(scatter);
        assertThat(PaintedDots.Scatter.of(points, axis(0, 10), axis(0, 100), new Rectangle2D.Double(50, 20, 201, 100), DOT, 3, 3)).isNotEqualTo(scatter);
    }

    @Test
    void theAxesArePaintedFromCopiesSoAZoomAfterwardsDoesNotMoveTheDots() {
        var domain = axis(0, 10);
        var points = new PaintedDots.Points(new double[] {5}, new double[] {50});
        var scatter = PaintedDots.Scatter.of(points, domain, axis(0, 100), AREA, DOT, 3, 3);
        domain.setRange(0, 100);

        assertThat(inked(scatter.image(), 100, 50)).isTrue();
    }
}
