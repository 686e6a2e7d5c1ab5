package org.tuningworkbench.engine.recorded;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.space.Parameter;

/**
 * Reads a Kernel Tuner cache file ({@code .json} or {@code .json.gz}): {@code device_name},
 * {@code kernel_name}, {@code objective}, {@code tune_params_keys}, {@code tune_params} and
 * {@code cache}, whose entries hold a config's values, {@code time} (ms, the mean of
 * {@code times}, or the name of a failure such as {@code "RuntimeFailedConfig"}) and {@code times}
 * (every sample, ms). Every sample is kept; an entry without {@code times} counts its {@code time}
 * as its one sample. The file is read as a stream, one cache entry at a time.
 *
 * <p>Each entry's value of the file's {@code objective} ({@code time} unless it says otherwise;
 * {@code score}, {@code GFLOP/s}, ...) is kept as the space's {@link FileObjective}, the order
 * Kernel Tuner itself ranks by; {@code objective_higher_is_better} says its direction when present.
 * A cache without its closing brackets (Kernel Tuner writes the file as it tunes, and reads an
 * interrupted one back so) holds the entries written before it ends.
 */
public final class KernelTunerCache {
    private KernelTunerCache() {}

    /** The space the cache records; nothing is returned unless the whole file reads. */
    public static RecordedSpace read(Path file) throws RecordedSpaceException {
        try (JsonInput in = JsonInput.open(file)) {
            return new Reader(in).read();
        }
    }

    /** A failure's name in {@code time} as a status: {@code CompilationFailedConfig} does not compile, and so on. */
    static Status status(String failure) {
        return switch (failure) {
            case "CompilationFailedConfig" -> Status.COMPILE_ERROR;
            case "RuntimeFailedConfig" -> Status.CRASH;
            default -> Status.INVALID_CONFIG;
        };
    }

    private static final class Reader {
        final JsonInput in;
        String device;
        String kernel;
        String objective;
        List<String> keys;
        JsonLocation keysAt;
        Map<String, List<Object>> tuneParams;
        JsonLocation tuneParamsAt;
        boolean sawCache;
        Boolean higherIsBetter;
        /** The file ended inside `cache`, after a whole entry: an interrupted run's cache. */
        boolean open;
        final Map<String, Double> objectiveValues = new HashMap<>();
        /** Built once both the keys and the values are read; cache entries read before then wait. */
        List<Parameter> parameters;
        List<Map<String, String>> texts;
        final List<Entry> waiting = new ArrayList<>();
        final List<TuningRecord> records = new ArrayList<>();
        final Map<String, String> seen = new HashMap<>();

        record Entry(String key, JsonNode node, JsonLocation at) {}

        Reader(JsonInput in) {
            this.in = in;
        }

        RecordedSpace read() throws RecordedSpaceException {
            in.startTopLevel("expected a Kernel Tuner cache (an object with `tune_params_keys`, `tune_params` and `cache`)");
            while (!open && in.next() == JsonToken.FIELD_NAME) {
                String field = in.fieldName();
                JsonLocation at = in.location();
                in.next();
                switch (field) {
                    case "device_name" -> device = text(field, at);
                    case "kernel_name" -> kernel = text(field, at);
                    case "objective" -> objective = objective(at);
                    case "objective_higher_is_better" -> higherIsBetter = direction(at);
                    case "tune_params_keys" -> {
                        keysAt = at;
                        keys = keys(in.tree());
                    }
                    case "tune_params" -> {
                        tuneParamsAt = at;
                        tuneParams = tuneParams(in.tree());
                    }
                    case "cache" -> cache();
                    default -> in.skip();
                }
            }
            if (keys == null) throw missing("tune_params_keys");
            if (tuneParams == null) throw missing("tune_params");
            if (!sawCache) throw missing("cache");
            if (parameters == null) buildParameters();
            for (Entry e : waiting) records.add(record(e));
            String name = RecordedSpaces.name(in.file());
            String named = objective != null ? objective : "time";
            return new RecordedSpace(name, device != null ? device : "unknown", kernel != null ? kernel : name, named, parameters, records,
                    FileObjective.of(named, higherIsBetter, objectiveValues));
        }

