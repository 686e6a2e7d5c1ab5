package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

/** A mark stamped as copies of one image lies where drawing its shape would put it, on the screen's pixels, at any screen scale. */
class StampsTest {

    /** A 6 × 6 square around (0, 0). */
    private record Square(Color colour) implements Stamps.Look {
        @Override
        public Rectangle2D bounds() {
            return new Rectangle2D.Double(-3, -3, 6, 6);
        }

        @Override
        public void paint(Graphics2D g2) {
            g2.setPaint(colour);
            g2.fill(bounds());
        }
    }

    private static boolean inked(BufferedImage image, int x, int y) {
        return (image.getRGB(x, y) >>> 24) != 0;
    }

    @Test
    void aStampLiesAroundItsPlaceRoundedToThePixelsAndAnotherPlaceIsAnotherCopy() {
        var image = new BufferedImage(60, 40, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g2 = image.createGraphics();
        var stamps = new Stamps();
        stamps.draw(g2, new Square(Color.RED), 20.2, 10.4);
        stamps.draw(g2, new Square(Color.RED), 45, 30);

        // The square from (17, 7) to (23, 13), as filling it at (20, 10) would.
        assertThat(inked(image, 17, 7)).isTrue();
        assertThat(inked(image, 22, 12)).isTrue();
        assertThat(image.getRGB(20, 10)).isEqualTo(Color.RED.getRGB());
        assertThat(inked(image, 16, 10)).isFalse();
        assertThat(inked(image, 24, 10)).isFalse();
        assertThat(inked(image, 20, 14)).isFalse();
        assertThat(image.getRGB(45, 30)).isEqualTo(Color.RED.getRGB());
        assertThat(inked(image, 35, 20)).isFalse();
    }

    @Test
    void onADoubledScreenTheStampHasTwiceThePixelsAndANewLookIsPaintedAnew() {
        var image = new BufferedImage(60, 40, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g2 = image.createGraphics();
        g2.scale(2, 2);
        var stamps = new Stamps();
        stamps.draw(g2, new Square(Color.RED), 10, 10);
        stamps.draw(g2, new Square(Color.BLUE), 20, 10);

        // (10, 10) is the screen's (20, 20): the square covers 12 × 12 of its pixels.
        assertThat(image.getRGB(15, 15)).isEqualTo(Color.RED.getRGB());
        assertThat(image.getRGB(25, 25)).isEqualTo(Color.RED.getRGB());
        assertThat(inked(image, 27, 20)).isFalse();
        assertThat(image.getRGB(40, 20)).isEqualTo(Color.BLUE.getRGB());
    }
}
