package org.tuningworkbench.engine.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.analysis.Ceilings;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.recorded.FileObjective;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.tune.Ranking;

class HtmlReportTest {

    static final Ceilings CEILINGS = new Ceilings("test CPU, 2 cores", 250, 512, 12, "2026-11-22T20:00:00Z", "test figures");

    static TuningRecord ok(Map<String, String> config, double... samples) {
        var list = new ArrayList<Double>();
        for (double s : samples) list.add(s);
        return TuningRecord.of(config, Status.OK, list);
    }

    static Map<String, String> config(String bm, String order) {
        var c = new LinkedHashMap<String, String>();
        c.put("BM", bm);
        c.put("ORDER", order);
        return c;
    }

    /** Six configs of a numeric and a categorical parameter, one crashed, one compile error, and a baseline. */
    static List<TuningRecord> records() {
        return List.of(ok(config("16", "ijk"), 900, 950, 1000), ok(config("32", "ijk"), 400, 420),
                TuningRecord.of(config("64", "ijk"), Status.CRASH, List.of()), ok(config("16", "ikj"), 120, 130),
                ok(config("32", "ikj"), 60, 61, 62), TuningRecord.of(config("64", "ikj"), Status.COMPILE_ERROR, List.of()));
    }

    static TuningReport report(Optional<Ceilings> ceilings, OptionalDouble bytes) {
        return TuningReport.builder("tiles <&> \"test\"", "project.toml", records()).baseline(Optional.of(ok(Map.of(), 50, 52).asBaseline("OpenBLAS sgemm")))
                .parameters(List.of(new Parameter("ORDER", Parameter.Kind.CATEGORICAL, List.of("ikj", "ijk")))).work(OptionalDouble.of(2e6), bytes)
                .ceilings(ceilings, "not measured").bestDifference(Optional.of(List.of("--- k.c (marked)", "+++ k.c (best config)", "@@ -1,1 +1,1 @@",
                        "-int BM = 16; // tunable", "+int BM = 32; // tunable"))).generatedAt("2026-11-22T21:00:00Z").build();
    }

    /** Lessons go into the report: each step's figures and standing, a step measured against its note flagged. */
    @Test
    void aLessonShowsEachStepsStandingAndFlagsANoteThisMachineContradicts() {
        var naive = new org.tuningworkbench.engine.marker.Config(config("16", "ijk"), "naive");
        var tiled = new org.tuningworkbench.engine.marker.Config(config("32", "ijk"), "tiled");
        var lesson = new org.tuningworkbench.engine.project.Lesson("Tiling <matmul>", List.of(
                new org.tuningworkbench.engine.project.Lesson.Step("Naive", 1, naive, ""),
                new org.tuningworkbench.engine.project.Lesson.Step("Tiled", 2, tiled, "", org.tuningworkbench.engine.project.Lesson.Expect.SLOWER)));
        var records = Map.of(naive, ok(naive.values(), 900, 950, 1000, 920, 940), tiled, ok(tiled.values(), 400, 420, 410, 405, 415));
        var base = report(Optional.empty(), OptionalDouble.empty());
        var withLesson = base.toBuilder().lesson(Optional.of(org.tuningworkbench.engine.analysis.LessonFigures.of(lesson, records::get))).build();
        String html = HtmlReport.html(withLesson);
        assertThat(html).contains("<section id=\"lesson\"><h2>Lesson</h2>", "Tiling &lt;matmul&gt;", "<td>1. Naive</td>", "<td>No.1 naive</td>")
                .contains("<tr class=\"contradicted\"><td>2. Tiled</td>").contains("2.29× faster than step 1 (p = 0.00794)")
                .contains("<td>slower: measured the other way</td>").contains("One step measured the other way from what the note expects");
        assertThat(HtmlReport.html(base)).doesNotContain("id=\"lesson\"");
    }

