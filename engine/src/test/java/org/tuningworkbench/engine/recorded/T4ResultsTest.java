package org.tuningworkbench.engine.recorded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.space.Parameter;

class T4ResultsTest {

    @TempDir
    Path dir;

    @Test
    void readsResultsTheirParametersAndStatusesWithSamplesInMicroseconds() throws Exception {
        RecordedSpace space = T4Results.read(Fixtures.file("t4-small.json"));

        assertThat(space.name()).isEqualTo("t4-small");
        assertThat(space.deviceName()).isEqualTo("unknown");
        assertThat(space.kernelName()).isEqualTo("t4-small");
        assertThat(space.objective()).isEqualTo("time");
        // Parameters in the first result's order; numbers ascending, text in the order first seen.
        assertThat(space.parameters()).containsExactly(
                new Parameter("block", Parameter.Kind.INTEGER, List.of("8", "16", "32")),
                new Parameter("layout", Parameter.Kind.CATEGORICAL, List.of("row", "col")));
        assertThat(space.records()).hasSize(5);
        assertThat(space.validCount()).isEqualTo(2);

        TuningRecord first = space.records().getFirst();
        assertThat(first.config()).containsExactly(Map.entry("block", "16"), Map.entry("layout", "row"));
        assertThat(first.samplesUs()).containsExactly(500.0, 700.0, 600.0);
        // No runtimes: the measured time is its one sample.
        assertThat(space.lookup(config("8", "row")).orElseThrow().samplesUs()).containsExactly(400.0);
        assertThat(space.optimum()).isEqualTo(400.0);
    }

    @Test
    void invalidityIsTheStatus() throws Exception {
        RecordedSpace space = T4Results.read(Fixtures.file("t4-small.json"));
        assertThat(space.lookup(config("8", "col")).orElseThrow().outcome())
                .isEqualTo(new TuningRecord.Outcome(Status.COMPILE_ERROR, "invalidity: compile", null));
        assertThat(space.lookup(config("16", "col")).orElseThrow().status()).isEqualTo(Status.CRASH);
        assertThat(space.lookup(config("32", "row")).orElseThrow().status()).isEqualTo(Status.WRONG_RESULT);
        assertThat(space.lookup(config("32", "row")).orElseThrow().samplesUs()).isEmpty();
        for (Status s : Status.values()) {
            if (s != Status.OUT_OF_MEMORY && s != Status.OUT_OF_BOUNDS && s != Status.LOST && s != Status.ENVIRONMENT_ERROR) assertThat(T4Results.status(T4Results.invalidity(s))).isEqualTo(s);
        }
        assertThat(T4Results.invalidity(Status.OUT_OF_MEMORY)).isEqualTo("runtime");
        assertThat(T4Results.invalidity(Status.OUT_OF_BOUNDS)).isEqualTo("runtime");
        assertThat(T4Results.invalidity(Status.LOST)).isEqualTo("runtime");
        assertThat(T4Results.invalidity(Status.ENVIRONMENT_ERROR)).isEqualTo("runtime");
    }

    @Test
    void theTimeUnitAndTheNamesInTheMetadataAreUsed() throws Exception {
        RecordedSpace space = T4Results.read(Fixtures.file("t4-seconds.json"));
        assertThat(space.deviceName()).isEqualTo("Test CPU 3000");
        assertThat(space.kernelName()).isEqualTo("stencil");
        assertThat(space.records().getFirst().samplesUs()).containsExactly(2000.0, 4000.0, 3000.0);
        assertThat(space.optimum()).isEqualTo(1000.0);
        assertThat(space.parameters().getFirst().values()).containsExactly("1", "2");
    }

    @Test
    void microsecondsMaySpellTheirSignEitherWay() throws Exception {
        // U+00B5 MICRO SIGN and U+03BC GREEK SMALL LETTER MU: both are written for microseconds.
        for (String sign : List.of("\u00b5s", "\u03bcs")) {
            Path file = dir.resolve("t4-" + (int) sign.charAt(0) + ".json");
            Files.writeString(file, """
                    {"schema_version": "1.0.0", "metadata": {"timeunit": "%s"},
                     "results": [{"configuration": {"unroll": 2}, "times": {"runtimes": [20, 40, 30]}, "invalidity": "correct", "correctness": 1}]}
                    """.formatted(sign));
            assertThat(T4Results.read(file).records().getFirst().samplesUs()).containsExactly(20.0, 40.0, 30.0);
        }
    }

