package org.tuningworkbench.engine.format;

import java.util.Map;
import java.util.stream.Collectors;

/** A config's values (or a project's sizes) as the command line, the report and the window write them. */
public final class Configs {

    private Configs() {}

    /** {@code {BM=64, BN=32}}. */
    public static String text(Map<String, ?> values) {
        return "{" + pairs(values) + "}";
    }

    /** {@code BM=64, BN=32}, in the map's order. */
    public static String pairs(Map<String, ?> values) {
        return values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }
}
