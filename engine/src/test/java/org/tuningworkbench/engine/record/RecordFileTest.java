package org.tuningworkbench.engine.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.build.Diagnostic;
import org.tuningworkbench.engine.verify.Verification;

class RecordFileTest {

    @TempDir
    Path dir;

    static TuningRecord record(int number, Status status) {
        return new TuningRecord(TuningRecord.SCHEMA, "2026-01-01T00:00:00Z", "p", number, Map.of("BM", "32", "BN", "" + number), status,
                status == Status.OK ? null : "boom", null, List.of(1.5, 2.5, 2.0), 10L, 2.0, 1.5, 2.5, 2.0, 0.5, 0.25, true, 3.0, null,
                12.0, false, 40.0, new Verification(Verification.Status.PASS, 0, 0, 0, -1, null, null),
                List.of(new Diagnostic(Diagnostic.Severity.WARNING, true, 3, 7, "unused")), "src", "setup", "gcc 12", "cpu", null);
    }

    @Test
    void recordsRoundTripThroughTheFileWithSnakeCaseFields() throws Exception {
        Path path = dir.resolve("r.jsonl");
        try (RecordFile file = RecordFile.open(path)) {
            file.append(record(1, Status.OK));
            file.append(record(2, Status.CRASH));
        }
        String firstLine = Files.readAllLines(path).getFirst();
        assertThat(firstLine).contains("\"config_number\":1", "\"samples_us\":[1.5,2.5,2.0]", "\"median_us\":2.0",
                "\"verification\":{\"status\":\"pass\"", "\"in_kernel\":true", "\"source_hash\":\"src\"", "\"status\":\"ok\"");
        assertThat(RecordFile.read(path)).containsExactly(record(1, Status.OK), record(2, Status.CRASH));
    }

    @Test
    void aLineCutShortByAKillIsSkippedAndNeverGluedToTheNextRecord() throws Exception {
        Path path = dir.resolve("r.jsonl");
        try (RecordFile file = RecordFile.open(path)) {
            file.append(record(1, Status.OK));
        }
        Files.writeString(path, "{\"schema\":1,\"config_num", StandardOpenOption.APPEND);
        try (RecordFile file = RecordFile.open(path)) {
            assertThat(file.records()).hasSize(1);
            assertThat(file.skippedLines()).singleElement().asString().contains("r.jsonl:2");
            file.append(record(2, Status.OK));
        }
        assertThat(RecordFile.read(path)).extracting(TuningRecord::configNumber).containsExactly(1, 2);
    }

    @Test
    void findMatchesOnSourceSetupToolchainDeviceAndConfig() throws Exception {
        try (RecordFile file = RecordFile.open(dir.resolve("r.jsonl"))) {
            file.append(record(1, Status.OK));
            RecordKey key = record(1, Status.OK).key();
            assertThat(file.find(key)).isPresent();
            assertThat(file.find(new RecordKey("other", key.setupHash(), key.toolchain(), key.device(), key.config()))).isEmpty();
            assertThat(file.find(new RecordKey(key.sourceHash(), key.setupHash(), "clang", key.device(), key.config()))).isEmpty();
            assertThat(file.find(new RecordKey(key.sourceHash(), key.setupHash(), key.toolchain(), key.device(), Map.of("BM", "64")))).isEmpty();
        }
    }
}
