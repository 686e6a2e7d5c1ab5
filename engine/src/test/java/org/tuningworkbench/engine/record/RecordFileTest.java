package org.tuningworkbench.engine.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.project.Objective;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.build.Diagnostic;
import org.tuningworkbench.engine.verify.Verification;

class RecordFileTest {

    @TempDir
    Path dir;

    static TuningRecord record(int number, Status status) {
        return TuningRecord.builder().runId("run-1").trial(number).strategy("grid").seed(1L).time("2026-01-01T00:00:00Z").project("p")
                .config(Map.of("BM", "32", "BN", "" + number)).identity(new TuningRecord.Identity("src", "setup", "gcc 12", "cpu", "host a"))
                .outcome(new TuningRecord.Outcome(status, status == Status.OK ? null : "boom", null))
                .timing(TuningRecord.Timing.ofSamples(List.of(1.5, 2.5, 2.0), 10L).withRunMs(40.0))
                .statistics(new TuningRecord.Statistics(2.0, 1.5, 2.5, 2.0, 0.5, 0.25, true, 3.0, null))
                .builtWith(new TuningRecord.Build(12.0, false, List.of(new Diagnostic(Diagnostic.Severity.WARNING, true, 3, 7, "unused"))))
                .verification(new Verification(Verification.Status.PASS, 0, 0, 0, -1, null, null)).build();
    }

    @Test
    void recordsRoundTripThroughTheFileWithSnakeCaseFields() throws Exception {
        Path path = dir.resolve("r.jsonl");
        try (RecordFile file = RecordFile.open(path)) {
            file.append(record(1, Status.OK));
            file.append(record(2, Status.CRASH));
        }
        String firstLine = Files.readAllLines(path).getFirst();
        assertThat(firstLine).startsWith("{\"schema\":2,\"run_id\":\"run-1\",\"trial\":1,\"strategy\":\"grid\",\"seed\":1")
                .contains("\"timing\":{\"samples_us\":[1.5,2.5,2.0]", "\"statistics\":{\"median_us\":2.0",
                "\"verification\":{\"status\":\"pass\"", "\"in_kernel\":true", "\"identity\":{\"source\":\"src\"",
                "\"outcome\":{\"status\":\"ok\"}")
                .doesNotContain("\n");
        assertThat(RecordFile.read(path)).containsExactly(record(1, Status.OK), record(2, Status.CRASH));
    }

    @Test
    void aConfirmedCopyRoundTripsAndAReaderThatSkipsItsConfirmationReadsTheSameMeasurement() throws Exception {
        Path path = dir.resolve("r.jsonl");
        var figures = ConfirmedFigures.of("2026-11-28T06:00:00.123Z", new Objective("gflops", true), 1, 2, 3, List.of(2.2, 2.1, 2.3),
                List.of(4.4, 4.6, 4.2), 2.2, 4.4);
        TuningRecord searched = record(1, Status.OK);
        try (RecordFile file = RecordFile.open(path)) {
            file.append(searched);
            file.append(searched.confirmed(figures));
        }
        String copy = Files.readAllLines(path).get(1);
        assertThat(copy).contains("\"confirmation\":{\"at\":\"2026-11-28T06:00:00.123Z\",\"objective\":\"gflops\",\"higher_is_better\":true,"
                + "\"rank\":1,\"search_rank\":2,\"top\":3,\"round_medians_us\":[2.2,2.1,2.3],\"round_values\":[4.4,4.6,4.2],\"median_us\":2.2,\"value\":4.4}");
        assertThat(RecordFile.read(path)).containsExactly(searched, searched.confirmed(figures));
        // A reader of the records before confirmations (one that skips fields it does not know) reads the copy as the search's record.
        var older = RecordFile.JSON.copy().addMixIn(TuningRecord.class, WithoutConfirmation.class);
        assertThat(older.readValue(copy, TuningRecord.class)).isEqualTo(searched);
        assertThat(searched.confirmed(figures).unconfirmed()).isEqualTo(searched);
    }

    @com.fasterxml.jackson.annotation.JsonIgnoreProperties("confirmation")
    private abstract static class WithoutConfirmation {
    }

