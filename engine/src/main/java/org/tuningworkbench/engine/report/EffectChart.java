package org.tuningworkbench.engine.report;

import java.util.List;
import org.tuningworkbench.engine.analysis.ParameterEffect;
import org.tuningworkbench.engine.analysis.Spread;

/**
 * One box plot per parameter, side by side: for each value the spread of its configs' latencies
 * (box from the first to the third quartile, the median across it, whiskers to min and max), and
 * under the value how many configs failed. All panels share one latency scale.
 */
final class EffectChart {
    private static final int PANEL_WIDTH = 470;
    private static final int PANEL_HEIGHT = 260;
    private static final int PER_ROW = 2;

    private EffectChart() {}

    static String svg(List<ParameterEffect> effects) {
        double min = Double.MAX_VALUE;
        double max = 0;
        for (ParameterEffect e : effects) {
            for (var v : e.values()) {
                if (v.latency().isEmpty()) continue;
                min = Math.min(min, v.latency().get().min());
                max = Math.max(max, v.latency().get().max());
            }
        }
        if (max == 0) min = max = 1;
        boolean log = max / min > 10;
        int rows = (effects.size() + PER_ROW - 1) / PER_ROW;
        Svg svg = new Svg(PANEL_WIDTH * PER_ROW, PANEL_HEIGHT * Math.max(rows, 1), "Latency per value of each parameter" + (log ? " (log scale)" : ""));
        for (int i = 0; i < effects.size(); i++) {
            panel(svg, effects.get(i), (i % PER_ROW) * PANEL_WIDTH, (i / PER_ROW) * PANEL_HEIGHT, new Frame.YRange(min, max, log));
        }
        return svg.toString();
    }

    private static void panel(Svg svg, ParameterEffect effect, double left, double top, Frame.YRange yRange) {
        int n = effect.values().size();
        Frame f = Frame.of(svg, left, top, PANEL_WIDTH, PANEL_HEIGHT, new Frame.XRange(-0.5, n - 0.5, false, true), yRange);
        var unit = Frame.TimeUnit.forLargest(yRange.max());
        f.draw(effect.parameter().name(), "latency (" + unit.name() + ")" + (yRange.log() ? ", log" : ""), false, unit.us());
        double step = (f.x().to() - f.x().from()) / n;
        int longest = effect.values().stream().mapToInt(v -> shorten(v.value()).length()).max().orElse(1);
        int labelEvery = Math.max(1, (int) Math.ceil((longest * 6.5 + 8) / step));
        for (int i = 0; i < n; i++) {
            var value = effect.values().get(i);
            double x = f.x().at(i);
            if (i % labelEvery == 0) svg.text(x, f.y().from() + 14, shorten(value.value()), "middle", "tick");
            if (value.failed() > 0) svg.text(x, f.y().from() - 4, "✗" + value.failed(), "middle", "failed-count");
            if (value.latency().isEmpty()) continue;
            Spread s = value.latency().get();
            String title = effect.parameter().name() + " = " + value.value() + ": " + s.count() + " ok, " + value.failed() + " failed, median "
                    + org.tuningworkbench.engine.cli.Durations.micros(s.median());
            double w = Math.max(Math.min(step * 0.6, 40), 2);
            svg.line(x, f.y().at(s.min()), x, f.y().at(s.max()), "whisker");
            svg.rect(x - w / 2, f.y().at(s.q3()), w, f.y().at(s.q1()) - f.y().at(s.q3()), "box", null, title);
            svg.line(x - w / 2, f.y().at(s.median()), x + w / 2, f.y().at(s.median()), "median");
        }
    }

    private static String shorten(String value) {
        return value.length() <= 24 ? value : value.substring(0, 23) + "…";
    }
}
