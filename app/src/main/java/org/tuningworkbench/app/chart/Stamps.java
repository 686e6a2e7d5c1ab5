package org.tuningworkbench.app.chart;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;

/**
 * The same mark drawn many times on the screen, as copies of one small image of it: the software rasterizer fills
 * and outlines an antialiased shape in a fraction of a millisecond, a copy of an image costs microseconds. The
 * image is painted once per look and screen scale, and each copy lies on whole pixels of the screen (within half a
 * pixel of the mark's place).
 */
final class Stamps {

    /** How a mark looks, compared by {@code equals}: it paints itself around (0, 0) within its bounds. */
    interface Look {
        Rectangle2D bounds();

        void paint(Graphics2D g2);
    }

    private Look look;
    private double scale;
    private BufferedImage image;
    /** Where the image's corner lies from the mark's place, in the chart's units. */
    private double left;
    private double top;

    /** Draws {@code look} centred on ({@code x}, {@code y}) of {@code g2}, which draws on the screen. */
    void draw(Graphics2D g2, Look look, double x, double y) {
        AffineTransform t = g2.getTransform();
        double s = Math.max(1, t.getScaleX());
        if (!look.equals(this.look) || s != scale || image == null) paint(g2, look, s);
        // The mark's place rounded to the screen's pixels, so the copy is not resampled.
        double px = Math.round((x + left) * s) / s;
        double py = Math.round((y + top) * s) / s;
        g2.drawImage(image, new AffineTransform(1 / s, 0, 0, 1 / s, px, py), null);
    }

    private void paint(Graphics2D like, Look look, double s) {
        Rectangle2D b = look.bounds();
        // One pixel around for the antialiased edge.
        left = Math.floor(b.getMinX() * s - 1) / s;
        top = Math.floor(b.getMinY() * s - 1) / s;
        int width = (int) Math.ceil((b.getMaxX() - left) * s) + 2;
        int height = (int) Math.ceil((b.getMaxY() - top) * s) + 2;
        var painted = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB_PRE);
        Graphics2D g = painted.createGraphics();
        try {
            for (var key : new RenderingHints.Key[] {RenderingHints.KEY_ANTIALIASING, RenderingHints.KEY_STROKE_CONTROL}) {
                Object value = like.getRenderingHint(key);
                if (value != null) g.setRenderingHint(key, value);
            }
            g.scale(s, s);
            g.translate(-left, -top);
            look.paint(g);
        } finally {
            g.dispose();
        }
        this.look = look;
        this.scale = s;
        this.image = painted;
    }
}
