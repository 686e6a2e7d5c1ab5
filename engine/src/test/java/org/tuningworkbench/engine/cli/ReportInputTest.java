package org.tuningworkbench.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.report.ReportRecords;

/** report reads a record file a line at a time: the same records as show, numbered alike, and a bounded number of them kept. */
class ReportInputTest {

    @TempDir
    Path dir;

    private static final TuningRecord.Identity NOW = new TuningRecord.Identity("src2", "setup", "gcc", "cpu", null);
    private static final TuningRecord.Identity BEFORE = new TuningRecord.Identity("src1", "setup", "gcc", "cpu", null);

    private static TuningRecord ok(TuningRecord.Identity identity, String a, double us) {
        return TuningRecord.of(Map.of("A", a), Status.OK, List.of(us)).toBuilder().identity(identity).build();
    }

    @Test
    void theLatestRunsLatestRecordOfEachConfigAsShowReadsThem() throws Exception {
        Path file = dir.resolve("records.jsonl");
        try (RecordFile records = RecordFile.open(file)) {
            records.append(ok(BEFORE, "1", 5));
            records.append(ok(NOW, "2", 40));
            records.append(ok(NOW, "1", 30));
            records.append(ok(NOW, "3", 20).asBaseline("the library"));
            records.append(TuningRecord.of(Map.of("A", "4"), Status.CRASH, List.of()).toBuilder().identity(NOW).build());
            records.append(ok(NOW, "2", 10));
        }
        var err = new StringWriter();
        ReportInput read = ReportInput.readOrSay(file, new PrintWriter(err, true)).orElseThrow();
        RecordsOrProject shown = RecordsOrProject.read(file);
        List<TuningRecord> kept = read.kept().records();
        assertThat(kept).extracting(TuningRecord::medianUs).containsExactlyInAnyOrderElementsOf(shown.records().stream().map(TuningRecord::medianUs).toList());
        assertThat(kept).extracting(r -> r.config().get("A")).containsExactlyInAnyOrder("2", "1", "4");
        var numbers = read.kept().numbers();
        var shownNumbers = shown.numbers();
        for (TuningRecord r : kept) {
            TuningRecord same = shown.records().stream().filter(s -> s.config().equals(r.config())).findFirst().orElseThrow();
            assertThat(numbers.get(r)).as(r.config().toString()).isEqualTo(shownNumbers.get(same));
        }
        assertThat(read.baseline()).hasValueSatisfying(b -> assertThat(b.baseline()).isEqualTo("the library"));
        assertThat(err.toString()).contains("also holds 1 record of earlier runs");
    }

    private static TuningRecord confirmed(TuningRecord r, String at, int rank, double us) {
        return r.confirmed(ConfirmedFigures.of(at, Objective.TIME, rank, rank, 2, List.of(us), List.of(us), us, us));
    }

    @Test
    void theConfirmationThatStandsIsTheOneShowTakesAndNoOther() throws Exception {
        Path file = dir.resolve("records.jsonl");
        TuningRecord one = ok(NOW, "1", 30);
        TuningRecord two = ok(NOW, "2", 40);
        try (RecordFile records = RecordFile.open(file)) {
            records.append(one);
            records.append(two);
            records.append(confirmed(one, "t1", 2, 35));
            records.append(confirmed(two, "t1", 1, 33));
            // A run of another identity after it leaves it standing; a later confirmation of one config ends the earlier one.
            records.append(ok(BEFORE, "1", 5));
            records.append(confirmed(two, "t2", 1, 32));
        }
        for (boolean ended : List.of(false, true)) {
            if (ended) {
                try (RecordFile records = RecordFile.open(file)) {
                    records.append(ok(NOW, "3", 50));
                }
            }
            ReportInput read = ReportInput.readOrSay(file, new PrintWriter(new StringWriter(), true)).orElseThrow();
            List<TuningRecord> shown = RecordsOrProject.read(file).records();
            assertThat(read.kept().records()).as("ended " + ended).containsExactlyInAnyOrderElementsOf(shown);
            assertThat(shown).filteredOn(r -> r.confirmation() != null).extracting(r -> r.confirmation().at()).isEqualTo(ended ? List.of() : List.of("t2"));
        }
    }

    @Test
    void aBaselineIsTheLatestRunsWhenItsSetupIsAsShowAndTheWindowChooseIt() throws Exception {
        var otherSizes = new TuningRecord.Identity("library", "setup at other sizes", "gcc", "cpu", null);
        var sameSizes = new TuningRecord.Identity("library", "setup", "gcc", "cpu", null);
        Path file = dir.resolve("records.jsonl");
        try (RecordFile records = RecordFile.open(file)) {
            records.append(ok(BEFORE, "1", 5));
            records.append(ok(otherSizes, "3", 20).asBaseline("the library at other sizes"));
            records.append(ok(NOW, "1", 30));
        }
        var err = new StringWriter();
        ReportInput read = ReportInput.readOrSay(file, new PrintWriter(err, true)).orElseThrow();
        assertThat(read.baseline()).isEmpty();
        assertThat(RecordsOrProject.read(file).baseline()).isEmpty();
        assertThat(err.toString()).contains("also holds 2 records of earlier runs");

        // A baseline has the library call's source, not the kernel's: measured at these sizes, it is the run's, though
        // the kernel changed since (tune resumes it rather than measure it again).
        try (RecordFile records = RecordFile.open(file)) {
            records.append(ok(sameSizes, "3", 25).asBaseline("the library"));
            records.append(ok(NOW, "2", 35));
        }
        read = ReportInput.readOrSay(file, new PrintWriter(new StringWriter(), true)).orElseThrow();
        assertThat(read.baseline()).hasValueSatisfying(b -> assertThat(b.medianUs()).isEqualTo(25.0));
        assertThat(RecordsOrProject.read(file).baseline()).hasValueSatisfying(b -> assertThat(b.medianUs()).isEqualTo(25.0));
    }

    @Test
    void aHugeRecordFileKeepsABoundedNumberOfRecords() throws Exception {
        Path file = dir.resolve("records.jsonl");
        int n = ReportRecords.ALL_UP_TO + 5_000;
        try (RecordFile records = RecordFile.open(file)) {
            for (int i = 0; i < n; i++) records.append(ok(NOW, Integer.toString(i), 100 + i % 997));
        }
        ReportInput read = ReportInput.readOrSay(file, new PrintWriter(new StringWriter(), true)).orElseThrow();
        assertThat(read.kept().sample()).hasValueSatisfying(s -> assertThat(s.configs()).isEqualTo(n));
        assertThat(read.kept().records().size()).isLessThanOrEqualTo(ReportRecords.TOP + ReportRecords.SAMPLE + 1);
    }
}
