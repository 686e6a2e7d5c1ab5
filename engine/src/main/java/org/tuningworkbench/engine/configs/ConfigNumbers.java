package org.tuningworkbench.engine.configs;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * The number a config goes by ({@code No.3}), as the window's grid numbers its rows: a config the
 * project lists is numbered by its place in the list, whatever order the configs were measured in;
 * a config it does not list (one a search proposed) comes after them, in the order it is first met.
 * So a config keeps its number from one run to the next, in a shuffled order too, and the command
 * line, the report and the window agree on it.
 */
public final class ConfigNumbers {

    private final Map<String, Integer> byKey = new HashMap<>();
    private int next;

    /** Numbers for the configs of {@code listed}, in its order; a config listed twice keeps its first place. */
    public ConfigNumbers(List<Config> listed) {
        for (int i = 0; i < listed.size(); i++) byKey.putIfAbsent(listed.get(i).key(), i + 1);
        next = listed.size();
    }

    /** Numbers in the order configs are met: for records without the project that lists them. */
    public static ConfigNumbers inOrderMet() {
        return new ConfigNumbers(List.of());
    }

    /** The number of {@code config} (by its values): its place in the list, or the next one after the list when first met. */
    public int of(Config config) {
        return byKey.computeIfAbsent(config.key(), key -> ++next);
    }

    /** The number of the config with {@code values}. */
    public int of(Map<String, String> values) {
        return of(new Config(values));
    }

    /** The number of each of {@code records}, met in their order. */
    public Map<TuningRecord, Integer> of(List<TuningRecord> records) {
        var numbers = new IdentityHashMap<TuningRecord, Integer>();
        for (TuningRecord r : records) numbers.put(r, of(r.configValues()));
        return numbers;
    }
}
