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
 * @param budgetGiven whether a person gave the budget (a project's {@code max_trials} or {@code time_limit_s}, the command
 *                 line's, the window's); one not given follows the strategy: a search of a space stops after
 *                 {@link #SPACE_SEARCH_TRIALS} trials, the grid walks every config
 */
public record SearchSettings(String strategy, long seed, Budget budget, Order order, Objective objective, List<Path> priors, boolean budgetGiven) {

    /** The default for a project without a space: its listed configs, every one of them. */
    public static final SearchSettings DEFAULT = new SearchSettings("grid", 1, Budget.UNLIMITED, Order.SHUFFLED, Objective.TIME, List.of(), false);

    /** The strategy that searches a project's {@code [space]} unless it names one: a model of the space, not a walk of it. */
    public static final String SPACE_STRATEGY = "model";

    /**
     * The trials a search of a space stops after when no budget is given (the listed configs, measured first, among them): a
     * bounded first answer, which the confirmation then measures again. On the recorded spaces of docs/search.md the model's
     * best of 20 trials runs at 38–99% of the space's best speed (the median of 20 seeds; the convolution spaces
     * lowest), of 100 trials at 86–100%; a larger budget is one option away.
     */
    public static final int SPACE_SEARCH_TRIALS = 24;

    /** The configs the confirmation measures again after a search of a space, unless told otherwise ({@code --confirm-top}). */
    public static final int SPACE_CONFIRM_TOP = 3;

    public SearchSettings {
        if (objective == null) objective = Objective.TIME;
        priors = priors == null ? List.of() : List.copyOf(priors);
    }

    /** Settings whose budget was given, as the code that makes them gives it. */
    public SearchSettings(String strategy, long seed, Budget budget, Order order, Objective objective, List<Path> priors) {
        this(strategy, seed, budget, order, objective, priors, true);
    }

    /** Settings without priors. */
    public SearchSettings(String strategy, long seed, Budget budget, Order order, Objective objective) {
        this(strategy, seed, budget, order, objective, List.of());
    }

    /** The search of a project's space by default: {@link #SPACE_STRATEGY} unless a strategy was named. */
    public static SearchSettings defaultFor(boolean space) {
        return space ? DEFAULT.withStrategy(SPACE_STRATEGY) : DEFAULT;
    }

    /**
     * These settings for a project with a {@code [space]}: a budget that was not given becomes {@link #SPACE_SEARCH_TRIALS}
     * trials for a search and no limit for the grid, which walks every config, as asked.
     */
    public SearchSettings forSpace() {
        if (budgetGiven) return this;
        return new SearchSettings(strategy, seed, strategy.equals("grid") ? Budget.UNLIMITED : Budget.trials(SPACE_SEARCH_TRIALS), order, objective, priors, false);
    }

    /** Whether these settings search a space by default: a strategy other than the grid, over a project's {@code [space]}. */
    public boolean searches(Project project) {
        return project.candidates().space().isPresent() && !strategy.equals("grid");
    }

    /**
     * How many configs are measured again once a run of {@code project} ends: {@code top} after a search of a space (the
     * command line's and the window's default is {@link #SPACE_CONFIRM_TOP}), none after a walk of the configs, whose
     * every config was measured alike.
     */
    public int confirmTop(Project project, int top) {
        return searches(project) ? top : 0;
    }

    /** Settings ranked by time. */
    public SearchSettings(String strategy, long seed, Budget budget, Order order) {
        this(strategy, seed, budget, order, Objective.TIME);
    }

    /** Settings in the default order. */
    public SearchSettings(String strategy, long seed, Budget budget) {
        this(strategy, seed, budget, Order.SHUFFLED);
    }

    /** Another strategy; a budget that was not given is no limit again, as it was before a space's search set it ({@link #forSpace}). */
    public SearchSettings withStrategy(String value) {
        return new SearchSettings(value, seed, budgetGiven ? budget : Budget.UNLIMITED, order, objective, priors, budgetGiven);
    }

    public SearchSettings withSeed(long value) {
        return new SearchSettings(strategy, value, budget, order, objective, priors, budgetGiven);
    }

    /** A budget given: it holds whatever the strategy. */
    public SearchSettings withBudget(Budget value) {
        return new SearchSettings(strategy, seed, value, order, objective, priors, true);
    }

    public SearchSettings withOrder(Order value) {
        return new SearchSettings(strategy, seed, budget, value, objective, priors, budgetGiven);
    }

    public SearchSettings withObjective(Objective value) {
        return new SearchSettings(strategy, seed, budget, order, value, priors, budgetGiven);
    }

    public SearchSettings withPriors(List<Path> value) {
        return new SearchSettings(strategy, seed, budget, order, objective, value, budgetGiven);
    }
}
