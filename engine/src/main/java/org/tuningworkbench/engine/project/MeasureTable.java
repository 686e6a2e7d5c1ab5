package org.tuningworkbench.engine.project;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.tomlj.TomlArray;
import org.tomlj.TomlTable;
import org.tuningworkbench.engine.measure.Racing;

/** Reads {@code [measure]}: warm-up, repeats, timeouts, memory limit, CPUs and racing. */
final class MeasureTable {

    private final TableReader reader;

    MeasureTable(TableReader reader) {
        this.reader = reader;
    }

    MeasureSettings read(TomlTable t) {
        MeasureSettings m = MeasureSettings.DEFAULT;
        if (t == null) return m;
        reader.checkKeys(t, Set.of("warmup_ms", "warmup_us", "warmup", "repeat", "min_sample_ms", "timeout_s", "seed", "memory_limit_mb", "device_ids",
                "racing", "race_margin", "race_min_samples"));
        try {
            List<String> warmups = Stream.of("warmup", "warmup_us", "warmup_ms").filter(t::contains).toList();
            if (warmups.size() > 1) {
                reader.error(t, warmups.get(1), "give the warm-up once: warmup (calls), warmup_us or warmup_ms, not " + String.join(" and ", warmups));
                return m;
            }
            Double warmup = Double.valueOf(m.warmupMs());
            Long warmupCalls = 0L;
            if (t.contains("warmup_ms")) warmup = reader.number(t, "warmup_ms");
            if (t.contains("warmup_us")) {
                Double us = reader.number(t, "warmup_us");
                warmup = us == null ? null : us / 1000;
            }
            if (t.contains("warmup")) {
                warmupCalls = reader.whole(t, "warmup");
                warmup = 0.0;
                if (warmupCalls != null && (warmupCalls < 0 || warmupCalls > Integer.MAX_VALUE)) {
                    reader.error(t, "warmup", "warmup is a number of calls, 0 or more (warmup_us or warmup_ms give it as a time)");
                    return m;
                }
            }
            if (warmup != null && !(warmup >= 0 && warmup <= MeasureSettings.MAX_TIME_MS)) {
                reader.error(t, warmups.getFirst(), "the warm-up must be from 0 to " + (long) MeasureSettings.MAX_TIME_MS + " ms (an hour)"
                        + (warmups.getFirst().equals("warmup_us") ? ", " + (long) MeasureSettings.MAX_TIME_MS * 1000 + " µs" : "") + ", not "
                        + reader.number(t, warmups.getFirst()));
                return m;
            }
            Double minSample = t.contains("min_sample_ms") ? reader.number(t, "min_sample_ms") : Double.valueOf(m.minSampleMs());
            Long repeat = t.contains("repeat") ? reader.whole(t, "repeat") : Long.valueOf(m.repeat());
            Long seed = t.contains("seed") ? reader.whole(t, "seed") : Long.valueOf(m.seed());
            Duration timeout = t.contains("timeout_s") ? reader.seconds(t, "timeout_s", m.runTimeout()) : m.runTimeout();
            Long memory = t.contains("memory_limit_mb") ? reader.whole(t, "memory_limit_mb") : Long.valueOf(m.memoryLimitMb());
            List<Integer> devices = t.contains("device_ids") ? deviceIds(t) : List.of();
            Racing racing = racing(t, m.racing());
            if (warmup == null || warmupCalls == null || minSample == null || repeat == null || seed == null || memory == null || devices == null
                    || racing == null) return m;
            if (repeat < 1 || repeat > 1_000_000) {
                reader.error(t, "repeat", "repeat must be between 1 and 1000000");
                return m;
            }
            if (memory < 0 || memory > 1L << 40) {
                reader.error(t, "memory_limit_mb", "memory_limit_mb must be 0 (no limit) or a number of MB");
                return m;
            }
            return new MeasureSettings(warmup, repeat.intValue(), minSample, timeout, seed, memory, warmupCalls.intValue(), devices, racing);
        } catch (IllegalArgumentException e) {
            reader.error(t, null, e.getMessage());
            return m;
        }
    }

    /** {@code racing = false}, {@code race_margin = 1.3}, {@code race_min_samples = 1}: what is not said stays as {@code base} has it; null after an error. */
    private Racing racing(TomlTable t, Racing base) {
        Boolean on = t.contains("racing") ? reader.bool(t, "racing") : Boolean.valueOf(base.enabled());
        Double margin = t.contains("race_margin") ? reader.number(t, "race_margin") : Double.valueOf(base.margin());
        Long min = t.contains("race_min_samples") ? reader.whole(t, "race_min_samples") : Long.valueOf(base.minSamples());
        if (on == null || margin == null || min == null) return null;
        if (!(margin >= 1) || margin > 1000) {
            reader.error(t, "race_margin", "race_margin is how many times slower than the best a config may be before it stops sampling: 1 or more, such as 1.3");
            return null;
        }
        if (min < 1 || min > 1_000_000) {
            reader.error(t, "race_min_samples", "race_min_samples is the samples a config takes before racing may stop it: 1 or more");
            return null;
        }
        return new Racing(on, margin, min.intValue());
    }

    /** {@code device_ids = [2, 3]}: CPU numbers, each listed once. Whether this process may use them is checked when a run starts. */
    private List<Integer> deviceIds(TomlTable t) {
        Object value = t.get(List.of("device_ids"));
        String usage = "device_ids must list CPU numbers, such as device_ids = [2, 3]";
        if (!(value instanceof TomlArray array) || array.isEmpty()) {
            reader.error(t, "device_ids", usage);
            return null;
        }
        var ids = new ArrayList<Integer>();
        for (int i = 0; i < array.size(); i++) {
            if (!(array.get(i) instanceof Long id) || id < 0 || id > 65535) {
                reader.errorAt(array.inputPositionOf(i), usage);
                return null;
            }
            if (ids.contains(id.intValue())) {
                reader.errorAt(array.inputPositionOf(i), "device_ids lists CPU " + id + " twice");
                return null;
            }
            ids.add(id.intValue());
        }
        return ids;
    }
}
