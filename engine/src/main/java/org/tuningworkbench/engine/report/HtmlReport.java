package org.tuningworkbench.engine.report;

import static org.tuningworkbench.engine.report.Svg.escape;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tuningworkbench.engine.analysis.HeatMap;
import org.tuningworkbench.engine.analysis.ParameterEffect;
import org.tuningworkbench.engine.analysis.Results;
import org.tuningworkbench.engine.analysis.Roofline;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * A tuning report as one self-contained HTML page: its style inline, its charts inline SVG drawn
 * here, no script and no reference to anything outside the file, so it can be mailed, archived
 * and opened offline. Sections: machine and toolchain, method, result table, charts, the best
 * config's source difference, verification.
 */
public final class HtmlReport {

    /** Tables longer than this start folded. */
    static final int OPEN_TABLE_ROWS = 300;

    private HtmlReport() {}

    /** The page for {@code report}. */
    public static String html(TuningReport report) {
        Results results = Results.of(report.parameters(), report.records(), report.kept());
        TuningRecord best = report.ranking().best().orElse(null);
        var numbers = report.numbers();
        var page = new StringBuilder(64 * 1024 + report.records().size() * 400);
        page.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(escape("Tuning report: " + report.title())).append("</title><style>").append(style()).append("</style></head><body>\n");
        page.append("<h1>Tuning report: ").append(escape(report.title())).append("</h1>\n<p class=\"lead\">")
                .append(escape(ReportText.summary(report, results, numbers))).append("</p>\n");
        section(page, "machine", "Machine and toolchain", ReportText.machine(report));
        section(page, "method", "Measurement method", ReportText.method(report));
        page.append("<section id=\"results\"><h2>Results</h2>\n<p class=\"note\" id=\"ranked-by\">")
                .append(escape(ReportText.rankedBy(report))).append("</p>\n");
        List<TuningRecord> rows = report.sample().map(s -> s.fastest(report.records())).orElse(report.records());
        String table = ResultsTable.html(report, rows, results, numbers);
        if (report.sample().isPresent()) {
            page.append("<details><summary>The ").append(Counts.of(rows.size())).append(" fastest of ").append(Counts.of(report.configs(), "config"))
                    .append(" (a run this large is not listed whole; the summary above counts every config)</summary>\n").append(table).append("</details>\n");
        } else if (rows.size() > OPEN_TABLE_ROWS) {
            // A long table folds away (without a script): the charts below say more about thousands of configs.
            page.append("<details><summary>Every config, fastest first (").append(Counts.of(rows.size())).append(" rows)</summary>\n")
                    .append(table).append("</details>\n");
        } else {
            page.append(table);
        }
        page.append("</section>\n");
        report.lesson().ifPresent(lesson -> section(page, "lesson", "Lesson", LessonSection.html(lesson)));
        charts(page, report, results, numbers, best);
        section(page, "difference", "The best config's source difference", difference(report, best, numbers));
        section(page, "verification", "Verification", ReportText.verification(report, numbers));
        page.append("<footer>Written by Tuning Workbench at ").append(escape(report.generatedAt())).append(" from ")
                .append(escape(report.readFrom())).append(".</footer>\n</body></html>\n");
        return page.toString();
    }

