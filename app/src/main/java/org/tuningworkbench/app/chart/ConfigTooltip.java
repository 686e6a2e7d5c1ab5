package org.tuningworkbench.app.chart;

import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.engine.analysis.Claims;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Ranking;

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
            // Where the run's confirmation measured it again, the search's figures are the bar's, and the confirmed median the
            // one it stands at (the grid's Median column, the status bar's best): both said, each by name.
            ConfirmedFigures confirmed = r.ok() ? r.confirmation() : null;
            text.append(confirmed == null ? "median " : "search: median ").append(Figures.micros(r.medianUs())).append(", min ").append(Figures.micros(r.minUs()))
                    .append(", max ").append(Figures.micros(r.maxUs())).append('\n');
            if (confirmed != null) {
                text.append("confirmed median ").append(Figures.micros(confirmed.medianUs())).append(": rank ").append(confirmed.rank())
                        .append(" measured again in ").append(Counts.of(confirmed.rounds(), "round")).append('\n');
            }
            // A device's profiling events split the wall time: the kernels' own time, and the launch overhead around it.
            if (r.kernelUs() != null) {
                text.append("kernel ").append(Figures.micros(r.kernelUs())).append(", launch overhead ").append(Figures.micros(r.launchOverheadUs()))
                        .append(r.launches() == null ? "" : " (" + r.launches() + (r.launches() == 1 ? " launch)" : " launches)")).append('\n');
            }
            // The spread and rates of the figure it stands at, as the grid's columns say them.
            Double cv = Claims.cvOf(r);
            text.append(cv == null ? r.samplesText() : "CV " + Figures.percent(cv));
            if (r.gflops() != null) text.append(", ").append(Figures.rate(Ranking.standingRate(r, TuningRecord::gflops))).append(" GFLOP/s");
            if (r.gbps() != null) text.append(", ").append(Figures.rate(Ranking.standingRate(r, TuningRecord::gbps))).append(" GB/s");
        }
        if (r.status() != Status.OK) text.append('\n').append(r.status().label()).append(r.error() == null ? "" : ": " + r.error());
        return text.toString();
    }
}
