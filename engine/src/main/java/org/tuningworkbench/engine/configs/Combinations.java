package org.tuningworkbench.engine.configs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every combination of per-parameter value lists (an exhaustive grid), first parameter slowest. */
public final class Combinations {

    /** Values in a list are separated by {@code ;}, which no declaration value may contain. */
    public static final String SEPARATOR = ";";

    private Combinations() {}

    public static List<Map<String, String>> of(Map<String, List<String>> valueLists) {
        List<Map<String, String>> rows = new ArrayList<>();
        rows.add(new LinkedHashMap<>());
        for (var entry : valueLists.entrySet()) {
            if (entry.getValue().isEmpty()) continue;
            var next = new ArrayList<Map<String, String>>();
            for (var row : rows) {
                for (String value : entry.getValue()) {
                    var extended = new LinkedHashMap<>(row);
                    extended.put(entry.getKey(), value);
                    next.add(extended);
                }
            }
            rows = next;
        }
        return rows.size() == 1 && rows.getFirst().isEmpty() ? List.of() : rows;
    }

    /** {@code "32; 64 ;128"} gives {@code [32, 64, 128]}; blank items are dropped. */
    public static List<String> values(String list) {
        return Arrays.stream(list.split(SEPARATOR)).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    /** How many rows {@link #of} would give, without building them. */
    public static long count(Map<String, List<String>> valueLists) {
        long n = 1;
        boolean any = false;
        for (var values : valueLists.values()) {
            if (values.isEmpty()) continue;
            any = true;
            n = Math.multiplyExact(n, values.size());
        }
        return any ? n : 0;
    }
}
