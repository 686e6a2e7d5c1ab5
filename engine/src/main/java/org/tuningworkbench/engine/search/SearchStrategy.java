package org.tuningworkbench.engine.search;

import java.util.List;
import org.tuningworkbench.engine.marker.Config;

/**
 * Chooses what to measure next. The tuning loop asks for a few configs, measures them, and tells
 * the strategy each result; it also tells, before the first ask, every result an earlier run
 * recorded, so a resumed search goes on where it stopped.
 *
 * <p>A strategy never proposes a config it proposed or was told before. Given the same space, seed
 * and results, it proposes the same configs in the same order.
 */
public interface SearchStrategy {

    /** The name used in projects, on the command line and in records ({@code grid}, {@code model}). */
    String name();

    /**
     * Up to {@code n} configs to measure next (at least one while the strategy has any left); empty
     * when it has nothing more to propose.
     */
    List<Config> ask(int n);

    /** Whether this strategy proposed {@code config} on the word of priors alone (see {@link Prior}), before its own results. */
    default boolean advised(Config config) {
        return false;
    }

    /** The result of a config, proposed by this strategy or recorded earlier. */
    void tell(Observation observation);
}
