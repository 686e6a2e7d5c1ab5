package org.tuningworkbench.engine.marker;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One configuration to try: parameter name to replacement text, in the order given.
 *
 * @param number 1-based position in the list of configurations, as printed ({@code No.3})
 */
public record Config(int number, Map<String, String> values) {
    public Config {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** {@code {BM=64, BN=32}}: the form the command line prints. */
    @Override
    public String toString() {
        return values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", ", "{", "}"));
    }
}
