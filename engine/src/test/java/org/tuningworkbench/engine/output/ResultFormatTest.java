package org.tuningworkbench.engine.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

/** A command chooses its output form once, by name; each form prints what it has a place for, and nothing else. */
class ResultFormatTest {

    @TempDir
    Path dir;

    private static TuningRecord record(String bm, String bn, double us) {
        var config = new LinkedHashMap<String, String>();
        config.put("BN", bn);
        config.put("BM", bm);
        return TuningRecord.of(config, Status.OK, List.of(us, us, us));
    }

    private static String printed(ResultFormat form, TuningRecord r, int number) {
        var out = new StringWriter();
        form.measured(r, number, false, new PrintWriter(out, true));
        return out.toString().strip();
    }

    @Test
    void eachNameChoosesItsForm() {
        assertThat(ResultFormat.printed("default", List.of())).isInstanceOf(TableFormat.class);
        assertThat(ResultFormat.printed("vendor", List.of())).isInstanceOf(VendorFormat.class);
        assertThat(ResultFormat.printed("json", List.of())).isInstanceOf(JsonFormat.class);
        assertThat(ResultFormat.file("kt-cache", dir.resolve("c.json"))).isInstanceOf(KernelTunerCacheFormat.class);
        assertThat(ResultFormat.file("t4", dir.resolve("t.json"))).isInstanceOf(T4Format.class);
        for (String name : ResultFormat.PRINTED) assertThat(ResultFormat.printed(name, List.of()).name()).isEqualTo(name);
        for (String name : ResultFormat.FILES) assertThat(ResultFormat.file(name, dir.resolve("f.json")).name()).isEqualTo(name);
    }

    @Test
    void anUnknownNameIsRefusedNamingTheFormsThereAre() {
        assertThatThrownBy(() -> ResultFormat.printed("csv", List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--format takes default, vendor or json, not `csv`");
        assertThatThrownBy(() -> ResultFormat.file("default", dir.resolve("x.json"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--format takes kt-cache or t4, not default");
    }

    @Test
    void onlyTheTableSharesItsOutputWithTheRunsOtherReports() {
        assertThat(ResultFormat.printed("default", List.of()).sharesOutput()).isTrue();
        assertThat(ResultFormat.printed("vendor", List.of()).sharesOutput()).as("scripts parse the vendor's lines").isFalse();
        assertThat(ResultFormat.printed("json", List.of()).sharesOutput()).as("JSON lines, nothing else").isFalse();
    }

    @Test
    void eachPrintedFormWritesAMeasuredConfigItsOwnWay() {
        TuningRecord r = record("64", "32", 16.986);
        assertThat(printed(ResultFormat.printed("default", List.of()), r, 3)).isEqualTo("No.3: 16.99 µs, {BN=32, BM=64}");
        assertThat(printed(ResultFormat.printed("vendor", List.of("BM", "BN")), r, 3))
                .as("numbered from 0, the Greek mu, a Python dict in the project's parameter order")
                .isEqualTo("No.2: 16.986μs, {'BM': '64', 'BN': '32'}");
        assertThat(printed(ResultFormat.printed("json", List.of()), r, 3)).startsWith("{").contains("\"BM\":\"64\"").doesNotContain("No.3");
    }

    @Test
    void theVendorEndsWithTheBestAndTheVerdictAndJsonWithNothing() throws Exception {
        TuningRecord slow = record("64", "32", 30);
        TuningRecord fast = record("32", "32", 10);
        Map<TuningRecord, Integer> numbers = new IdentityHashMap<>(Map.of(slow, 1, fast, 2));
        var results = new Results("AUTOTUNE t", List.of(slow, fast), null, numbers, Objective.TIME, dir.resolve("records.jsonl"));
        var vendor = new StringWriter();
        ResultFormat.printed("vendor", List.of()).results(results, new PrintWriter(vendor, true));
        assertThat(vendor.toString().lines()).containsExactly("Best config: No.1", "compare success.");
        var json = new StringWriter();
        ResultFormat.printed("json", List.of()).results(results, new PrintWriter(json, true));
        assertThat(json.toString()).isEmpty();
        var table = new StringWriter();
        ResultFormat.printed("default", List.of()).results(results, new PrintWriter(table, true));
        assertThat(table.toString()).startsWith("Best config: No.2").contains("AUTOTUNE t").endsWith("Records: " + dir.resolve("records.jsonl") + "\n");
    }

    @Test
    void aFileFormWritesItsFileAndSaysSo() throws Exception {
        Path file = dir.resolve("out-t4.json");
        var out = new StringWriter();
        ResultFormat.file("t4", file).results(Results.of(List.of(record("64", "32", 30), record("32", "32", 10))), new PrintWriter(out, true));
        assertThat(file).exists();
        assertThat(Files.readString(file)).contains("\"BM\"");
        assertThat(out.toString()).startsWith("Wrote 2 configs to " + file + " as T4 results");
    }
}