        /** {@code "time"}, or Kernel Tuner's list of objectives ({@code ["time", "energy"]}), of which the first ranks. */
        String objective(JsonLocation at) throws RecordedSpaceException {
            JsonNode node = in.tree();
            if (node.isArray() && !node.isEmpty() && node.get(0).isTextual()) return node.get(0).textValue();
            if (!node.isTextual()) throw in.error(at, "`objective` must be a string (such as \"time\"), not " + JsonInput.kind(node));
            return node.textValue();
        }

        Boolean direction(JsonLocation at) throws RecordedSpaceException {
            JsonNode node = in.tree();
            if (node.isArray() && !node.isEmpty()) node = node.get(0);
            if (!node.isBoolean()) throw in.error(at, "`objective_higher_is_better` must be true or false, not " + JsonInput.kind(node));
            return node.booleanValue();
        }

        RecordedSpaceException missing(String field) {
            return new RecordedSpaceException(in.file(), "not a Kernel Tuner cache: it has no `" + field + "`");
        }

        String text(String field, JsonLocation at) throws RecordedSpaceException {
            JsonNode node = in.tree();
            if (!node.isTextual()) throw in.error(at, "`" + field + "` must be a string, not " + JsonInput.kind(node));
            return node.textValue();
        }

        List<String> keys(JsonNode node) throws RecordedSpaceException {
            if (!node.isArray() || node.isEmpty()) throw in.error(keysAt, "`tune_params_keys` must be a list of parameter names");
            var out = new ArrayList<String>();
            for (JsonNode k : node) {
                if (!k.isTextual()) throw in.error(keysAt, "`tune_params_keys` must list names (strings), not " + JsonInput.kind(k));
                if (out.contains(k.textValue())) throw in.error(keysAt, "`tune_params_keys` lists `" + k.textValue() + "` twice");
                out.add(k.textValue());
            }
            return out;
        }

        Map<String, List<Object>> tuneParams(JsonNode node) throws RecordedSpaceException {
            if (!node.isObject()) throw in.error(tuneParamsAt, "`tune_params` must be an object of parameter → values");
            var out = new LinkedHashMap<String, List<Object>>();
            for (var field : node.properties()) {
                JsonNode values = field.getValue();
                if (!values.isArray() || values.isEmpty()) {
                    throw in.error(tuneParamsAt, "`tune_params`: the values of `" + field.getKey() + "` must be a non-empty list");
                }
                var list = new ArrayList<Object>();
                for (JsonNode v : values) {
                    Object value = JsonInput.scalar(v);
                    if (value == null) {
                        throw in.error(tuneParamsAt, "`tune_params`: a value of `" + field.getKey() + "` is " + JsonInput.kind(v)
                                + "; expected numbers, strings or booleans");
                    }
                    list.add(value);
                }
                out.put(field.getKey(), list);
            }
            return out;
        }

        void buildParameters() throws RecordedSpaceException {
            parameters = new ArrayList<>();
            texts = new ArrayList<>();
            for (String key : keys) {
                List<Object> values = tuneParams.get(key);
                if (values == null) throw in.error(tuneParamsAt, "`tune_params` has no values for `" + key + "`, which `tune_params_keys` lists");
                Parameter p;
                try {
                    p = Parameter.of(key, values);
                } catch (IllegalArgumentException e) {
                    throw in.error(tuneParamsAt, "`tune_params`: " + e.getMessage());
                }
                var byValue = new HashMap<String, String>();
                for (int i = 0; i < values.size(); i++) {
                    if (byValue.put(JsonInput.identity(values.get(i)), p.values().get(i)) != null) {
                        throw in.error(tuneParamsAt, "`tune_params`: parameter `" + key + "` lists the value " + values.get(i) + " twice");
                    }
                }
                parameters.add(p);
                texts.add(byValue);
            }
        }