    @Test
    void aReportOfThousandsOfConfigsCountsThemAsTheCommandLineDoes() {
        var many = new ArrayList<TuningRecord>();
        for (int i = 0; i < 1200; i++) many.add(ok(config(Integer.toString(i), "ijk"), 100 + i));
        for (int i = 0; i < 1100; i++) many.add(TuningRecord.of(config(Integer.toString(i), "ikj"), Status.CRASH, List.of()));
        var report = TuningReport.builder("many", "records.jsonl", many).ceilings(Optional.empty(), "not measured").generatedAt("2026-11-22T21:00:00Z").build();
        String html = HtmlReport.html(report);
        assertThat(html).contains("2,300 configs, 1,200 succeeded, 1,100 crash.", "(2,300 rows)", "1,200 succeeded with no verification recorded")
                .doesNotContain("2300 configs").doesNotContain("1200 succeeded");
    }

    @Test
    void everySectionAndChartIsThere() {
        String html = HtmlReport.html(report(Optional.of(CEILINGS), OptionalDouble.of(1e6)));
        for (String id : List.of("machine", "method", "results", "charts", "latency", "trials", "effect", "heatmap", "roofline", "difference",
                "verification")) {
            assertThat(html).as("section " + id).contains("id=\"" + id + "\"");
        }
        assertThat(svgs(html)).hasSize(5);
        assertThat(html).contains("Tuning report: tiles &lt;&amp;&gt; &quot;test&quot;")
                .contains("FP32 FMA peak 250.0 GFLOP/s").contains("memory 12.0 GB/s")
                .contains("<span class=\"added\">+int BM = 32; // tunable</span>")
                .contains("1 crash").contains("1 compile error")
                // Samples per measured config: 3, 2, 2, 3.
                .contains("2–3 a config (median 2.5); a sample times");
    }

    @Test
    void theTableListsEveryConfigFastestFirstWithTheBaselineAtItsPlaceAndFailuresLast() {
        String html = HtmlReport.html(report(Optional.empty(), OptionalDouble.empty()));
        String table = html.substring(html.indexOf("<table class=\"results\">"), html.indexOf("</table>", html.indexOf("<table class=\"results\">")));
        assertThat(table.split("<tr class=")).hasSize(1 + 7);
        int baseline = table.indexOf("<td>baseline</td>");
        int best = table.indexOf("<td>No.5</td>");
        int slowest = table.indexOf("<td>No.1</td>");
        int crash = table.indexOf("<td>No.3</td>");
        assertThat(baseline).isPositive().isLessThan(best);
        assertThat(best).isLessThan(slowest);
        assertThat(slowest).isLessThan(crash);
        assertThat(table).contains("<tr class=\"best-row\"><td>1</td><td>No.5</td><td>ok</td><td>61.00 µs</td>").contains("<td>100.0%</td>")
                .contains("<td>crash</td>").contains("<td>compile error</td>");
    }

    @Test
    void eachMetricIsAColumnOfTheTable() {
        var records = new ArrayList<>(records());
        var s = records.getFirst().statistics();
        TuningRecord r = records.getFirst();
        records.set(0, r.toBuilder()
                .statistics(s.withMetrics(Map.of("GFLOP/s", 1234.5678)))
                .build());
        var report = TuningReport.builder("p", "records.jsonl", records).build();
        String html = HtmlReport.html(report);
        String table = html.substring(html.indexOf("<table class=\"results\">"), html.indexOf("</table>", html.indexOf("<table class=\"results\">")));
        assertThat(table).contains("<th>GFLOP/s</th><th>% of best</th>").contains("<td>1235</td>");
    }

    /** A config with {@code GFLOP/s} as its metric, as a Kernel Tuner project's {@code [metrics]} give it. */
    private static TuningRecord withMetric(TuningRecord r, double gflops) {
        var s = r.statistics();
        return r.toBuilder().statistics(new TuningRecord.Statistics(s.medianUs(), s.minUs(), s.maxUs(), s.meanUs(), s.stddevUs(), s.cv(), s.noisy(),
                null, null, Map.of("GFLOP/s", gflops))).build();
    }

