package org.tuningworkbench.engine.project;

import org.tuningworkbench.engine.search.Budget;

/**
 * How a project's space is searched: {@code [search] strategy, seed, max_trials, time_limit_s}.
 *
 * @param strategy one of {@code grid}, {@code random}, {@code evolutionary}, {@code model}
 * @param seed     seeds the strategy: the same seed and records give the same trials
 */
public record SearchSettings(String strategy, long seed, Budget budget) {

    public static final SearchSettings DEFAULT = new SearchSettings("grid", 1, Budget.UNLIMITED);

    public SearchSettings withStrategy(String value) {
        return new SearchSettings(value, seed, budget);
    }

    public SearchSettings withSeed(long value) {
        return new SearchSettings(strategy, value, budget);
    }

    public SearchSettings withBudget(Budget value) {
        return new SearchSettings(strategy, seed, value);
    }
}
