package org.tuningworkbench.engine.project;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.marker.Config;

/**
 * Parameters with value lists, expanded to every combination (a grid): {@code BM = [16, 32]} and
 * {@code BN = [16, 32]} give four configs. The first parameter varies slowest, the last fastest,
 * as nested loops written in the same order would.
 */
public record SearchSpace(Map<String, List<String>> values) {

    public SearchSpace {
        var copy = new LinkedHashMap<String, List<String>>();
        values.forEach((name, list) -> {
            if (list.isEmpty()) throw new IllegalArgumentException("parameter `" + name + "` has no values");
            copy.put(name, List.copyOf(list));
        });
        values = Collections.unmodifiableMap(copy);
    }

    /** How many configs the grid holds. */
    public long size() {
        long n = values.isEmpty() ? 0 : 1;
        for (List<String> list : values.values()) n = Math.multiplyExact(n, list.size());
        return n;
    }

    /** Every combination, numbered from {@code firstNumber} on. */
    public List<Config> configs(int firstNumber) {
        var out = new ArrayList<Config>();
        if (values.isEmpty()) return out;
        List<String> names = List.copyOf(values.keySet());
        int[] index = new int[names.size()];
        int number = firstNumber;
        while (true) {
            var config = new LinkedHashMap<String, String>();
            for (int p = 0; p < names.size(); p++) config.put(names.get(p), values.get(names.get(p)).get(index[p]));
            out.add(new Config(number++, config));
            int p = names.size() - 1;
            while (p >= 0 && ++index[p] == values.get(names.get(p)).size()) index[p--] = 0;
            if (p < 0) return out;
        }
    }
}