    @Test
    void aRecordWrittenBeforeConfirmationsLoadsUnconfirmed() throws Exception {
        Path path = dir.resolve("r.jsonl");
        Files.writeString(path, """
                {"schema":2,"run_id":"r","trial":1,"project":"p","config":{"BM":"32"},"identity":{"source":"s"},"outcome":{"status":"ok"},\
                "timing":{"samples_us":[2.0],"calls_per_sample":1},"statistics":{"median_us":2.0,"min_us":2.0,"max_us":2.0,"mean_us":2.0,"stddev_us":0.0,"cv":0.0}}
                """);
        assertThat(RecordFile.read(path)).singleElement().satisfies(r -> {
            assertThat(r.confirmation()).isNull();
            assertThat(r.medianUs()).isEqualTo(2.0);
        });
    }

    @Test
    void aConfirmationThatCannotBeOneMakesItsLineSkippedWithTheReason() throws Exception {
        Path path = dir.resolve("r.jsonl");
        var beyond = ConfirmedFigures.of("t", Objective.TIME, 4, 1, 3, List.of(2.0), List.of(2.0), 2.0, 2.0);
        var noTime = ConfirmedFigures.of("t", Objective.TIME, 1, 1, 3, List.of(2.0), List.of(2.0), 0.0, 2.0);
        try (RecordFile file = RecordFile.open(path)) {
            file.append(record(1, Status.OK).confirmed(beyond));
            file.append(record(2, Status.OK).confirmed(noTime));
            file.append(record(3, Status.CRASH).confirmed(ConfirmedFigures.of("t", Objective.TIME, 1, 1, 1, List.of(2.0), List.of(2.0), 2.0, 2.0)));
            file.append(record(4, Status.OK));
        }
        try (RecordFile file = RecordFile.snapshot(path)) {
            assertThat(file.records()).extracting(TuningRecord::trial).containsExactly(4);
            assertThat(file.skippedLines()).containsExactly(
                    path + ":1: not a record (its confirmation's rank 4 (search rank 1) is not one of its 3 configs)",
                    path + ":2: not a record (its confirmed median 0.0 µs is not a time (times are positive and finite))",
                    path + ":3: not a record (only a config's successful record can be confirmed)");
        }
    }

    @Test
    void aLineCutShortByAKillIsSkippedAndNeverGluedToTheNextRecord() throws Exception {
        Path path = dir.resolve("r.jsonl");
        try (RecordFile file = RecordFile.open(path)) {
            file.append(record(1, Status.OK));
        }
        Files.writeString(path, "{\"schema\":2,\"run_id", StandardOpenOption.APPEND);
        try (RecordFile file = RecordFile.open(path)) {
            assertThat(file.records()).hasSize(1);
            assertThat(file.skippedLines()).singleElement().asString().contains("r.jsonl:2");
            file.append(record(2, Status.OK));
        }
        assertThat(RecordFile.read(path)).extracting(TuningRecord::trial).containsExactly(1, 2);
    }

    @Test
    void findMatchesOnSourceSetupToolchainDeviceAndConfig() throws Exception {
        try (RecordFile file = RecordFile.open(dir.resolve("r.jsonl"))) {
            file.append(record(1, Status.OK));
            RecordKey key = record(1, Status.OK).key();
            assertThat(file.find(key)).isPresent();
            assertThat(file.find(new RecordKey("other", key.setupHash(), key.toolchain(), key.device(), key.config()))).isEmpty();
            assertThat(file.find(new RecordKey(key.sourceHash(), key.setupHash(), "clang", key.device(), key.config()))).isEmpty();
            assertThat(file.find(new RecordKey(key.sourceHash(), key.setupHash(), key.toolchain(), key.device(), "BM=64"))).isEmpty();
        }
    }

    @Test
    void aSchemaOneRecordIsReadIntoTheNestedForm() throws Exception {
        Path path = dir.resolve("old.jsonl");
        Files.writeString(path, """
                {"schema":1,"time":"2026-01-01T00:00:00Z","project":"p","config_number":3,"config":{"BM":"32"},"status":"ok",\
                "samples_us":[1.0,2.0,3.0],"calls_per_sample":4,"median_us":2.0,"min_us":1.0,"max_us":3.0,"mean_us":2.0,"stddev_us":1.0,\
                "cv":0.5,"noisy":true,"build_ms":12.0,"build_cached":false,"run_ms":40.0,"source_hash":"src","setup_hash":"setup",\
                "toolchain":"gcc 12","device":"cpu","unsteady":false,"remeasured":0}
                """);
        TuningRecord r = RecordFile.read(path).getFirst();
        assertThat(r.trial()).isEqualTo(3);
        assertThat(r.medianUs()).isEqualTo(2.0);
        assertThat(r.samplesUs()).containsExactly(1.0, 2.0, 3.0);
        assertThat(r.callsPerSample()).isEqualTo(4L);
        assertThat(r.key()).isEqualTo(new RecordKey("src", "setup", "gcc 12", "cpu", "BM=32"));
        assertThat(r.buildMs()).isEqualTo(12.0);
        assertThat(r.unsteady()).isFalse();
    }

