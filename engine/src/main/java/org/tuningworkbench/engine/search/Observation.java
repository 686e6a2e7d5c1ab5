package org.tuningworkbench.engine.search;

import java.util.OptionalDouble;
import org.tuningworkbench.engine.marker.Config;

/**
 * What a strategy learns of one config: its latency in microseconds (lower is better), or nothing
 * when it failed (did not build, crashed, was wrong, or was not in a recorded space).
 */
public record Observation(Config config, OptionalDouble latencyUs) {

    public static Observation ok(Config config, double latencyUs) {
        return new Observation(config, OptionalDouble.of(latencyUs));
    }

    public static Observation failed(Config config) {
        return new Observation(config, OptionalDouble.empty());
    }

    public boolean ok() {
        return latencyUs.isPresent();
    }
}
