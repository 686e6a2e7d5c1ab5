package org.tuningworkbench.engine.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

/** A report of a huge run keeps a bounded number of its records and lists the fastest; a run of ordinary size is reported whole. */
class ReportRecordsTest {

    /** {@code n} configs of three parameters with distinct medians (config i takes 1000 + (i * 7919 % n) µs); every tenth failed. */
    static List<TuningRecord> run(int n) {
        var records = new ArrayList<TuningRecord>(n);
        for (int i = 0; i < n; i++) {
            var config = Map.of("A", Integer.toString(i % 100), "B", Integer.toString(i / 100 % 50), "C", Integer.toString(i / 5000));
            records.add(i % 10 == 3 ? TuningRecord.of(config, Status.CRASH, List.of())
                    : HtmlReportTest.ok(config, 1000 + (i * 7919L % n)));
        }
        return records;
    }

    @Test
    void aRunOfMoreConfigsThanReportedWholeKeepsTheFastestTheSlowestAndASample() {
        int n = 40_000;
        ReportRecords kept = ReportRecords.of(run(n), List.of());
        assertThat(kept.sampled()).isTrue();
        List<TuningRecord> records = kept.records();
        assertThat(records.size()).isBetween(ReportRecords.TOP + ReportRecords.SAMPLE / 2, ReportRecords.TOP + ReportRecords.SAMPLE + 1);
        ReportRecords.Sample sample = kept.sample().orElseThrow();
        assertThat(sample.configs()).isEqualTo(n);
        assertThat(sample.measured()).isEqualTo(n - n / 10);
        assertThat(sample.failed()).containsExactly(Map.entry(Status.CRASH, (long) n / 10));
        // The fastest kept are the run's fastest, numbered by their place in it; the slowest success is kept too.
        List<TuningRecord> fastest = sample.fastest(records);
        assertThat(fastest).hasSize(ReportRecords.TOP);
        List<Double> medians = run(n).stream().filter(TuningRecord::ok).map(TuningRecord::medianUs).sorted().toList();
        assertThat(fastest.stream().map(TuningRecord::medianUs).toList()).isEqualTo(medians.subList(0, ReportRecords.TOP));
        assertThat(records.stream().filter(TuningRecord::ok).mapToDouble(TuningRecord::medianUs).max().orElseThrow()).isEqualTo(medians.getLast());
        int at = run(n).indexOf(fastest.getFirst());
        assertThat(sample.numbers().get(fastest.getFirst())).isEqualTo(at + 1);
    }

    @Test
    void theReportOfAHugeRunListsAtMostTheFastestAndSaysItIsSampled() {
        int n = 40_000;
        TuningReport report = TuningReport.ofRecords("huge", run(n), Optional.empty(), List.of(), "records.jsonl", Optional.empty(), "none");
        String html = HtmlReport.html(report);
        long rows = Pattern.compile("<tr class=\"").matcher(html).results().count();
        assertThat(rows).isEqualTo(ReportRecords.TOP);
        assertThat(html).contains("40,000 configs, 36,000 succeeded, 4,000 crash", "The report keeps the 1,000 fastest",
                "The 1,000 fastest of 40,000 configs", "Drawn from the");
        // Bounded whatever the run's size: twice the configs, no longer a page.
        String half = HtmlReport.html(TuningReport.ofRecords("huge", run(n / 2), Optional.empty(), List.of(), "records.jsonl", Optional.empty(), "none"));
        assertThat((double) html.length()).isLessThan(1.1 * half.length());
    }

    @Test
    void aRunOfOrdinarySizeIsReportedWhole() {
        int n = 2_000;
        TuningReport report = TuningReport.ofRecords("ordinary", run(n), Optional.empty(), List.of(), "records.jsonl", Optional.empty(), "none");
        assertThat(report.sample()).isEmpty();
        String html = HtmlReport.html(report);
        assertThat(Pattern.compile("<tr class=\"").matcher(html).results().count()).isEqualTo(n);
        assertThat(html).doesNotContain("random sample", "Drawn from the");
    }
}
