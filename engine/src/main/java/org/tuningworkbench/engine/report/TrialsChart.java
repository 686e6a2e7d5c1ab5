package org.tuningworkbench.engine.report;

import java.util.ArrayList;
import java.util.List;
import org.tuningworkbench.engine.analysis.LatencySpan;
import org.tuningworkbench.engine.analysis.Results;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.record.TuningRecord;

/** The trials in the order they were measured, each a dot at its latency, and the best so far as a falling step line. */
final class TrialsChart {
    private static final int WIDTH = 960;
    private static final int HEIGHT = 300;

    private TrialsChart() {}

    static String svg(List<TuningRecord> trials) {
        var span = LatencySpan.of(trials).orElse(new LatencySpan(1, 1));
        Svg svg = new Svg(WIDTH, HEIGHT, "Trials over time with the best so far" + (span.wantsLogScale() ? " (log scale)" : ""));
        Frame f = Frame.of(svg, 0, 0, WIDTH, HEIGHT, new Frame.XRange(0.5, trials.size() + 0.5, false, true),
                new Frame.YRange(span.fastestUs(), span.slowestUs(), span.wantsLogScale()));
        var unit = Durations.unitFor(span.slowestUs());
        f.draw("trial, in the order measured", "latency (" + unit.symbol() + ")" + (span.wantsLogScale() ? ", log scale" : ""), true, unit.micros());
        var best = new ArrayList<Double>();
        double bestSoFar = Double.NaN;
        double dot = trials.size() > 2000 ? 1.2 : 3;
        for (int i = 0; i < trials.size(); i++) {
            TuningRecord r = trials.get(i);
            double x = f.x().at(i + 1);
            if (!Results.measured(r)) {
                svg.rect(x - 1, f.y().from() - 5, 2, 5, "failed", null, "trial " + (i + 1) + ": " + r.status().label());
                continue;
            }
            svg.circle(x, f.y().at(r.medianUs()), dot, "trial", null);
            if (Double.isNaN(bestSoFar) || r.medianUs() < bestSoFar) {
                if (!Double.isNaN(bestSoFar)) {
                    best.add(x);
                    best.add(f.y().at(bestSoFar));
                }
                bestSoFar = r.medianUs();
                best.add(x);
                best.add(f.y().at(bestSoFar));
            }
        }
        if (!Double.isNaN(bestSoFar)) {
            best.add(f.x().to());
            best.add(f.y().at(bestSoFar));
            svg.polyline(best.stream().mapToDouble(Double::doubleValue).toArray(), "best-so-far");
            svg.text(f.x().to() - 4, f.y().at(bestSoFar) - 6, "best so far " + Durations.micros(bestSoFar), "end", "note");
        }
        return svg.toString();
    }
}
