package org.tuningworkbench.engine.report;

import java.util.List;
import org.tuningworkbench.engine.analysis.ParameterEffect;
import org.tuningworkbench.engine.analysis.Spread;
import org.tuningworkbench.engine.format.Durations;

/**
 * One box plot per parameter, side by side: for each value the spread of its configs' latencies
 * (box from the first to the third quartile, the median across it, whiskers to min and max), and
 * under the value how many configs failed. All panels share one latency scale.
 */
final class EffectChart {
    private static final int PANEL_WIDTH = 470;
    private static final int PANEL_HEIGHT = 260;
    private static final int PER_ROW = 2;
    /** The width of a character of a failure count (10 px text), a little generous. */
    private static final double FAILED_CHAR_WIDTH = 6.5;

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
        var unit = Durations.unitFor(yRange.max());
        f.draw(effect.parameter().name(), "latency (" + unit.symbol() + ")" + (yRange.log() ? ", log" : ""), false, unit.micros());
        double step = (f.x().to() - f.x().from()) / n;
        int longest = effect.values().stream().mapToInt(v -> shorten(v.value()).length()).max().orElse(1);
        int labelEvery = Math.max(1, (int) Math.ceil((longest * 6.5 + 8) / step));
        // Each value's count of failures is written over it when every count fits its value's width; otherwise side by side they
        // would run into one another, so each value with failures gets a red mark (its count on hover) and the panel the total.
        int widestFailed = effect.values().stream().filter(v -> v.failed() > 0).mapToInt(v -> ("✗" + v.failed()).length()).max().orElse(0);
        boolean counts = widestFailed * FAILED_CHAR_WIDTH + 2 <= step;
        int failed = 0;
        int failing = 0;
        for (int i = 0; i < n; i++) {
            var value = effect.values().get(i);
            double x = f.x().at(i);
            if (i % labelEvery == 0) svg.text(x, f.y().from() + 14, shorten(value.value()), "middle", "tick");
            if (value.failed() > 0) {
                failed += value.failed();
                failing++;
                if (counts) {
                    svg.text(x, f.y().from() - 4, "✗" + value.failed(), "middle", "failed-count");
                } else {
                    svg.rect(x - 1.5, f.y().from() - 7, 3, 6, "failed", null, effect.parameter().name() + " = " + value.value() + ": "
                            + value.failed() + " failed");
                }
            }
            if (value.latency().isEmpty()) continue;
            Spread s = value.latency().get();
            String title = effect.parameter().name() + " = " + value.value() + ": " + s.count() + " ok, " + value.failed() + " failed, median "
                    + Durations.micros(s.median());
            double w = Math.max(Math.min(step * 0.6, 40), 2);
            svg.line(x, f.y().at(s.min()), x, f.y().at(s.max()), "whisker");
            svg.rect(x - w / 2, f.y().at(s.q3()), w, f.y().at(s.q1()) - f.y().at(s.q3()), "box", null, title);
            svg.line(x - w / 2, f.y().at(s.median()), x + w / 2, f.y().at(s.median()), "median");
        }
        if (!counts && failed > 0) {
            svg.text(f.x().to(), f.y().from() + 36, "✗" + failed + " in " + failing + " of " + n + " values", "end", "failed-count");
        }
    }

    private static String shorten(String value) {
        return value.length() <= 24 ? value : value.substring(0, 23) + "…";
    }
}
