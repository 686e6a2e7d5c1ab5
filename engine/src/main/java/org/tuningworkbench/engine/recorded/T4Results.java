package org.tuningworkbench.engine.recorded;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.space.Parameter;

/**
 * The community T4 results format ({@code .json} or {@code .json.gz}): {@code schema_version}
 * 1.x, {@code metadata} (its {@code timeunit}, milliseconds when absent) and {@code results}, a
 * list of {@code {configuration, times: {runtimes: [...]}, invalidity, correctness, measurements,
 * objectives}}. A result whose {@code invalidity} is not {@code correct} is a failed config.
 *
 * <p>T4 does not list the parameters: they are the first result's configuration keys, in order,
 * their values those the results use (numbers ascending). Nor does it name the device or the
 * kernel; {@code metadata.device_name} and {@code metadata.kernel_name} are read when present, and
 * written on export.
 */
public final class T4Results {
    private T4Results() {}

    /** The space the results record; nothing is returned unless the whole file reads. */
    public static RecordedSpace read(Path file) throws RecordedSpaceException {
        try (JsonInput in = JsonInput.open(file)) {
            return new Reader(in).read();
        }
    }

    /** Writes {@code space} as T4 (gzip-compressed when {@code file} ends in {@code .gz}), in ms. */
    public static void write(Path file, RecordedSpace space) throws IOException {
        write(file, space.records(), space.parameters().stream().map(Parameter::name).toList(), space.deviceName(), space.kernelName());
    }

    /**
     * Writes records (such as a record file's) as T4: one result per config, the latest record of
     * each, baseline records left out. Every record must set each of {@code parameterNames}. The
     * device and kernel are written when every record names the same ones.
     *
     * @throws IllegalArgumentException when a record does not set one of the parameters
     */
    public static void write(Path file, List<TuningRecord> records, List<String> parameterNames) throws IOException {
        write(file, records, parameterNames, common(records, TuningRecord::device), common(records, TuningRecord::project));
    }

    /** T4's {@code invalidity} as a status. */
    static Status status(String invalidity) {
        return switch (invalidity) {
            case "correct" -> Status.OK;
            case "compile" -> Status.COMPILE_ERROR;
            case "runtime" -> Status.CRASH;
            case "timeout" -> Status.TIMEOUT;
            case "correctness" -> Status.WRONG_RESULT;
            default -> Status.INVALID_CONFIG;
        };
    }

    /** A status as T4's {@code invalidity}; T4 has no word for running out of memory, writing out of bounds or a lost answer: run-time failures. */
    static String invalidity(Status status) {
        return switch (status) {
            case OK -> "correct";
            case COMPILE_ERROR -> "compile";
            case CRASH, OUT_OF_MEMORY, OUT_OF_BOUNDS, LOST, ENVIRONMENT_ERROR -> "runtime";
            case TIMEOUT -> "timeout";
            case WRONG_RESULT -> "correctness";
            case INVALID_CONFIG -> "constraints";
        };
    }