        void cache() throws RecordedSpaceException {
            sawCache = true;
            if (in.token() != JsonToken.START_OBJECT) throw in.error("`cache` must be an object of config → measurement");
            if (parameters == null && keys != null && tuneParams != null) buildParameters();
            JsonToken token;
            while ((token = in.nextOrEnd()) == JsonToken.FIELD_NAME) {
                String key = in.fieldName();
                JsonLocation at = in.location();
                if (in.nextOrEnd() == null) throw cutInside(key, at);
                JsonNode node;
                try {
                    node = in.tree();
                } catch (RecordedSpaceException e) {
                    if (JsonInput.endedEarly(e.getCause())) throw cutInside(key, at);
                    throw e;
                }
                var entry = new Entry(key, node, at);
                if (parameters != null) {
                    records.add(record(entry));
                } else {
                    waiting.add(entry);
                }
            }
            open = token == null;
        }

        RecordedSpaceException cutInside(String key, JsonLocation at) {
            return in.error(at, "the cache ends inside config `" + key + "`: an interrupted run cut it; the entries before it are whole,"
                    + " but this one is not (remove it, or let Kernel Tuner measure it again)");
        }

        TuningRecord record(Entry e) throws RecordedSpaceException {
            String what = "config `" + e.key() + "`";
            if (!e.node().isObject()) throw in.error(e.at(), what + " must be an object, not " + JsonInput.kind(e.node()));
            var config = LinkedHashMap.<String, String>newLinkedHashMap(keys.size());
            for (int i = 0; i < keys.size(); i++) {
                String key = keys.get(i);
                JsonNode v = e.node().get(key);
                if (v == null) throw in.error(e.at(), what + " has no value for `" + key + "`");
                Object value = JsonInput.scalar(v);
                if (value == null) throw in.error(e.at(), what + ": `" + key + "` is " + JsonInput.kind(v) + ", not a number or a string");
                String text = texts.get(i).get(JsonInput.identity(value));
                if (text == null) throw in.error(e.at(), what + ": `" + key + "` = " + v + " is not one of the values `tune_params` lists for it");
                config.put(key, text);
            }
            String earlier = seen.put(new Config(config).key(), e.key());
            if (earlier != null) throw in.error(e.at(), what + " has the same values as config `" + earlier + "`");

            JsonNode time = e.node().get("time");
            if (time != null && time.isTextual()) return RecordedSpace.failed(config, status(time.textValue()), time.textValue());
            JsonNode value = e.node().get(objective != null ? objective : "time");
            if (value != null && value.isTextual()) return RecordedSpace.failed(config, status(value.textValue()), value.textValue());
            if (time != null && time.isNull() && e.node().path("times").isArray()) time = null;
            List<Double> samples = samples(e, what);
            if (value != null && value.isNumber() && Double.isFinite(value.doubleValue())) {
                objectiveValues.put(new Config(config).key(), value.doubleValue());
            } else if ((objective == null || objective.equals("time")) && !samples.isEmpty()) {
                // Kernel Tuner's time is the mean of times when the entry does not give it.
                objectiveValues.put(new Config(config).key(), samples.stream().mapToDouble(Double::doubleValue).average().orElseThrow() / 1000);
            }
            if (samples.isEmpty()) {
                if (time == null) throw in.error(e.at(), what + " has neither `times` nor `time`");
                if (!time.isNumber()) {
                    throw in.error(e.at(), what + ": `time` must be a number (ms) or the name of a failure, not " + JsonInput.kind(time));
                }
                samples = List.of(microseconds(e, what, time.doubleValue()));
            }
            return RecordedSpace.measured(config, samples);
        }

        List<Double> samples(Entry e, String what) throws RecordedSpaceException {
            JsonNode times = e.node().get("times");
            if (times == null || times.isNull()) return List.of();
            if (!times.isArray()) throw in.error(e.at(), what + ": `times` must be a list of numbers (ms), not " + JsonInput.kind(times));
            var out = new ArrayList<Double>(times.size());
            for (JsonNode t : times) {
                if (!t.isNumber()) throw in.error(e.at(), what + ": `times` must be a list of numbers (ms), but holds " + JsonInput.kind(t));
                out.add(microseconds(e, what, t.doubleValue()));
            }
            return out;
        }

        double microseconds(Entry e, String what, double ms) throws RecordedSpaceException {
            double us = ms * 1000;
            if (!(ms > 0) || !Double.isFinite(us)) throw in.error(e.at(), what + ": a time of " + ms + " ms cannot be (times are positive and finite)");
            return us;
        }
    }
}
