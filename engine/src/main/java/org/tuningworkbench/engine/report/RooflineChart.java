package org.tuningworkbench.engine.report;

import java.util.Locale;
import org.tuningworkbench.engine.analysis.Ceilings;
import org.tuningworkbench.engine.analysis.Roofline;

/**
 * The roofline on log–log axes: arithmetic intensity (FLOP/byte) across, GFLOP/s up; the memory
 * roof rising to the ridge and the compute roof flat after it, when the ceilings are known; each
 * config a dot (the best in green), the baseline a diamond.
 */
final class RooflineChart {
    private static final int WIDTH = 960;
    private static final int HEIGHT = 380;

    private RooflineChart() {}

    static String svg(Roofline roofline) {
        double minI = Double.MAX_VALUE;
        double maxI = 0;
        double minG = Double.MAX_VALUE;
        double maxG = 0;
        var points = new java.util.ArrayList<>(roofline.configs());
        roofline.baseline().ifPresent(points::add);
        for (var p : points) {
            minI = Math.min(minI, p.intensity());
            maxI = Math.max(maxI, p.intensity());
            minG = Math.min(minG, p.gflops());
            maxG = Math.max(maxG, p.gflops());
        }
        if (roofline.ceilings().isPresent()) {
            Ceilings c = roofline.ceilings().get();
            minI = Math.min(minI, c.ridge() / 100);
            maxI = Math.max(maxI, c.ridge() * 10);
            maxG = Math.max(maxG, c.peakGflops());
            minG = Math.min(minG, c.attainable(minI));
        }
        Svg svg = new Svg(WIDTH, HEIGHT, "Roofline: achieved GFLOP/s against arithmetic intensity");
        Frame f = Frame.of(svg, 0, 0, WIDTH, HEIGHT, new Frame.XRange(minI, maxI, true), new Frame.YRange(minG, maxG, true));
        f.draw("arithmetic intensity (FLOP/byte), log scale", "GFLOP/s, log scale", true);
        roofline.ceilings().ifPresent(c -> roofs(svg, f, c));
        double best = roofline.bestGflops().orElse(Double.NaN);
        for (var p : roofline.configs()) {
            String title = p.record().config() + String.format(Locale.ROOT, ": %.1f GFLOP/s at %.2f FLOP/byte", p.gflops(), p.intensity());
            svg.circle(f.x().at(p.intensity()), f.y().at(p.gflops()), p.gflops() == best ? 5 : 3, p.gflops() == best ? "best" : "point", title);
        }
        roofline.baseline().ifPresent(b -> {
            double x = f.x().at(b.intensity());
            double y = f.y().at(b.gflops());
            svg.polyline(new double[] {x, y - 7, x + 7, y, x, y + 7, x - 7, y, x, y - 7}, "baseline-point");
            svg.text(x + 10, y + 4, String.format(Locale.ROOT, "baseline %.1f GFLOP/s", b.gflops()), "start", "note");
        });
        return svg.toString();
    }

    private static void roofs(Svg svg, Frame f, Ceilings c) {
        double start = f.x().low();
        double end = f.x().high();
        svg.polyline(new double[] {f.x().at(start), f.y().at(c.attainable(start)), f.x().at(c.ridge()), f.y().at(c.peakGflops()),
            f.x().at(end), f.y().at(c.peakGflops())}, "roof");
        svg.text(f.x().to() - 4, f.y().at(c.peakGflops()) - 6, String.format(Locale.ROOT, "FP32 FMA peak %.1f GFLOP/s (%d-bit, one core)",
                c.peakGflops(), c.peakBits()), "end", "note");
        svg.text(f.x().at(c.ridge()) - 8, f.y().at(c.attainable(c.ridge() / 10)) - 8,
                String.format(Locale.ROOT, "memory %.1f GB/s (stream triad, one core)", c.bandwidthGbps()), "end", "note");
    }
}
