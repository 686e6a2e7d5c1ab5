package org.tuningworkbench.engine.project;

import java.nio.file.Path;
import java.util.List;
import org.tuningworkbench.engine.search.Budget;
import org.tuningworkbench.engine.search.Order;

/**
 * How a project's space is searched: {@code [search] strategy, seed, max_trials, time_limit_s, order, objective, priors}.
 *
 * @param strategy one of {@code grid}, {@code random}, {@code evolutionary}, {@code model}
 * @param seed     seeds the strategy and the shuffled order: the same seed and records give the same trials
 * @param order    the order of the listed configs and of a grid's walk of the space (see {@link Order})
 * @param objective what ranks the configs: a call's time, or one of the project's metrics
 * @param priors   files of what other devices or sizes measured (record files, Kernel Tuner caches, T4), for the strategy to learn from
 */
public record SearchSettings(String strategy, long seed, Budget budget, Order order, Objective objective, List<Path> priors) {

    public static final SearchSettings DEFAULT = new SearchSettings("grid", 1, Budget.UNLIMITED, Order.SHUFFLED, Objective.TIME);

    public SearchSettings {
        if (objective == null) objective = Objective.TIME;
        priors = priors == null ? List.of() : List.copyOf(priors);
    }

    /** Settings without priors. */
    public SearchSettings(String strategy, long seed, Budget budget, Order order, Objective objective) {
        this(strategy, seed, budget, order, objective, List.of());
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
        return new SearchSettings(value, seed, budget, order, objective, priors);
    }

    public SearchSettings withSeed(long value) {
        return new SearchSettings(strategy, value, budget, order, objective, priors);
    }

    public SearchSettings withBudget(Budget value) {
        return new SearchSettings(strategy, seed, value, order, objective, priors);
    }

    public SearchSettings withOrder(Order value) {
        return new SearchSettings(strategy, seed, budget, value, objective, priors);
    }

    public SearchSettings withObjective(Objective value) {
        return new SearchSettings(strategy, seed, budget, order, value, priors);
    }

    public SearchSettings withPriors(List<Path> value) {
        return new SearchSettings(strategy, seed, budget, order, objective, value);
    }
}
