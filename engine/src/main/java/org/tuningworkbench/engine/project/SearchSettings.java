package org.tuningworkbench.engine.project;

import java.nio.file.Path;
import java.util.List;
import org.tuningworkbench.engine.search.Budget;
import org.tuningworkbench.engine.search.Order;

/**
 * How a project's space is searched: {@code [search] strategy, seed, max_trials, time_limit_s, order, priors}.
 *
 * @param strategy one of {@code grid}, {@code random}, {@code evolutionary}, {@code model}
 * @param seed     seeds the strategy and the shuffled order: the same seed and records give the same trials
 * @param order    the order of the listed configs and of a grid's walk of the space (see {@link Order})
 * @param priors   files of what other devices or sizes measured (record files, Kernel Tuner caches, T4), for the strategy to learn from
 */
public record SearchSettings(String strategy, long seed, Budget budget, Order order, List<Path> priors) {

    public static final SearchSettings DEFAULT = new SearchSettings("grid", 1, Budget.UNLIMITED, Order.SHUFFLED);

    public SearchSettings {
        priors = priors == null ? List.of() : List.copyOf(priors);
    }

    /** Settings without priors. */
    public SearchSettings(String strategy, long seed, Budget budget, Order order) {
        this(strategy, seed, budget, order, List.of());
    }

    /** Settings in the default order. */
    public SearchSettings(String strategy, long seed, Budget budget) {
        this(strategy, seed, budget, Order.SHUFFLED);
    }

    public SearchSettings withStrategy(String value) {
        return new SearchSettings(value, seed, budget, order, priors);
    }

    public SearchSettings withSeed(long value) {
        return new SearchSettings(strategy, value, budget, order, priors);
    }

    public SearchSettings withBudget(Budget value) {
        return new SearchSettings(strategy, seed, value, order, priors);
    }

    public SearchSettings withOrder(Order value) {
        return new SearchSettings(strategy, seed, budget, value, priors);
    }

    public SearchSettings withPriors(List<Path> value) {
        return new SearchSettings(strategy, seed, budget, order, value);
    }
}
