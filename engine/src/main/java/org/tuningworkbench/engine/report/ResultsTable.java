package org.tuningworkbench.engine.report;

import static org.tuningworkbench.engine.report.Svg.escape;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import org.tuningworkbench.engine.analysis.Claims;
import org.tuningworkbench.engine.analysis.Results;
import org.tuningworkbench.engine.format.Configs;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.format.Numbers;
import org.tuningworkbench.engine.record.JudgedStatus;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Ranking;

/**
 * The AUTOTUNE table as HTML: every config best first by the report's objective (the time of a call unless the project
 * names a metric), the baseline at its place, failed ones last with their status; ranked by time, the {@link #TESTED}
 * fastest and the baseline with their standing against the best by the one test every claim uses ({@link Claims}).
 */
final class ResultsTable {

    /** The fastest configs whose standing against the best is tested: a recorded space's thousands would take seconds. */
    static final int TESTED = 100;

    private ResultsTable() {}

    /** The table of {@code rows} (the report's records, or the fastest of a sampled run's) and the baseline. */
    static String html(TuningReport report, java.util.List<TuningRecord> rows, Results results, Map<TuningRecord, Integer> numbers) {
        var all = new ArrayList<>(rows);
        report.baseline().ifPresent(all::add);
        Ranking ranking = report.ranking();
        // The standing test compares times: against the best by another objective it would answer another question.
        boolean tested = ranking.objective().isTime();
        boolean gflops = all.stream().anyMatch(r -> r.gflops() != null);
        boolean gbps = all.stream().anyMatch(r -> r.gbps() != null);
        var html = new StringBuilder("<table class=\"results\"><thead><tr><th>rank</th><th>config</th><th>status</th><th>median</th><th>min</th><th>CV</th>");
        if (gflops) html.append("<th>GFLOP/s</th>");
        if (gbps) html.append("<th>GB/s</th>");
        var metrics = new LinkedHashSet<String>();
        all.forEach(r -> metrics.addAll(r.metrics().keySet()));
        metrics.forEach(m -> html.append("<th>").append(escape(m)).append("</th>"));
        html.append("<th>% of best</th><th>vs best</th><th>values</th></tr></thead><tbody>\n");
        int rank = 0;
        for (TuningRecord r : Ranking.of(all, ranking.objective()).ordered()) {
            boolean isBaseline = r.baseline() != null;
            boolean best = ranking.best().map(b -> b == r).orElse(false);
            html.append("<tr class=\"").append(isBaseline ? "baseline-row" : best ? "best-row" : Results.measured(r) ? "ok-row" : "failed-row").append("\">");
            cell(html, Results.measured(r) && !isBaseline ? Integer.toString(++rank) : "");
            cell(html, isBaseline ? "baseline" : "No." + numbers.get(r) + (r.name() == null ? "" : " " + r.name()));
            // Where the run's confirmation measured a config again, its confirmed figures stand, as in the window.
            cell(html, JudgedStatus.of(r).text());
            if (Results.measured(r)) {
                cell(html, Durations.micros(Ranking.standingMedianUs(r)));
                Double min = Claims.minOf(r);
                Double cv = Claims.cvOf(r);
                cell(html, min == null ? "" : Durations.micros(min));
                cell(html, cv == null ? "" : Numbers.percent(cv));
                if (gflops) cell(html, r.gflops() == null ? "" : Numbers.rate(Ranking.standingGflops(r)));
                if (gbps) cell(html, r.gbps() == null ? "" : Numbers.rate(Ranking.standingRate(r, TuningRecord::gbps)));
                for (String m : metrics) {
                    Double value = Ranking.standingMetric(r, m);
                    cell(html, value == null ? "" : Numbers.significant(value));
                }
                cell(html, ranking.percentOfBest(r).map(share -> String.format(Locale.ROOT, "%.1f%%", share)).orElse(""));
                cell(html, tested && (isBaseline || rank <= TESTED) ? Claims.againstBest(r, ranking.best().orElse(null)) : "");
            } else {
                int empty = 5 + (gflops ? 1 : 0) + (gbps ? 1 : 0) + metrics.size();
                for (int i = 0; i < empty; i++) cell(html, "");
            }
            cell(html, isBaseline ? r.baseline() : Configs.text(results.valuesOf(r)));
            html.append("</tr>\n");
        }
        return html.append("</tbody></table>\n").toString();
    }


    private static void cell(StringBuilder html, String text) {
        html.append("<td>").append(escape(text)).append("</td>");
    }
}