    private static void charts(StringBuilder page, TuningReport report, Results results, Map<TuningRecord, Integer> numbers, TuningRecord best) {
        page.append("<section id=\"charts\"><h2>Charts</h2>\n");
        report.sample().ifPresent(s -> page.append("<p class=\"note\">Drawn from the ").append(Counts.of(report.records().size(), "config"))
                .append(" the report keeps of ").append(Counts.of(s.configs())).append(": the ").append(Counts.of(s.top()))
                .append(" fastest, the slowest success and a random sample; the others are not drawn.</p>\n"));
        figure(page, "latency", "Latency of each config (median bar, min–max whisker; best in green, failed in red on the axis"
                + (report.baseline().isPresent() ? ", the baseline dashed" : "") + ")",
                LatencyChart.svg(report.records(), numbers, report.baseline().orElse(null), best));
        figure(page, "trials", "Trials over time, with the best so far", TrialsChart.svg(report.records()));
        List<ParameterEffect> effects = ParameterEffect.of(results, ParameterEffect.Others.FREE);
        // A parameter varies when the configs hold more than one of its values: a space declares values no config may have
        // taken yet, and a config that does not set a parameter keeps the source's value, on no value's place.
        List<ParameterEffect> varied = effects.stream().filter(e -> held(e).size() > 1).toList();
        int configs = report.records().size();
        String fixed = effects.stream().filter(e -> held(e).size() == 1).map(e -> {
            ParameterEffect.ValueEffect only = held(e).getFirst();
            return e.parameter().name() + " = " + only.value() + (only.count() < configs ? " (in " + only.count() + " of " + configs
                    + " configs; the others keep the source's value)" : "");
        }).collect(java.util.stream.Collectors.joining(", "));
        String unset = effects.stream().filter(e -> held(e).isEmpty()).map(e -> e.parameter().name())
                .collect(java.util.stream.Collectors.joining(", "));
        if (!varied.isEmpty()) {
            figure(page, "effect", "Latency per value of each parameter, the other parameters free: box from the first to the third quartile, "
                    + "the median across it, whiskers to the fastest and slowest (✗n: configs that failed)"
                    + (fixed.isEmpty() ? "" : ". Given one value only: " + fixed)
                    + (unset.isEmpty() ? "" : ". Set by no config (each keeps the source's value): " + unset), EffectChart.svg(varied));
        }
        List<ParameterEffect> ranked = ParameterEffect.byInfluence(varied);
        if (ranked.size() >= 2) {
            HeatMap map = HeatMap.of(results, ranked.get(0).parameter().name(), ranked.get(1).parameter().name(), HeatMap.Statistic.BEST);
            figure(page, "heatmap", "Best latency for each pair of values of the two most influential parameters, " + map.rows().name()
                    + " and " + map.columns().name(), HeatMapChart.svg(map));
        } else {
            page.append("<p class=\"note\">No heat map: it needs two parameters with more than one value each.</p>\n");
        }
        Optional<Roofline> roofline = Roofline.of(report.records(), report.baseline().orElse(null), report.flops(), report.bytes(), report.ceilings());
        if (roofline.isPresent()) {
            figure(page, "roofline", "Roofline" + (report.ceilings().isPresent() ? " under this machine's measured ceilings" : " (ceilings unknown: "
                    + report.ceilingsNote() + ")"), RooflineChart.svg(roofline.get()));
        } else {
            page.append("<p class=\"note\" id=\"roofline\">No roofline: ").append(escape(report.flops().isPresent()
                    ? "the project's [work] gives flops but not bytes, so the arithmetic intensity is unknown."
                    : "the work of a call is not known (a project's [work] flops and bytes).")).append("</p>\n");
        }
        page.append("</section>\n");
    }

    /** The values of {@code effect}'s parameter that at least one config holds. */
    private static List<ParameterEffect.ValueEffect> held(ParameterEffect effect) {
        return effect.values().stream().filter(v -> v.count() > 0).toList();
    }

    private static void figure(StringBuilder page, String id, String caption, String svg) {
        page.append("<figure id=\"").append(id).append("\">").append(svg).append("<figcaption>").append(escape(caption))
                .append("</figcaption></figure>\n");
    }

    private static String difference(TuningReport report, TuningRecord best, Map<TuningRecord, Integer> numbers) {
        if (best == null) return "<p class=\"note\">No config succeeded: there is no best config to compare.</p>";
        if (report.bestDifference().isEmpty()) {
            return "<p class=\"note\">No source: " + (report.measure().isEmpty() ? "these records were read without their project's kernel."
                    : "the kernel source could not be read.") + "</p>";
        }
        List<String> lines = report.bestDifference().get();
        if (lines.isEmpty()) return "<p>The best config No." + numbers.get(best) + " is what the marked source already holds.</p>";
        var html = new StringBuilder("<p>The best config, No." + numbers.get(best) + ", against the marked source:</p><pre class=\"diff\">");
        for (String line : lines) {
            String style = line.startsWith("+++") || line.startsWith("---") ? "file" : line.startsWith("+") ? "added"
                    : line.startsWith("-") ? "removed" : line.startsWith("@@") ? "hunk" : "same";
            html.append("<span class=\"").append(style).append("\">").append(escape(line)).append("</span>\n");
        }
        return html.append("</pre>").toString();
    }

    private static void section(StringBuilder page, String id, String title, String body) {
        page.append("<section id=\"").append(id).append("\"><h2>").append(escape(title)).append("</h2>\n").append(body).append("</section>\n");
    }

    private static String style() {
        try (InputStream in = HtmlReport.class.getResourceAsStream("report.css")) {
            if (in == null) throw new IllegalStateException("report.css is missing from the engine");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read report.css from the engine: " + e.getMessage(), e);
        }
    }

}
