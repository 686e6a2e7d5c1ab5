package org.tuningworkbench.app.run;

import java.time.Duration;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.project.SearchSettings;
import org.tuningworkbench.engine.search.Order;

/**
 * The run panel's settings: how each config is measured (the project's [measure]) and how the
 * configs are searched (its [search]), as the person set them; loaded from the project when it opens.
 */
public final class RunSettingsViewModel {

    private final DoubleProperty warmupMs = new SimpleDoubleProperty(MeasureSettings.DEFAULT.warmupMs());
    /** A warm-up in kernel calls (measure.warmup); 0 when the warm-up is the time of {@link #warmupMs}. */
    private final IntegerProperty warmupCalls = new SimpleIntegerProperty(0);
    private final IntegerProperty repeat = new SimpleIntegerProperty(MeasureSettings.DEFAULT.repeat());
    private final DoubleProperty minSampleMs = new SimpleDoubleProperty(MeasureSettings.DEFAULT.minSampleMs());
    private final DoubleProperty timeoutS = new SimpleDoubleProperty(MeasureSettings.DEFAULT.runTimeout().toSeconds());
    /** Whether a config clearly slower than the best so far stops sampling (the project's [measure] racing). */
    private final BooleanProperty racing = new SimpleBooleanProperty(MeasureSettings.DEFAULT.racing().enabled());
    private final StringProperty strategy = new SimpleStringProperty("grid");
    private final IntegerProperty budget = new SimpleIntegerProperty(0);
    private final LongProperty seed = new SimpleLongProperty(1);
    /** The fastest configs a search of a space measures again once it ends, as {@code tune --confirm-top} does; 0: none. */
    private final IntegerProperty confirmTop = new SimpleIntegerProperty(SearchSettings.SPACE_CONFIRM_TOP);
    /** The project's search as it opened, and whether it has a {@code [space]}: a budget it did not give follows the strategy. */
    private SearchSettings loaded = SearchSettings.DEFAULT;
    private boolean space;
    /** Whether the budget is still the strategy's, neither the project's nor the person's: it changes with the strategy. */
    private boolean budgetFollowsStrategy;
    private boolean followingStrategy;
    /** Whether the configs are measured in a seeded random order rather than the grid's (the project's [search] order). */
    private final BooleanProperty shuffled = new SimpleBooleanProperty(SearchSettings.DEFAULT.order() == Order.SHUFFLED);

    /** The measurement as the run panel sets it, over {@code base}'s seed, memory limit, devices and racing details. */
    public MeasureSettings measureSettings(MeasureSettings base) {
        return new MeasureSettings(warmupCalls.get() > 0 ? 0 : warmupMs.get(), Math.max(1, repeat.get()), minSampleMs.get(),
                Duration.ofMillis(Math.max(1, Math.round(timeoutS.get() * 1000))), base.seed(), base.memoryLimitMb(),
                Math.max(0, warmupCalls.get()), base.deviceIds(),
                base.racing().withEnabled(racing.get()));
    }

    /** The search as the run panel sets it: strategy, budget (0 = no limit), seed and order over the project's time limit. */
    public SearchSettings searchSettings(SearchSettings base) {
        var b = base.budget();
        b = budget.get() > 0 ? b.withMaxTrials(budget.get()) : b.withoutMaxTrials();
        return new SearchSettings(strategy.get(), seed.get(), b, shuffled.get() ? Order.SHUFFLED : Order.LISTED);
    }

    public RunSettingsViewModel() {
        // As the command line's --strategy: a budget nobody gave is the new strategy's (24 trials for a search of a space, every
        // config for the grid), so the grid stays one choice away; one the project or the person gave stays.
        strategy.addListener((obs, old, now) -> {
            if (!budgetFollowsStrategy || now == null) return;
            SearchSettings s = loaded.withStrategy(now);
            followingStrategy = true;
            budget.set((space ? s.forSpace() : s).budget().maxTrials().orElse(0));
            followingStrategy = false;
        });
        budget.addListener((obs, old, now) -> {
            if (!followingStrategy) budgetFollowsStrategy = false;
        });
    }

    /** The project's search, {@code space} when it has a {@code [space]}. */
    public void loadSearch(SearchSettings s, boolean space) {
        this.loaded = s;
        this.space = space;
        budgetFollowsStrategy = false;
        strategy.set(s.strategy());
        seed.set(s.seed());
        budget.set(s.budget().maxTrials().orElse(0));
        shuffled.set(s.order() == Order.SHUFFLED);
        budgetFollowsStrategy = !s.budgetGiven();
    }

    public void loadMeasure(MeasureSettings m) {
        warmupMs.set(m.warmupMs());
        warmupCalls.set(m.warmupCalls());
        repeat.set(m.repeat());
        minSampleMs.set(m.minSampleMs());
        timeoutS.set(m.runTimeout().toMillis() / 1000.0);
        racing.set(m.racing().enabled());
    }

    public DoubleProperty warmupMsProperty() { return warmupMs; }
    public IntegerProperty warmupCallsProperty() { return warmupCalls; }
    public IntegerProperty repeatProperty() { return repeat; }
    public DoubleProperty minSampleMsProperty() { return minSampleMs; }
    public DoubleProperty timeoutSProperty() { return timeoutS; }
    public BooleanProperty racingProperty() { return racing; }
    public BooleanProperty shuffledProperty() { return shuffled; }
    /** {@code grid}, {@code random}, {@code evolutionary} or {@code model}. */
    public StringProperty strategyProperty() { return strategy; }
    /** The most trials a run may take; 0 for no limit. */
    public IntegerProperty budgetProperty() { return budget; }
    public LongProperty seedProperty() { return seed; }
    /** How many of a search's fastest configs are measured again once it ends (the command line's {@code --confirm-top}); 0 for none. */
    public IntegerProperty confirmTopProperty() { return confirmTop; }
}