    @Test
    void damagedLinesAreSkippedAndNamedWhileTheOthersAreRead() throws Exception {
        Path path = dir.resolve("r.jsonl");
        try (RecordFile file = RecordFile.open(path)) {
            file.append(record(1, Status.OK));
        }
        Files.writeString(path, """
                null
                {"schema":2,"config":{"BM":null},"outcome":{"status":"ok"},"statistics":{"median_us":1,"min_us":1,"max_us":1,"mean_us":1,"stddev_us":0,"cv":0}}
                {"schema":2,"config":{"BM":"1"}}
                {"schema":1,"config":{"BM":"2"},"status":"ok"}
                [1, 2]
                """, StandardOpenOption.APPEND);
        Files.write(path, new byte[] {'{', '"', (byte) 0xff, '"', '}', '\n'}, StandardOpenOption.APPEND);
        try (RecordFile file = RecordFile.open(path)) {
            file.append(record(2, Status.OK));
        }
        try (RecordFile file = RecordFile.open(path)) {
            assertThat(file.records()).extracting(TuningRecord::trial).containsExactly(1, 2);
            assertThat(file.skippedLines()).hasSize(6);
            assertThat(file.skippedLines().get(0)).contains("r.jsonl:2");
            assertThat(file.skippedLines().get(2)).contains("r.jsonl:4", "no status");
        }
    }

    @Test
    void aDamagedLineIsNamedByItsProblemWithoutTheParsersSettings() throws Exception {
        Path path = dir.resolve("r.jsonl");
        try (RecordFile file = RecordFile.open(path)) {
            file.append(record(1, Status.OK));
        }
        Files.writeString(path, "{\"schema\":2]\n", StandardOpenOption.APPEND);
        try (RecordFile file = RecordFile.snapshot(path)) {
            assertThat(file.skippedLines()).singleElement().asString().contains("r.jsonl:2: not a record (", "line 1, column 1")
                    .doesNotContain("Source", "REDACTED", "StreamReadFeature");
        }
    }

    @Test
    void aSnapshotOfAFileWhoseLinesAreNotRecordsIsRefusedInOneMessage() throws Exception {
        Path kernel = dir.resolve("kernel.c");
        Files.writeString(kernel, "#include <stdio.h>\nint main(void) {\n    return 0;\n}\n");
        assertThatThrownBy(() -> RecordFile.snapshot(kernel)).isInstanceOf(RecordFileException.class)
                .hasMessage(kernel + " is not a record file (none of its lines is a record)");
    }

    @Test
    void timesThatAreNotTimesMakeALineNoRecordSoTheyAreNeverRankedBest() throws Exception {
        Path path = dir.resolve("r.jsonl");
        try (RecordFile file = RecordFile.open(path)) {
            file.append(record(1, Status.OK));
        }
        String line = RecordFile.JSON.writeValueAsString(record(2, Status.OK));
        String median = "\"median_us\":2.0";
        assertThat(line).contains(median);
        Files.writeString(path, line.replace(median, "\"median_us\":-5") + "\n" + line.replace(median, "\"median_us\":0") + "\n"
                + line.replace(median, "\"median_us\":null") + "\n" + line.replace(median, "\"median_us\":1e999") + "\n"
                + line.replace("[1.5,2.5,2.0]", "[1.5,-2.5,2.0]") + "\n", StandardOpenOption.APPEND);
        try (RecordFile file = RecordFile.snapshot(path)) {
            assertThat(file.records()).extracting(TuningRecord::trial).containsExactly(1);
            assertThat(file.skippedLines()).hasSize(5);
            assertThat(file.skippedLines().get(0)).contains("r.jsonl:2: not a record (its median -5.0 µs is not a time (times are positive and finite))");
            assertThat(file.skippedLines().get(1)).contains("its median 0.0 µs is not a time");
            assertThat(file.skippedLines().get(2)).contains("its median 0.0 µs is not a time");
            assertThat(file.skippedLines().get(3)).contains("its median Infinity µs is not a time");
            assertThat(file.skippedLines().get(4)).contains("its sample -2.5 µs is not a time");
        }
    }
}
