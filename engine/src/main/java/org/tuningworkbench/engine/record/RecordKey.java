package org.tuningworkbench.engine.record;

import java.util.Map;

/** What makes two measurements the same: a record with an equal key is not measured again. */
public record RecordKey(String sourceHash, String setupHash, String toolchain, String device, Map<String, String> config) {
    public RecordKey {
        config = Map.copyOf(config);
    }
}
