package org.tuningworkbench.engine.search;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tuningworkbench.engine.marker.Config;

/**
 * What a strategy has proposed and learned so far: the configs it must not propose again, and the
 * results it was told, by config key. Strategies keep one and consult it.
 */
public final class Proposals {

    private final Set<String> seen = new HashSet<>();
    private final Map<String, Observation> results = new HashMap<>();
    private Observation best;

    /** Marks {@code config} as proposed; false when it was proposed or told before. */
    public boolean propose(Config config) {
        return seen.add(config.key());
    }

    public boolean seen(Config config) {
        return seen.contains(config.key());
    }

    public void tell(Observation observation) {
        seen.add(observation.config().key());
        results.put(observation.config().key(), observation);
        if (observation.ok() && (best == null || observation.latencyUs().getAsDouble() < best.latencyUs().getAsDouble())) {
            best = observation;
        }
    }

    public Map<String, Observation> results() {
        return results;
    }

    /** The fastest successful result told so far. */
    public Optional<Observation> best() {
        return Optional.ofNullable(best);
    }

    public int seenCount() {
        return seen.size();
    }
}
