package org.tuningworkbench.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.engine.cli.TunedScale.FAST;
import static org.tuningworkbench.engine.cli.TunedScale.SLOW;
import static org.tuningworkbench.engine.cli.TunedScale.run;
import static org.tuningworkbench.fixtures.TestProject.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.recorded.Fixtures;
import org.tuningworkbench.engine.recorded.KernelTunerCache;
import org.tuningworkbench.engine.recorded.RecordedSpace;
import org.tuningworkbench.engine.recorded.T4Results;
import org.tuningworkbench.fixtures.TestProject;

/** Records exported as a Kernel Tuner cache and as T4 results read back the same, and the T4 file follows the published schema. */
class ExportCommandTest {

    @TempDir
    Path dir;

    private List<TuningRecord> tuned() throws Exception {
        var result = TunedScale.tune(dir, TestProject.scaleProject(config("Body", FAST) + config("Body", SLOW) + config("Body", "oops(;")));
        assertThat(result.code()).as(result.err()).isIn(ExitCode.OK, ExitCode.NO_SUCCESS);
        try (RecordFile file = RecordFile.snapshot(dir.resolve("records.jsonl"))) {
            return file.records();
        }
    }

    private static Map<String, TuningRecord> byBody(List<TuningRecord> records) {
        return records.stream().collect(Collectors.toMap(r -> r.config().get("Body"), r -> r));
    }

    private static void assertSame(List<TuningRecord> original, RecordedSpace readBack) {
        Map<String, TuningRecord> back = byBody(readBack.records());
        assertThat(back.keySet()).isEqualTo(byBody(original).keySet());
        for (TuningRecord r : original) {
            TuningRecord b = back.get(r.config().get("Body"));
            assertThat(b.ok()).as(r.config().get("Body")).isEqualTo(r.ok());
            if (r.ok()) {
                assertThat(b.samplesUs()).hasSameSizeAs(r.samplesUs());
                for (int i = 0; i < r.samplesUs().size(); i++) assertThat(b.samplesUs().get(i)).isCloseTo(r.samplesUs().get(i), org.assertj.core.data.Offset.offset(1e-6));
            }
        }
    }

    @Test
    void aKernelTunerCacheReadsBackWithEveryConfigSampleAndFailureAndTheFieldsKernelTunersSimulationAddsUp() throws Exception {
        List<TuningRecord> records = tuned();
        Path out = dir.resolve("export.json");
        var result = run("export", dir.toString(), "--format", "kt-cache", "--out", out.toString());
        assertThat(result.code()).as(result.err()).isEqualTo(ExitCode.OK);
        assertThat(result.out()).contains("Wrote 3 configs to " + out + " as a Kernel Tuner cache");
        RecordedSpace back = KernelTunerCache.read(out);
        assertSame(records, back);
        assertThat(back.records()).filteredOn(r -> !r.ok()).extracting(TuningRecord::status).containsExactly(Status.COMPILE_ERROR);
        assertThat(back.ranking().values()).hasSize(2);
        JsonNode cache = new ObjectMapper().readTree(out.toFile()).get("cache");
        cache.properties().forEach(entry -> {
            assertThat(entry.getKey()).isEqualTo(entry.getValue().get("Body").textValue());
            for (String field : List.of("compile_time", "verification_time", "benchmark_time", "strategy_time", "framework_time")) {
                assertThat(entry.getValue().get(field).isNumber()).as(field).isTrue();
            }
        });
    }

    @Test
    void t4ResultsReadBackAndFollowThePublishedSchemaCompressedOrNot() throws Exception {
        List<TuningRecord> records = tuned();
        for (String name : List.of("export.json", "export.json.gz")) {
            Path out = dir.resolve(name);
            var result = run("export", dir.resolve("records.jsonl").toString(), "--format", "t4", "--out", out.toString());
            assertThat(result.code()).as(result.err()).isEqualTo(ExitCode.OK);
            assertSame(records, T4Results.read(out));
            if (name.endsWith(".json")) {
                JsonNode schema = new ObjectMapper().readTree(Fixtures.file("t4-results-schema-1.0.0.json").toFile());
                assertThat(SchemaSubset.problems(schema, new ObjectMapper().readTree(out.toFile()), "$")).isEmpty();
            }
        }
    }

    @Test
    void aBadFormatOrNoRecordsIsBadInput() throws Exception {
        assertThat(run("export", dir.toString(), "--format", "csv", "--out", "x").err()).contains("--format takes kt-cache or t4, not csv");
        var none = run("export", dir.resolve("nothing.jsonl").toString(), "--format", "t4", "--out", dir.resolve("x.json").toString());
        assertThat(none.code()).isEqualTo(ExitCode.BAD_INPUT);
    }

    /** The part of JSON Schema the T4 schema uses: type, properties, required, enum, items, pattern. */
    static final class SchemaSubset {
        private SchemaSubset() {}

        static List<String> problems(JsonNode schema, JsonNode value, String at) {
            var out = new java.util.ArrayList<String>();
            JsonNode type = schema.get("type");
            if (type != null) {
                var types = type.isArray() ? java.util.stream.StreamSupport.stream(type.spliterator(), false).map(JsonNode::asText).toList() : List.of(type.asText());
                if (types.stream().noneMatch(t -> is(t, value))) out.add(at + " is not " + types);
            }
            if (schema.has("enum")) {
                boolean listed = false;
                for (JsonNode e : schema.get("enum")) listed |= e.equals(value);
                if (!listed) out.add(at + " = " + value + " is not one of " + schema.get("enum"));
            }
            if (schema.has("pattern") && value.isTextual() && !java.util.regex.Pattern.compile(schema.get("pattern").asText()).matcher(value.asText()).find()) {
                out.add(at + " does not match " + schema.get("pattern"));
            }
            if (value.isObject()) {
                for (JsonNode required : schema.path("required")) if (!value.has(required.asText())) out.add(at + " lacks " + required.asText());
                schema.path("properties").properties().forEach(p -> {
                    if (value.has(p.getKey())) out.addAll(problems(p.getValue(), value.get(p.getKey()), at + "." + p.getKey()));
                });
            }
            if (value.isArray() && schema.has("items")) {
                for (int i = 0; i < value.size(); i++) out.addAll(problems(schema.get("items"), value.get(i), at + "[" + i + "]"));
            }
            return out;
        }

        private static boolean is(String type, JsonNode value) {
            return switch (type) {
                case "object" -> value.isObject();
                case "array" -> value.isArray();
                case "string" -> value.isTextual();
                case "number" -> value.isNumber();
                case "integer" -> value.isIntegralNumber();
                case "boolean" -> value.isBoolean();
                default -> false;
            };
        }
    }
}