    @Test
    void theReportRanksByTheProjectsObjectiveAsTheCommandLineAndTheWindowDoAndSaysSo() {
        // The fastest call (No.2) is not the best by the objective: No.1 does more per call (its metric is the higher).
        var records = List.of(withMetric(ok(config("16", "ijk"), 100, 101, 102), 900), withMetric(ok(config("32", "ijk"), 50, 51, 52), 300),
                withMetric(ok(config("16", "ikj"), 70, 71, 72), 600));
        var objective = new Objective("GFLOP/s", true);
        var report = TuningReport.builder("kt", "records.jsonl", records).objective(objective).build();
        assertThat(report.ranking().best()).isEqualTo(Ranking.of(records, objective).best()).contains(records.getFirst());
        String html = HtmlReport.html(report);
        assertThat(html).contains("Best by GFLOP/s (higher is better): No.1 {BM=16, ORDER=ijk}")
                .contains("Ranked by the project&#39;s objective, GFLOP/s (higher is better)");
        String table = html.substring(html.indexOf("<table class=\"results\">"), html.indexOf("</table>", html.indexOf("<table class=\"results\">")));
        // Best first by the metric, its share of the best by the metric; no time test against a best that is not the fastest.
        assertThat(table.indexOf("<td>No.1</td>")).isLessThan(table.indexOf("<td>No.3</td>"));
        assertThat(table.indexOf("<td>No.3</td>")).isLessThan(table.indexOf("<td>No.2</td>"));
        assertThat(table).contains("<tr class=\"best-row\"><td>1</td><td>No.1</td>").contains("<td>33.3%</td>").doesNotContain("slower (p");
    }

    @Test
    void withoutBytesOrSourceTheReportSaysWhatIsMissing() {
        var noWork = TuningReport.builder("space", "space.json.gz", records()).ceilings(Optional.empty(), "a recorded space carries no work").build();
        String html = HtmlReport.html(noWork);
        assertThat(html).contains("No roofline: the work of a call is not known").contains("No source: these records were read without")
                .doesNotContain("id=\"roofline\"><svg");
        assertThat(svgs(html)).hasSize(4);
        String flopsOnly = HtmlReport.html(report(Optional.empty(), OptionalDouble.empty()));
        assertThat(flopsOnly).contains("gives flops but not bytes");
    }

    @Test
    void theCeilingsAreNeededOnlyWhenTheWorkOfACallIsKnownAndTheNoteSaysWhatIsMissing() {
        List<TuningRecord> timed = records();
        assertThat(TuningReport.ceilingsNotNeeded(Optional.empty(), timed)).hasValueSatisfying(note ->
                assertThat(note).contains("the work of a call is not known ([work] flops and bytes)"));
        TuningRecord withWork = withFigures(ok(config("16", "ijk"), 10, 11), 4.0, null);
        assertThat(TuningReport.ceilingsNotNeeded(Optional.empty(), List.of(withWork))).hasValueSatisfying(note ->
                assertThat(note).contains("the bytes a call moves are not known").doesNotContain("flops and bytes"));
        assertThat(TuningReport.ceilingsNotNeeded(Optional.empty(), List.of(withFigures(withWork, 4.0, 2.0)))).isEmpty();
    }

    private static TuningRecord withFigures(TuningRecord r, Double gflops, Double gbps) {
        var s = r.statistics();
        return r.toBuilder()
                .statistics(s.withRates(gflops, gbps))
                .build();
    }

