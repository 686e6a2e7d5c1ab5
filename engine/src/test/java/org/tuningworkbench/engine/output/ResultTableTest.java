package org.tuningworkbench.engine.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.analysis.Claims;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.format.Numbers;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.JudgedStatus;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

class ResultTableTest {

    private static TuningRecord record(String fusion, double median, Double kernel, Long launches) {
        var plain = TuningRecord.of(Map.of("FUSION", fusion), Status.OK, List.of(median, median));
        var timing = TuningRecord.Timing.ofSamples(plain.samplesUs(), 1L).withKernel(kernel == null ? null : List.of(kernel, kernel), kernel, launches);
        return TuningRecord.builder().config(plain.config()).outcome(plain.outcome()).timing(timing).statistics(plain.statistics()).build();
    }

    private static String table(List<TuningRecord> records) {
        var out = new StringWriter();
        ResultTable.print("AUTOTUNE", records, null, r -> "No." + r.config().get("FUSION"), Integer.MAX_VALUE, "", new PrintWriter(out, true));
        return out.toString();
    }

    @Test
    void aDeviceThatTimesItsKernelsShowsKernelTimeOverheadAndLaunches() {
        String text = table(List.of(record("0", 400, 250.0, 4L), record("2", 150, 120.0, 1L)));
        assertThat(text).contains("kernel", "overhead", "launches");
        assertThat(text.lines().filter(l -> l.contains("No.0")).findFirst().orElseThrow())
                .contains(Durations.micros(250.0), Durations.micros(150.0), " 4 ");
    }

    @Test
    void kernelsTimedOnlyByTheWallClockKeepTheTableAsItWas() {
        assertThat(table(List.of(record("0", 400, null, null)))).doesNotContain("kernel").doesNotContain("overhead");
    }

    @Test
    void aConfigWithOneSampleSaysSoWhereTheSpreadWouldBe() {
        var one = TuningRecord.of(Map.of("FUSION", "1"), Status.OK, List.of(500.0));
        assertThat(one.cv()).isNull();
        assertThat(table(List.of(record("0", 400, null, null), one)).lines().filter(l -> l.contains("No.1")).findFirst().orElseThrow())
                .contains("1 sample").doesNotContain(" 0.0%");
    }

    @Test
    void aConfirmedConfigsMinAndSpreadAreOfTheRoundsItsMedianIsOf() {
        // The search sampled it at 72 µs once; the confirmation's three rounds put its median at 71 µs.
        var searched = TuningRecord.of(Map.of("FUSION", "1"), Status.OK, List.of(72.0));
        var confirmed = searched.confirmed(ConfirmedFigures.of("t", Objective.TIME, 1, 1, 1, List.of(70.0, 71.0, 74.0),
                List.of(70.0, 71.0, 74.0), 71.0, 71.0));
        String line = row(table(List.of(confirmed)), "No.1");
        assertThat(line).contains(Durations.micros(71.0), Durations.micros(70.0), "confirmed #1").doesNotContain(Durations.micros(72.0));
        assertThat(Claims.cvOf(confirmed)).isGreaterThan(0.02);
        assertThat(line).contains(Numbers.percent(Claims.cvOf(confirmed))).doesNotContain("noisy");
        // Rounds that spread widely make it noisy, though the search's one sample could not say.
        var spread = searched.confirmed(ConfirmedFigures.of("t", Objective.TIME, 1, 1, 1, List.of(50.0, 71.0, 95.0),
                List.of(50.0, 71.0, 95.0), 71.0, 71.0));
        assertThat(JudgedStatus.of(spread).judgements()).containsExactly("noisy");
        assertThat(row(table(List.of(spread)), "No.1")).contains("confirmed #1 · noisy");
    }

    /** A record of {@code samples} as racing stopped it ({@code rule}, null when it did not) and the steadiness probe judged it. */
    private static TuningRecord judged(String fusion, List<Double> samples, String rule, Boolean unsteady) {
        var plain = TuningRecord.of(Map.of("FUSION", fusion), Status.OK, samples);
        var timing = TuningRecord.Timing.ofSamples(samples, 1L).withStop(rule == null ? null : "stopped by racing", rule);
        var steadiness = unsteady == null ? null : new TuningRecord.Steadiness(null, null, null, unsteady, 1);
        return TuningRecord.builder().config(plain.config()).outcome(plain.outcome()).timing(timing).statistics(plain.statistics())
                .steadiness(steadiness).build();
    }

    private static String row(String text, String label) {
        return text.lines().filter(l -> l.contains(label + " ")).findFirst().orElseThrow();
    }

    @Test
    void aConfigsJudgedStatusIsSaidBesideItsSpreadAsTheWindowAndTheReportSayIt() {
        var steady = judged("0", List.of(100.0, 100.0), null, null);
        var unsteady = judged("1", List.of(110.0, 110.0), null, true);
        var racedOut = judged("2", List.of(300.0, 300.0), "interval", null);
        var ahead = judged("3", List.of(90.0, 90.0), org.tuningworkbench.engine.measure.Racing.Stop.AHEAD, null);
        var oneRacedOut = judged("4", List.of(900.0), "verified_call", null);
        var both = judged("5", List.of(310.0, 310.0), "median", true);
        String text = table(List.of(steady, unsteady, racedOut, ahead, oneRacedOut, both));
        assertThat(row(text, "No.0")).contains(" 0.0% ").doesNotContain("·");
        assertThat(row(text, "No.1")).contains(" 0.0% unsteady ");
        assertThat(row(text, "No.2")).contains(" 0.0% raced out ");
        assertThat(row(text, "No.3")).contains(" 0.0% stopped ahead ");
        assertThat(row(text, "No.4")).contains(" 1 sample, raced out ");
        assertThat(row(text, "No.5")).contains(" 0.0% unsteady · raced out ");
    }

    @Test
    void aTableOfManyConfigsShowsTheFastestAndSaysHowManyItLeftOutAndHowToSeeThem() {
        var records = new java.util.ArrayList<TuningRecord>();
        for (int i = 25; i >= 1; i--) records.add(record(Integer.toString(i), 100 + i, null, null));
        var baseline = TuningRecord.of(Map.of(), Status.OK, List.of(500.0, 500.0)).asBaseline("library");
        var out = new StringWriter();
        ResultTable.print("AUTOTUNE", records, baseline, r -> "No." + r.config().get("FUSION"), ResultTable.SHOWN_BY_DEFAULT, "ask for more", new PrintWriter(out, true));
        String text = out.toString();
        assertThat(text.lines().filter(l -> l.strip().startsWith("No."))).hasSize(ResultTable.SHOWN_BY_DEFAULT);
        assertThat(text).contains("No.1 ", "No.20 ", "baseline").doesNotContain("No.21 ")
                .endsWith("  ... 5 slower or failed configs not shown (ask for more)" + System.lineSeparator());
    }

    /** The standing against the best tests the samples' time: it is shown where the ranking is by time, not by another objective. */
    @Test
    void theStandingAgainstTheBestIsShownWhenTheRankingIsByTime() {
        var records = List.of(record("0", 400, null, null), record("2", 150, null, null));
        assertThat(table(records).lines().skip(1).findFirst().orElseThrow()).contains("vs best");
        var out = new StringWriter();
        ResultTable.print("AUTOTUNE", records, null, r -> "No." + r.config().get("FUSION"), Integer.MAX_VALUE, "",
                new org.tuningworkbench.engine.project.Objective("accuracy", true), new PrintWriter(out, true));
        assertThat(out.toString()).doesNotContain("vs best");
    }
}