    @Test
    void malformedResultsAreClearErrorsAtTheirLine() {
        assertProblem("t4-no-configuration.json", 4, "the result has no `configuration` (an object of parameter → value)");
        assertProblem("t4-runtimes-not-a-list.json", 3, "the result's `times.runtimes` must be a list of numbers, not a string");
        assertProblem("t4-different-parameters.json", 4, "the result sets the parameters [block, unroll], but the first result (line 3) sets [block, tile]");
        assertProblem("t4-no-runtimes.json", 3, "the result is correct but has no `times.runtimes` (nor a `time` measurement)");
        assertProblem("t4-repeated.json", 5, "the result repeats the configuration of the result at line 3");
        assertProblem("t4-unknown-unit.json", 1, "`metadata.timeunit` is \"fortnights\"; expected milliseconds, seconds, microseconds or nanoseconds");
    }

    @Test
    void aRecordedSpaceWrittenAsT4ReadsBackTheSame() throws Exception {
        RecordedSpace original = KernelTunerCache.read(Fixtures.file("kt-small.json"));
        Path file = dir.resolve("exported.json.gz");
        T4Results.write(file, original);

        RecordedSpace back = RecordedSpaces.read(file);
        assertThat(back.name()).isEqualTo("exported");
        assertThat(back.deviceName()).isEqualTo(original.deviceName());
        assertThat(back.kernelName()).isEqualTo(original.kernelName());
        assertThat(back.parameters()).isEqualTo(original.parameters());
        assertSameRecords(back.records(), original.records());
        assertThat(back.optimum()).isCloseTo(original.optimum(), within(1e-9));
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            JsonNode json = RecordFile.JSON.readTree(in);
            assertThat(json.get("schema_version").asText()).isEqualTo("1.0.0");
            JsonNode first = json.get("results").get(0);
            assertThat(first.get("configuration").get("block_size_x").isIntegralNumber()).isTrue();
            assertThat(first.get("invalidity").asText()).isEqualTo("correct");
            assertThat(first.get("times").get("runtimes").size()).isEqualTo(3);
        }
    }

    @Test
    void recordsOfARunAreExportedTheLatestOfEachConfigAndTextValuesStayText() throws Exception {
        var records = new ArrayList<TuningRecord>();
        records.add(record("GemmShape<64, 64, 64>", "4", Status.OK, List.of(10.0, 12.0)));
        records.add(record("GemmShape<128, 64, 64>", "4", Status.COMPILE_ERROR, List.of()));
        records.add(record("GemmShape<64, 64, 64>", "4", Status.OK, List.of(9.0, 9.5, 9.25)));
        records.add(record("GemmShape<64, 64, 64>", "8", Status.WRONG_RESULT, List.of(3.0)));
        records.add(record("GemmShape<64, 64, 64>", "2", Status.OK, List.of(20.0)).asBaseline("OpenBLAS"));
        Path file = dir.resolve("run.json");
        T4Results.write(file, records, List.of("Shape", "Stages"));

        RecordedSpace back = T4Results.read(file);
        assertThat(back.parameters()).containsExactly(
                new Parameter("Shape", Parameter.Kind.CATEGORICAL, List.of("GemmShape<64, 64, 64>", "GemmShape<128, 64, 64>")),
                new Parameter("Stages", Parameter.Kind.INTEGER, List.of("4", "8")));
        assertSameRecords(back.records(), List.of(records.get(2), records.get(1), records.get(3)));
        assertThat(back.lookup(records.get(3).configValues()).orElseThrow().samplesUs()).isEmpty();

        assertThatThrownBy(() -> T4Results.write(dir.resolve("bad.json"), records, List.of("Shape", "Warps")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not set `Warps`");
        assertThat(dir.resolve("bad.json")).doesNotExist();
    }

    private static void assertSameRecords(List<TuningRecord> actual, List<TuningRecord> expected) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            TuningRecord a = actual.get(i);
            TuningRecord e = expected.get(i);
            assertThat(a.config()).isEqualTo(e.config());
            assertThat(a.status()).isEqualTo(e.status());
            if (e.ok()) {
                assertThat(a.samplesUs()).hasSameSizeAs(e.samplesUs());
                for (int s = 0; s < e.samplesUs().size(); s++) assertThat(a.samplesUs().get(s)).isCloseTo(e.samplesUs().get(s), within(1e-9));
            }
        }
    }

    private static TuningRecord record(String shape, String stages, Status status, List<Double> samples) {
        var config = new LinkedHashMap<String, String>();
        config.put("Shape", shape);
        config.put("Stages", stages);
        return TuningRecord.of(config, status, samples);
    }

    private static void assertProblem(String fixture, int line, String problem) {
        assertThatThrownBy(() -> T4Results.read(Fixtures.file(fixture)))
                .isInstanceOf(RecordedSpaceException.class)
                .hasMessageStartingWith(Fixtures.file(fixture).toString())
                .satisfies(e -> {
                    var r = (RecordedSpaceException) e;
                    assertThat(r.problem()).isEqualTo(problem);
                    assertThat(r.line()).isEqualTo(line);
                });
    }

    private static Config config(String block, String layout) {
        var values = new LinkedHashMap<String, String>();
        values.put("block", block);
        values.put("layout", layout);
        return new Config(values);
    }
}
