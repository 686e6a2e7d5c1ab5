package org.tuningworkbench.app.chart;

import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

/** The text a chart shows on hovering over a config: its number and name, values, times and status. */
final class ConfigTooltip {
    private ConfigTooltip() {}

    /**
     * What hovering over config {@code number} shows: its number and name, values and figures; {@code bestCaveat} is
     * null when it is not the best, empty when it is the best unqualified, else what qualifies it.
     */
    static String of(int number, TuningRecord r, String bestCaveat) {
        if (r == null) return "No." + number;
        var text = new StringBuilder("No.").append(number).append(r.name() == null ? "" : " " + r.name())
                .append(bestCaveat == null ? "" : bestCaveat.isEmpty() ? " (best)" : " (fastest, " + bestCaveat + ")").append('\n');
        r.config().forEach((k, v) -> text.append(k).append(" = ").append(v).append('\n'));
        if (r.medianUs() != null) {
            text.append("median ").append(Figures.micros(r.medianUs())).append(", min ").append(Figures.micros(r.minUs()))
                    .append(", max ").append(Figures.micros(r.maxUs())).append('\n');
            // A device's profiling events split the wall time: the kernels' own time, and the launch overhead around it.
            if (r.kernelUs() != null) {
                text.append("kernel ").append(Figures.micros(r.kernelUs())).append(", launch overhead ").append(Figures.micros(r.launchOverheadUs()))
                        .append(r.launches() == null ? "" : " (" + r.launches() + (r.launches() == 1 ? " launch)" : " launches)")).append('\n');
            }
            text.append(r.cv() == null ? r.samplesText() : "CV " + Figures.percent(r.cv()));
            if (r.gflops() != null) text.append(", ").append(Figures.rate(r.gflops())).append(" GFLOP/s");
            if (r.gbps() != null) text.append(", ").append(Figures.rate(r.gbps())).append(" GB/s");
        }
        if (r.status() != Status.OK) text.append('\n').append(r.status().label()).append(r.error() == null ? "" : ": " + r.error());
        return text.toString();
    }
}
