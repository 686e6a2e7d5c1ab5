package org.tuningworkbench.engine.marker;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One configuration to try: parameter name to replacement text, in the order given. A config is
 * identified by its values alone ({@link #key()}), never by where it stands in a list.
 */
public record Config(Map<String, String> values) {

    public Config {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** The config's identity: its values sorted by name, so the order they were given in does not matter. */
    public String key() {
        return new TreeMap<>(values).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("\u001f"));
    }

    /** {@code {BM=64, BN=32}}: the form the command line prints. */
    @Override
    public String toString() {
        return values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", ", "{", "}"));
    }
}
