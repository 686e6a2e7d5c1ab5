package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.ui.RectangleEdge;
import org.junit.jupiter.api.Test;

/** Dots painted off the JavaFX thread lie where the chart's axes put them, and a new image is painted exactly when they would move. */
class PaintedDotsTest {

    private static final Rectangle2D AREA = new Rectangle2D.Double(50, 20, 200, 100);
    private static final PaintedDots.Dot DOT = new PaintedDots.Dot(new Color(10, 20, 30, 110), 3, 3);

    private static NumberAxis axis(double low, double high) {
        var axis = new NumberAxis();
        axis.setRange(low, high);
        return axis;
    }

    private static Scatter scatter(double[] x, double[] y, ValueAxis domain, ValueAxis range, Rectangle2D area) {
        return Scatter.of(x, y, domain, range, RectangleEdge.BOTTOM, RectangleEdge.LEFT, area, DOT);
    }

    private static BufferedImage painted(Scatter scatter) {
        return scatter.image(PaintedDots::dots);
    }

    private static boolean inked(BufferedImage image, int x, int y) {
        return (image.getRGB(x, y) >>> 24) != 0;
    }

    @Test
    void aPaintedImageHoldsEachDotWhereTheAxesPutItInTheDataArea() {
        BufferedImage image = painted(scatter(new double[] {5, 0, 10}, new double[] {50, 100, 0}, axis(0, 10), axis(0, 100), AREA));

        assertThat(image.getWidth()).isEqualTo(200);
        assertThat(image.getHeight()).isEqualTo(100);
        // (5, 50) lies in the middle of the area: 3 × 3 pixels around (100, 50) of the image.
        assertThat(inked(image, 99, 49)).isTrue();
        assertThat(inked(image, 101, 51)).isTrue();
        assertThat(image.getRGB(100, 50) >>> 24).isEqualTo(110);
        // (0, 100) at the top left corner, (10, 0) at the bottom right, cut by the image's border.
        assertThat(inked(image, 0, 0)).isTrue();
        assertThat(inked(image, 199, 99)).isTrue();
        assertThat(inked(image, 150, 25)).isFalse();
        assertThat(inked(image, 103, 50)).isFalse();
    }

    @Test
    void onALogAxisADotLiesWhereTheLogAxisPutsIt() {
        var log = new LogAxis();
        log.setRange(1, 100);
        BufferedImage image = painted(scatter(new double[] {5}, new double[] {10}, axis(0, 10), log, AREA));

        // 10 is half way up from 1 to 100 on a log axis.
        assertThat(inked(image, 100, 50)).isTrue();
        assertThat(inked(image, 100, 90)).isFalse();
    }

    @Test
    void theSameDotsOverTheSameAxesAreTheSameScatterAndAZoomOrAMovedDotIsANewOne() {
        double[] x = {1, 2};
        double[] y = {3, 4};
        var scatter = scatter(x, y, axis(0, 10), axis(0, 100), AREA);

        assertThat(scatter(x.clone(), y.clone(), axis(0, 10), axis(0, 100), AREA)).isEqualTo(scatter).hasSameHashCodeAs(scatter);
        assertThat(scatter(x, new double[] {3, 5}, axis(0, 10), axis(0, 100), AREA)).isNotEqualTo(scatter);
        assertThat(scatter(x, y, axis(0, 5), axis(0, 100), AREA)).isNotEqualTo(scatter);
        assertThat(scatter(x, y, axis(0, 10), new LogAxis(), AREA)).isNotEqualTo(scatter);
        assertThat(scatter(x, y, axis(0, 10), axis(0, 100), new Rectangle2D.Double(50, 20, 201, 100))).isNotEqualTo(scatter);
    }

    @Test
    void theAxesArePaintedFromCopiesSoAZoomMeanwhileDoesNotMoveTheDots() {
        var domain = axis(0, 10);
        var scatter = scatter(new double[] {5}, new double[] {50}, domain, axis(0, 100), AREA);
        domain.setRange(0, 100);

        assertThat(inked(painted(scatter), 100, 50)).isTrue();
    }
}
