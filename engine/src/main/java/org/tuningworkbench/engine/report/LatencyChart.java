package org.tuningworkbench.engine.report;

import java.util.List;
import org.tuningworkbench.engine.analysis.LatencySpan;
import org.tuningworkbench.engine.analysis.Results;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * The latency of every config by its number: median as a bar (a dot when there are too many for
 * bars) with a min–max whisker, the best in green, failed configs as red marks on the axis, the
 * baseline as a dashed line; a log scale when the latencies span more than ten times.
 */
final class LatencyChart {
    private static final int WIDTH = 960;
    private static final int HEIGHT = 320;
    private static final int MAX_BARS = 160;

    private LatencyChart() {}

    /** Each of {@code records} at its number ({@code numbers}, as the window's grid numbers configs), the baseline among them for the scale only. */
    static String svg(List<TuningRecord> records, java.util.Map<TuningRecord, Integer> numbers, TuningRecord baseline, TuningRecord best) {
        var all = new java.util.ArrayList<>(records);
        if (baseline != null) all.add(baseline);
        var span = LatencySpan.of(all).orElse(new LatencySpan(1, 1));
        double top = all.stream().filter(Results::measured).mapToDouble(r -> r.maxUs() == null ? r.medianUs() : r.maxUs()).max().orElse(1);
        double bottom = all.stream().filter(Results::measured).mapToDouble(r -> r.minUs() == null ? r.medianUs() : r.minUs()).min().orElse(1);
        Svg svg = new Svg(WIDTH, HEIGHT, "Latency of each config" + (span.wantsLogScale() ? " (log scale)" : ""));
        int last = records.stream().mapToInt(numbers::get).max().orElse(1);
        Frame f = Frame.of(svg, 0, 0, WIDTH, HEIGHT, new Frame.XRange(0.5, last + 0.5, false, true),
                new Frame.YRange(Math.min(bottom, span.fastestUs()), top, span.wantsLogScale()));
        var unit = Durations.unitFor(top);
        f.draw("config number", "latency (" + unit.symbol() + ")" + (span.wantsLogScale() ? ", log scale" : ""), true, unit.micros());
        double step = (f.x().to() - f.x().from()) / Math.max(last, 1);
        boolean bars = records.size() <= MAX_BARS;
        for (int i = 0; i < records.size(); i++) {
            TuningRecord r = records.get(i);
            double x = f.x().at(numbers.get(r));
            String title = "No." + numbers.get(r) + " " + r.config() + ": " + (Results.measured(r) ? Durations.micros(r.medianUs()) : r.status().label());
            if (!Results.measured(r)) {
                svg.rect(x - Math.max(step * 0.3, 1), f.y().from() - 6, Math.max(step * 0.6, 2), 6, "failed", null, title);
                continue;
            }
            String style = r == best ? "best" : "ok";
            double y = f.y().at(r.medianUs());
            if (bars) {
                svg.rect(x - step * 0.35, y, step * 0.7, f.y().from() - y, style, null, title);
            } else {
                svg.circle(x, y, r == best ? 4 : 1.6, style, title);
            }
            if (bars && r.minUs() != null && r.maxUs() != null) svg.line(x, f.y().at(r.minUs()), x, f.y().at(r.maxUs()), "whisker");
        }
        if (baseline != null && Results.measured(baseline)) {
            double y = f.y().at(baseline.medianUs());
            svg.line(f.x().from(), y, f.x().to(), y, "baseline");
            svg.text(f.x().to() - 4, y - 5, "baseline " + Durations.micros(baseline.medianUs()), "end", "note");
        }
        return svg.toString();
    }
}
