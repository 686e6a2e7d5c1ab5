package org.tuningworkbench.engine.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.space.SearchSpace;

/**
 * A brute-forced GPU space read for testing strategies: the configs as a listed space and each
 * one's time. A small stand-in for the importer (branch {@code replay}), enough to replay a search.
 * Reads Kernel Tuner's cache format and the T4 format.
 */
record RecordedSpace(String name, SearchSpace space, Map<String, Double> latency) {

    /** The best time in the space. */
    double optimum() {
        return latency.values().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }

    /** What measuring {@code config} tells a strategy: its time, or a failure when it failed or is outside the space. */
    Observation measure(Config config) {
        Double t = latency.get(config.key());
        return t == null ? Observation.failed(config) : Observation.ok(config, t);
    }

    static RecordedSpace read(Path file) throws IOException {
        JsonNode root;
        try (InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(Files.newInputStream(file)) : Files.newInputStream(file)) {
            root = new ObjectMapper().readTree(in);
        }
        String name = file.getFileName().toString().replaceAll("\\.json(\\.gz)?$", "");
        return root.has("cache") ? kernelTuner(name, root) : t4(name, root);
    }

    /** {@code tune_params} give the parameters in order; {@code cache} every config in the space, a string {@code time} for a failure. */
    private static RecordedSpace kernelTuner(String name, JsonNode root) {
        var parameters = new ArrayList<Parameter>();
        root.get("tune_params").properties().forEach(e -> parameters.add(Parameter.of(e.getKey(), values(e.getValue()))));
        var configs = new ArrayList<Config>();
        var latency = new HashMap<String, Double>();
        for (JsonNode entry : root.get("cache")) {
            Config c = config(parameters, entry);
            configs.add(c);
            if (entry.get("time").isNumber()) latency.put(c.key(), entry.get("time").asDouble());
        }
        return new RecordedSpace(name, SearchSpace.listed(parameters, configs), latency);
    }

    /** T4 lists results; the parameters' values are the ones seen, in ascending order. */
    private static RecordedSpace t4(String name, JsonNode root) {
        var seen = new LinkedHashMap<String, TreeSet<Double>>();
        for (JsonNode r : root.get("results")) {
            r.get("configuration").properties().forEach(e -> seen.computeIfAbsent(e.getKey(), k -> new TreeSet<>()).add(e.getValue().asDouble()));
        }
        var parameters = new ArrayList<Parameter>();
        seen.forEach((p, values) -> parameters.add(Parameter.of(p, values.stream().map(v -> v == Math.rint(v) ? (Object) v.longValue() : v).toList())));
        var configs = new ArrayList<Config>();
        var latency = new HashMap<String, Double>();
        for (JsonNode r : root.get("results")) {
            Config c = config(parameters, r.get("configuration"));
            configs.add(c);
            OptionalDouble time = OptionalDouble.empty();
            for (JsonNode m : r.get("measurements")) if (m.get("name").asText().equals("time") && m.get("value").isNumber()) time = OptionalDouble.of(m.get("value").asDouble());
            if (r.get("invalidity").asText().equals("correct") && time.isPresent()) latency.put(c.key(), time.getAsDouble());
        }
        return new RecordedSpace(name, SearchSpace.listed(parameters, configs), latency);
    }

    private static List<Object> values(JsonNode array) {
        var out = new ArrayList<Object>();
        for (JsonNode v : array) out.add(value(v));
        return out;
    }

    private static Object value(JsonNode v) {
        if (v.isIntegralNumber()) return v.asLong();
        if (v.isNumber()) return v.asDouble() == Math.rint(v.asDouble()) ? (Object) (long) v.asDouble() : v.asDouble();
        return v.asText();
    }

    /** The config of {@code values}, each written as its parameter writes it. */
    private static Config config(List<Parameter> parameters, JsonNode values) {
        var out = new LinkedHashMap<String, String>();
        for (Parameter p : parameters) {
            String text = Parameter.of(p.name(), List.of(value(values.get(p.name())))).values().getFirst();
            out.put(p.name(), text);
        }
        return new Config(out);
    }
}