    private static void write(Path file, List<TuningRecord> records, List<String> names, String device, String kernel) throws IOException {
        Map<String, TuningRecord> latest = latest(records, names);
        List<Function<String, Object>> values = valueWriters(latest, names);

        JsonOutput.write(file, g -> {
            g.writeStartObject();
            g.writeStringField("schema_version", "1.0.0");
            g.writeObjectFieldStart("metadata");
            g.writeStringField("timeunit", "milliseconds");
            if (device != null) g.writeStringField("device_name", device);
            if (kernel != null) g.writeStringField("kernel_name", kernel);
            g.writeEndObject();
            g.writeArrayFieldStart("results");
            for (TuningRecord r : latest.values()) result(g, r, names, values);
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    private static void result(JsonGenerator g, TuningRecord r, List<String> names, List<Function<String, Object>> values) throws IOException {
        g.writeStartObject();
        if (r.time() != null) g.writeStringField("timestamp", r.time());
        g.writeObjectFieldStart("configuration");
        for (int i = 0; i < names.size(); i++) {
            g.writeFieldName(names.get(i));
            g.writeObject(values.get(i).apply(r.config().get(names.get(i))));
        }
        g.writeEndObject();
        g.writeObjectFieldStart("times");
        if (r.buildMs() != null) g.writeNumberField("compilation", r.buildMs());
        g.writeArrayFieldStart("runtimes");
        for (double us : r.samplesUs()) g.writeNumber(us / 1000);
        g.writeEndArray();
        g.writeEndObject();
        g.writeStringField("invalidity", invalidity(r.status()));
        g.writeNumberField("correctness", r.status() == Status.WRONG_RESULT ? 0 : 1);
        g.writeArrayFieldStart("measurements");
        if (r.meanUs() != null) {
            g.writeStartObject();
            g.writeStringField("name", "time");
            g.writeNumberField("value", r.meanUs() / 1000);
            g.writeStringField("unit", "ms");
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("objectives");
        g.writeString("time");
        g.writeEndArray();
        g.writeEndObject();
    }

    /** The latest record of each config, baseline records left out; each must set every one of {@code names}. */
    static Map<String, TuningRecord> latest(List<TuningRecord> records, List<String> names) {
        var latest = new LinkedHashMap<String, TuningRecord>();
        for (TuningRecord r : records) {
            if (r.baseline() != null) continue;
            for (String name : names) {
                if (!r.config().containsKey(name)) throw new IllegalArgumentException("config " + r.configValues() + " does not set `" + name + "`");
            }
            latest.put(r.configValues().key(), r);
        }
        return latest;
    }

    /** For each of {@code names}, how its values are written ({@link #valueWriter}). */
    static List<Function<String, Object>> valueWriters(Map<String, TuningRecord> latest, List<String> names) {
        List<Function<String, Object>> values = new ArrayList<>();
        for (String name : names) values.add(valueWriter(name, latest.values().stream().map(r -> r.config().get(name)).distinct().toList()));
        return values;
    }

    /**
     * How a parameter's values are written: as JSON numbers when every one of them reads back as
     * the same text, otherwise as strings.
     */
    static Function<String, Object> valueWriter(String name, List<String> texts) {
        var numbers = new HashMap<String, Object>();
        for (String text : texts) {
            Object number = number(text);
            if (number == null || !Parameter.of(name, List.of(number)).values().getFirst().equals(text)) return value -> value;
            numbers.put(text, number);
        }
        return numbers::get;
    }

    private static Object number(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            try {
                double d = Double.parseDouble(text);
                return Double.isFinite(d) ? d : null;
            } catch (NumberFormatException notANumber) {
                return null;
            }
        }
    }

    static String common(List<TuningRecord> records, Function<TuningRecord, String> field) {
        List<String> distinct = records.stream().filter(r -> r.baseline() == null).map(field).distinct().toList();
        return distinct.size() == 1 ? distinct.getFirst() : null;
    }

    private static final class Reader {
        final JsonInput in;
        JsonNode metadata;
        JsonLocation metadataAt;
        boolean sawResults;
        List<String> names;
        JsonLocation firstAt;
        String objective;
        final List<Result> results = new ArrayList<>();
        final Map<String, Integer> seen = new HashMap<>();

        /** One result as read, its samples still in the file's time unit (the metadata may come last). */
        record Result(Map<String, Object> values, Status status, String error, double[] samples, Double objectiveValue) {}

        Reader(JsonInput in) {
            this.in = in;
        }

        RecordedSpace read() throws RecordedSpaceException {
            in.startTopLevel("expected T4 results (an object with `results`)");
            while (in.next() == JsonToken.FIELD_NAME) {
                String field = in.fieldName();
                JsonLocation at = in.location();
                in.next();
                switch (field) {
                    case "metadata" -> {
                        metadataAt = at;
                        metadata = in.tree();
                        if (!metadata.isObject()) throw in.error(at, "`metadata` must be an object, not " + JsonInput.kind(metadata));
                    }
                    case "schema_version" -> {
                        JsonNode version = in.tree();
                        if (!version.isTextual() || !version.textValue().startsWith("1.")) {
                            throw in.error(at, "`schema_version` is " + version + "; only T4 1.x is known");
                        }
                    }
                    case "results" -> results();
                    default -> in.skip();
                }
            }
            if (!sawResults) throw new RecordedSpaceException(in.file(), "not a T4 results file: it has no `results`");
            if (results.isEmpty()) throw new RecordedSpaceException(in.file(), "`results` is empty: there is no config to read");
            double toUs = microsecondsPer(metadata == null ? null : metadata.get("timeunit"));
            List<Parameter> parameters = new ArrayList<>();
            List<Map<String, String>> texts = new ArrayList<>();
            for (String name : names) {
                var distinct = new LinkedHashMap<String, Object>();
                for (Result r : results) distinct.putIfAbsent(JsonInput.identity(r.values().get(name)), r.values().get(name));
                List<Object> values = new ArrayList<>(distinct.values());
                if (values.stream().allMatch(v -> v instanceof Number)) values.sort(Comparator.comparing(v -> new BigDecimal(v.toString())));
                Parameter p = Parameter.of(name, values);
                var byValue = new HashMap<String, String>();
                for (int i = 0; i < values.size(); i++) byValue.put(JsonInput.identity(values.get(i)), p.values().get(i));
                parameters.add(p);
                texts.add(byValue);
            }
            var records = new ArrayList<TuningRecord>(results.size());
            var objectiveValues = new HashMap<String, Double>();
            for (Result r : results) {
                var config = LinkedHashMap.<String, String>newLinkedHashMap(names.size());
                for (int i = 0; i < names.size(); i++) config.put(names.get(i), texts.get(i).get(JsonInput.identity(r.values().get(names.get(i)))));
                if (r.status() == Status.OK && r.objectiveValue() != null) objectiveValues.put(new Config(config).key(), r.objectiveValue());
                if (r.status() != Status.OK) {
                    records.add(RecordedSpace.failed(config, r.status(), r.error()));
                } else {
                    var samples = new ArrayList<Double>(r.samples().length);
                    for (double s : r.samples()) samples.add(s * toUs);
                    records.add(RecordedSpace.measured(config, samples));
                }
            }
            String name = RecordedSpaces.name(in.file());
            String device = metadata != null && metadata.path("device_name").isTextual() ? metadata.get("device_name").textValue() : "unknown";
            String kernel = metadata != null && metadata.path("kernel_name").isTextual() ? metadata.get("kernel_name").textValue() : name;
            String named = Objects.requireNonNullElse(objective, "time");
            return new RecordedSpace(name, device, kernel, named, parameters, records, FileObjective.of(named, null, objectiveValues));
        }

        void results() throws RecordedSpaceException {
            sawResults = true;
            if (in.token() != JsonToken.START_ARRAY) throw in.error("`results` must be a list");
            for (JsonToken t = in.next(); t != JsonToken.END_ARRAY; t = in.next()) {
                if (t == null) throw in.error("the JSON ends inside `results`; is the file cut short?");
                JsonLocation at = in.location();
                results.add(result(in.tree(), at));
            }
        }

        Result result(JsonNode node, JsonLocation at) throws RecordedSpaceException {
            if (!node.isObject()) throw in.error(at, "a result must be an object, not " + JsonInput.kind(node));
            JsonNode configuration = node.get("configuration");
            if (configuration == null || !configuration.isObject() || configuration.isEmpty()) {
                throw in.error(at, "the result has no `configuration` (an object of parameter → value)");
            }
            var values = new LinkedHashMap<String, Object>();
            for (var field : configuration.properties()) {
                Object value = JsonInput.scalar(field.getValue());
                if (value == null) {
                    throw in.error(at, "the result's `" + field.getKey() + "` is " + JsonInput.kind(field.getValue()) + ", not a number or a string");
                }
                values.put(field.getKey(), value);
            }
            if (names == null) {
                names = List.copyOf(values.keySet());
                firstAt = at;
                JsonNode objectives = node.path("objectives");
                if (objectives.isArray() && !objectives.isEmpty() && objectives.get(0).isTextual()) objective = objectives.get(0).textValue();
            } else if (!values.keySet().equals(new java.util.HashSet<>(names))) {
                throw in.error(at, "the result sets the parameters " + values.keySet() + ", but the first result (line " + firstAt.getLineNr()
                        + ") sets " + names);
            }
            String key = String.join("\u001f", names.stream().map(n -> JsonInput.identity(values.get(n))).toList());
            Integer earlier = seen.put(key, at.getLineNr());
            if (earlier != null) throw in.error(at, "the result repeats the configuration of the result at line " + earlier);

            JsonNode invalidity = node.get("invalidity");
            if (invalidity == null || !invalidity.isTextual()) throw in.error(at, "the result has no `invalidity` (a string such as \"correct\")");
            Status status = status(invalidity.textValue());
            if (status != Status.OK) return new Result(values, status, "invalidity: " + invalidity.textValue(), new double[0], null);
            return new Result(values, status, null, samples(node, at), objectiveValue(node));
        }

        /** The result's measurement named as the objective, when it is a finite number. */
        Double objectiveValue(JsonNode node) {
            for (JsonNode m : node.path("measurements")) {
                if (m.path("name").asText().equals(Objects.requireNonNullElse(objective, "time")) && m.path("value").isNumber()
                        && Double.isFinite(m.get("value").doubleValue())) {
                    return m.get("value").doubleValue();
                }
            }
            return null;
        }

        double[] samples(JsonNode node, JsonLocation at) throws RecordedSpaceException {
            JsonNode runtimes = node.path("times").path("runtimes");
            if (!runtimes.isMissingNode() && !runtimes.isArray()) {
                throw in.error(at, "the result's `times.runtimes` must be a list of numbers, not " + JsonInput.kind(runtimes));
            }
            double[] out = new double[runtimes.size()];
            for (int i = 0; i < out.length; i++) {
                JsonNode t = runtimes.get(i);
                if (!t.isNumber()) throw in.error(at, "the result's `times.runtimes` must be a list of numbers, but holds " + JsonInput.kind(t));
                out[i] = check(t.doubleValue(), at);
            }
            if (out.length > 0) return out;
            // No samples: the measured time itself, as one sample.
            for (JsonNode m : node.path("measurements")) {
                if (m.path("name").asText().equals(Objects.requireNonNullElse(objective, "time")) && m.path("value").isNumber()) {
                    return new double[] {check(m.get("value").doubleValue(), at)};
                }
            }
            throw in.error(at, "the result is correct but has no `times.runtimes` (nor a `time` measurement)");
        }

        double check(double time, JsonLocation at) throws RecordedSpaceException {
            // Below 10^15 of any unit, so that in microseconds it stays finite.
            if (!(time > 0) || time > 1e15) throw in.error(at, "the result has a time of " + time + ", which cannot be (times are positive and finite)");
            return time;
        }

        double microsecondsPer(JsonNode unit) throws RecordedSpaceException {
            if (unit == null || unit.isNull()) return 1000;
            String text = unit.asText().toLowerCase(Locale.ROOT);
            return switch (text) {
                case "ms", "millisecond", "milliseconds", "miliseconds" -> 1000;
                case "s", "second", "seconds" -> 1_000_000;
                case "us", "µs", "μs", "microsecond", "microseconds" -> 1;
                case "ns", "nanosecond", "nanoseconds" -> 0.001;
                default -> throw in.error(metadataAt, "`metadata.timeunit` is " + unit + "; expected milliseconds, seconds, microseconds or nanoseconds");
            };
        }
    }
}
