package org.tuningworkbench.engine.search;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.space.SearchSpace;

/**
 * What a strategy has proposed and learned so far: the configs it must not propose again, and the
 * results it was told, by config key. Strategies keep one and consult it.
 */
public final class Proposals {

    private final Set<String> seen = new HashSet<>();
    /** Proposed and not yet told, in the order proposed. */
    private final Map<String, Config> pending = new LinkedHashMap<>();
    private final Map<String, Observation> results = new HashMap<>();
    private Observation best;

    /** Marks {@code config} as proposed; false when it was proposed or told before. */
    public boolean propose(Config config) {
        if (!seen.add(config.key())) return false;
        pending.put(config.key(), config);
        return true;
    }

    public boolean seen(Config config) {
        return seen.contains(config.key());
    }

    public void tell(Observation observation) {
        seen.add(observation.config().key());
        pending.remove(observation.config().key());
        results.put(observation.config().key(), observation);
        if (observation.ok() && (best == null || observation.latencyUs().getAsDouble() < best.latencyUs().getAsDouble())) {
            best = observation;
        }
    }

    /** The configs proposed and not yet told, oldest first: being measured, or waiting to be. */
    public Collection<Config> pending() {
        return pending.values();
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

    /**
     * A valid config of {@code space} not seen by {@code proposals}, drawn at random and marked
     * proposed; when draws keep hitting seen configs (the space is nearly exhausted), the first
     * unseen one in order. Empty when none is left or none could be found.
     */
    public static Optional<Config> randomUnseen(SearchSpace space, RandomGenerator random, Proposals proposals) {
        for (int miss = 0; miss < 200 && proposals.seenCount() < space.size(); miss++) {
            Optional<Config> c = space.random(random);
            if (c.isEmpty()) return c;
            if (proposals.propose(c.get())) return c;
        }
        if (proposals.seenCount() >= space.size()) return Optional.empty();
        for (Config c : space.validList(200_000).orElse(List.of())) if (proposals.propose(c)) return Optional.of(c);
        return Optional.empty();
    }
}
