package org.tuningworkbench.engine.project;

import org.tuningworkbench.engine.search.Budget;
import org.tuningworkbench.engine.search.Order;

/**
 * How a project's space is searched: {@code [search] strategy, seed, max_trials, time_limit_s, order}.
 *
 * @param strategy one of {@code grid}, {@code random}, {@code evolutionary}, {@code model}
 * @param seed     seeds the strategy and the shuffled order: the same seed and records give the same trials
 * @param order    the order of the listed configs and of a grid's walk of the space (see {@link Order})
 * @param objective what ranks the configs: a call's time, or one of the project's metrics
 */
public record SearchSettings(String strategy, long seed, Budget budget, Order order, Objective objective) {

    public static final SearchSettings DEFAULT = new SearchSettings("grid", 1, Budget.UNLIMITED, Order.SHUFFLED, Objective.TIME);

    public SearchSettings {
        if (objective == null) objective = Objective.TIME;
    }

    /** Settings ranked by time. */
    public SearchSettings(String strategy, long seed, Budget budget, Order order) {
        this(strategy, seed, budget, order, Objective.TIME);
    }

    /** Settings in the default order. */
    public SearchSettings(String strategy, long seed, Budget budget) {
        this(strategy, seed, budget, Order.SHUFFLED);
    }

    public SearchSettings withStrategy(String value) {
        return new SearchSettings(value, seed, budget, order, objective);
    }

    public SearchSettings withSeed(long value) {
        return new SearchSettings(strategy, value, budget, order, objective);
    }

    public SearchSettings withBudget(Budget value) {
        return new SearchSettings(strategy, seed, value, order, objective);
    }

    public SearchSettings withOrder(Order value) {
        return new SearchSettings(strategy, seed, budget, value, objective);
    }

    public SearchSettings withObjective(Objective value) {
        return new SearchSettings(strategy, seed, budget, order, value);
    }
}
