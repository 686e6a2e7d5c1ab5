package org.tuningworkbench.engine.recorded;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * Writes records as a Kernel Tuner cache that Kernel Tuner reads back (to resume, or to simulate a
 * search with {@code simulation_mode=True}): its header ({@code device_name}, {@code kernel_name},
 * {@code tune_params_keys}, {@code tune_params}, {@code objective}) and one {@code cache} entry a
 * config, keyed as Kernel Tuner keys them (the values joined by commas), with {@code time} (the
 * mean of the samples, ms, as Kernel Tuner's own), {@code times} (every sample, ms) and the
 * bookkeeping times its simulation adds up. A failed config's {@code time} is the name of its
 * failure ({@code CompilationFailedConfig}, {@code RuntimeFailedConfig}, {@code InvalidConfig}).
 */
public final class KernelTunerCacheWriter {
    private KernelTunerCacheWriter() {}

    /**
     * Writes the latest record of each config of {@code records} (baseline records left out); every
     * record must set each of {@code parameterNames}.
     *
     * @throws IllegalArgumentException when a record does not set one of the parameters
     */
    public static void write(Path file, List<TuningRecord> records, List<String> parameterNames) throws IOException {
        write(file, records, parameterNames, T4Results.common(records, TuningRecord::device), T4Results.common(records, TuningRecord::project));
    }

    /** Writes {@code space} as a Kernel Tuner cache. */
    public static void write(Path file, RecordedSpace space) throws IOException {
        write(file, space.records(), space.parameters().stream().map(p -> p.name()).toList(), space.deviceName(), space.kernelName());
    }

    private static void write(Path file, List<TuningRecord> records, List<String> names, String device, String kernel) throws IOException {
        Map<String, TuningRecord> latest = T4Results.latest(records, names);
        List<Function<String, Object>> values = T4Results.valueWriters(latest, names);
        JsonOutput.write(file, g -> {
            g.writeStartObject();
            g.writeStringField("device_name", device == null ? "unknown" : device);
            g.writeStringField("kernel_name", kernel == null ? "kernel" : kernel);
            g.writeArrayFieldStart("tune_params_keys");
            for (String name : names) g.writeString(name);
            g.writeEndArray();
            g.writeObjectFieldStart("tune_params");
            for (int i = 0; i < names.size(); i++) {
                g.writeArrayFieldStart(names.get(i));
                String name = names.get(i);
                for (String value : latest.values().stream().map(r -> r.config().get(name)).distinct().toList()) g.writeObject(values.get(i).apply(value));
                g.writeEndArray();
            }
            g.writeEndObject();
            g.writeStringField("objective", "time");
            g.writeObjectFieldStart("cache");
            for (TuningRecord r : latest.values()) entry(g, r, names, values);
            g.writeEndObject();
            g.writeEndObject();
        });
    }

    private static void entry(JsonGenerator g, TuningRecord r, List<String> names, List<Function<String, Object>> values) throws IOException {
        g.writeObjectFieldStart(names.stream().map(n -> r.config().get(n)).collect(Collectors.joining(",")));
        for (int i = 0; i < names.size(); i++) {
            g.writeFieldName(names.get(i));
            g.writeObject(values.get(i).apply(r.config().get(names.get(i))));
        }
        if (r.ok() && r.meanUs() != null) {
            g.writeNumberField("time", r.meanUs() / 1000);
            g.writeArrayFieldStart("times");
            for (double us : r.samplesUs()) g.writeNumber(us / 1000);
            g.writeEndArray();
        } else {
            g.writeStringField("time", failure(r.status()));
        }
        g.writeNumberField("compile_time", r.buildMs() == null ? 0 : r.buildMs());
        g.writeNumberField("verification_time", 0);
        g.writeNumberField("benchmark_time", r.samplesUs().stream().mapToDouble(Double::doubleValue).sum() / 1000);
        g.writeNumberField("strategy_time", 0);
        g.writeNumberField("framework_time", 0);
        if (r.time() != null) g.writeStringField("timestamp", r.time());
        g.writeEndObject();
    }

    /** A failed status as the name Kernel Tuner gives the failure; {@link KernelTunerCache#status} reads it back. */
    static String failure(Status status) {
        return switch (status) {
            case COMPILE_ERROR -> "CompilationFailedConfig";
            case CRASH, OUT_OF_MEMORY, OUT_OF_BOUNDS, TIMEOUT, WRONG_RESULT, LOST, ENVIRONMENT_ERROR -> "RuntimeFailedConfig";
            case OK, INVALID_CONFIG -> "InvalidConfig";
        };
    }
}