    @Test
    void nothingIsFetchedFromOutsideTheFileAndNoScriptRuns() {
        String html = HtmlReport.html(report(Optional.of(CEILINGS), OptionalDouble.of(1e6)));
        assertThat(Pattern.compile("(?i)\\b(src|href)\\s*=").matcher(html).find()).as("a src or href attribute").isFalse();
        assertThat(html.toLowerCase()).doesNotContain("<script").doesNotContain("url(").doesNotContain("@import").doesNotContain("<link")
                .doesNotContain("<img").doesNotContain("<iframe");
        // The SVG namespace is a name, not a link; it is the only URL-like text in the page.
        assertThat(html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "")).doesNotContain("http");
    }

    @Test
    void everyChartIsWellFormedSvg() throws Exception {
        String html = HtmlReport.html(report(Optional.of(CEILINGS), OptionalDouble.of(1e6)));
        var factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        for (String svg : svgs(html)) {
            var document = factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
            assertThat(document.getDocumentElement().getNamespaceURI()).isEqualTo("http://www.w3.org/2000/svg");
            assertThat(document.getDocumentElement().getLocalName()).isEqualTo("svg");
        }
    }

    @Test
    void configsAreNumberedByTheirPlaceInTheProjectsListAsTheWindowsGridNumbersThem() {
        var base = report(Optional.empty(), OptionalDouble.empty());
        // The project lists the fastest config first and two of the six not at all: they come after the list, as met.
        List<org.tuningworkbench.engine.marker.Config> listed = List.of(new org.tuningworkbench.engine.marker.Config(config("32", "ikj")),
                new org.tuningworkbench.engine.marker.Config(config("16", "ijk")), new org.tuningworkbench.engine.marker.Config(config("64", "ijk")),
                new org.tuningworkbench.engine.marker.Config(config("16", "ikj")));
        var report = base.toBuilder().listed(listed).build();
        var numbers = report.numbers();
        assertThat(report.records().stream().map(numbers::get).toList()).containsExactly(2, 5, 3, 4, 1, 6);
        String html = HtmlReport.html(report);
        assertThat(html).contains("<tr class=\"best-row\"><td>1</td><td>No.1</td>").contains("The best config, No.1,")
                .contains("<title>No.1 {BM=32, ORDER=ikj}: 61.00 µs</title>").contains("<title>No.5 {BM=32, ORDER=ijk}: 410.0 µs</title>");
    }

    @Test
    void aRecordSetWithOneConfigStillMakesAReport() {
        var one = TuningReport.builder("one", "r.jsonl", List.of(ok(config("16", "ijk"), 5))).build();
        String html = HtmlReport.html(one);
        assertThat(html).contains("1 config, 1 succeeded").contains("No heat map");
        assertThat(svgs(html)).hasSize(2);
    }

    @Test
    void aParameterTheConfigsHoldOneValueOfOrNoneIsNeitherChartedNorMapped() {
        // The space declares three values of BM and of UNROLL; the configs vary ORDER only, hold BM at 16 and leave UNROLL at the source's value.
        var declared = List.of(new Parameter("BM", Parameter.Kind.INTEGER, List.of("16", "32", "64")),
                new Parameter("UNROLL", Parameter.Kind.INTEGER, List.of("1", "2", "4")));
        var records = List.of(ok(config("16", "ijk"), 900, 950), ok(config("16", "ikj"), 120, 130), ok(Map.of("ORDER", "ikj"), 100, 110));
        var report = TuningReport.builder("space", "project.toml", records).parameters(declared).build();
        String html = HtmlReport.html(report);
        assertThat(html).contains("No heat map").doesNotContain("id=\"heatmap\"")
                .contains("Given one value only: BM = 16 (in 2 of 3 configs; the others keep the source&#39;s value)")
                .contains("Set by no config (each keeps the source&#39;s value): UNROLL");
        // One panel, ORDER's: the latency chart, the trials and the effect are the three charts.
        assertThat(svgs(html)).hasSize(3);
        assertThat(svgs(html).get(2)).contains(">ORDER<").doesNotContain(">BM<").doesNotContain(">UNROLL<");
    }

    @Test
    void aConfigKeepingTheSourcesValueShowsThatValueInTheTableAndTheCharts() {
        // The third config keeps the source's BM = 64 (as linear-relu's configs keep its Order): with the source known it is charted there.
        var records = List.of(ok(config("16", "ijk"), 900, 950), ok(config("16", "ikj"), 120, 130), ok(Map.of("ORDER", "ikj"), 100, 110));
        var report = TuningReport.builder("space", "project.toml", records).kept(Map.of("BM", "64", "ORDER", "ijk", "UNROLL", "1")).build();
        String html = HtmlReport.html(report);
        assertThat(html).contains("{BM=64, ORDER=ikj}").contains("id=\"heatmap\"").doesNotContain("Given one value only: BM");
        assertThat(svgs(html).get(2)).contains(">BM<").contains(">64<").contains(">ORDER<").doesNotContain(">UNROLL<");
    }

    @Test
    void configsThatSucceededWithoutAVerificationAreNotSaidToHaveStoppedShort() {
        // A recorded space's records: measured in full elsewhere, their output never compared here; one failed there.
        var records = List.of(ok(config("16", "ijk"), 900, 950), ok(config("32", "ikj"), 120, 130),
                TuningRecord.of(config("64", "ikj"), Status.CRASH, List.of()));
        var report = TuningReport.ofRecords("space", records, Optional.empty(), List.of(), "space.json.gz", Optional.empty(), "");
        String verification = HtmlReport.html(report).replaceAll("(?s).*<section id=\"verification\">", "");
        assertThat(verification).contains("2 succeeded with no verification recorded").contains("1 not compared (did not run to the end)");
    }

    @Test
    void noRecordsDrawEmptyChartsWithoutBrokenFigures() {
        var none = TuningReport.builder("none", "r.jsonl", List.of()).build();
        String html = HtmlReport.html(none);
        assertThat(html).contains("0 configs, 0 succeeded. No config succeeded.").doesNotContain("NaN").doesNotContain("Infinity");
    }

    static List<String> svgs(String html) {
        var found = new ArrayList<String>();
        Matcher m = Pattern.compile("<svg\\b.*?</svg>", Pattern.DOTALL).matcher(html);
        while (m.find()) found.add(m.group());
        return found;
    }

    @Test
    void aRecordedSpaceWhoseOwnObjectivePutsAnotherConfigFirstSaysWhich() {
        // Kernel Tuner's `time` is the mean of the samples: No.1 is fastest by median, No.2 by the file's mean.
        var first = ok(config("16", "ijk"), 10, 10, 16);
        var second = ok(config("32", "ijk"), 11, 11, 11);
        var own = new FileObjective(Objective.TIME, true, Map.of(first.configValues().key(), 12.0, second.configValues().key(), 11.0));
        var report = TuningReport.builder("space", "space.json.gz", List.of(first, second)).fileObjective(Optional.of(own)).build();
        assertThat(HtmlReport.html(report)).contains("Ranked by the time of a call (the median of a config&#39;s samples), fastest first. "
                + "The file&#39;s objective `time` (lower is better), which show and best rank this space by, puts No.2 first (time 11).");

        var agreeing = report.toBuilder().fileObjective(Optional.of(new FileObjective(Objective.TIME, true,
                Map.of(first.configValues().key(), 10.5, second.configValues().key(), 11.0)))).build();
        assertThat(HtmlReport.html(agreeing)).contains("The file&#39;s objective `time` (lower is better) puts the same config first.");
        assertThat(HtmlReport.html(report.toBuilder().fileObjective(Optional.empty()).build())).doesNotContain("The file&#39;s objective");
        // With no config succeeded, neither ranking puts one first.
        var failed = TuningRecord.of(config("16", "ijk"), Status.CRASH, List.of());
        assertThat(HtmlReport.html(TuningReport.builder("space", "space.json.gz", List.of(failed)).fileObjective(Optional.of(own)).build()))
                .doesNotContain("The file&#39;s objective");
    }
}
