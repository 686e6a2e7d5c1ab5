package org.tuningworkbench.app.compare;

import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.tuningworkbench.app.task.BackgroundTask;
import org.tuningworkbench.app.task.TaskExecutor;
import org.tuningworkbench.engine.recorded.RecordedSpace;
import org.tuningworkbench.engine.replay.StrategyCurves;
import org.tuningworkbench.engine.search.Prior;

/**
 * Strategies side by side on a recorded space: the engine's replay of each for several seeds, in the
 * background, and per evaluation the fraction of the optimum reached; with and without the priors given.
 */
public final class StrategyComparisonViewModel {

    /** The strategies compared: random as the floor, and the two that learn. */
    static final List<String> STRATEGIES = List.of("random", "evolutionary", "model");
    static final int SEEDS = 10;
    /** The evaluations shown when the run panel sets no budget. */
    static final int DEFAULT_BUDGET = 100;

    private final TaskExecutor executor;
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    /** Whether a replay is under way: its progress, which reaches this thread later, never overwrites its outcome. */
    private boolean replaying;

    public StrategyComparisonViewModel(TaskExecutor executor) {
        this.executor = executor;
    }

    /**
     * Replays the strategies on {@code space} up to {@code budget} evaluations (0: {@value #DEFAULT_BUDGET}; never
     * more than the space holds), learning from {@code priors} too when there are any; {@code done} gets the curves.
     */
    public void compare(RecordedSpace space, List<Prior> priors, int budget, Consumer<List<StrategyCurves.Curve>> done, Consumer<String> failed) {
        int evaluations = (int) Math.min(budget > 0 ? budget : DEFAULT_BUDGET, space.space().size());
        int runs = StrategyCurves.runs(STRATEGIES, priors, SEEDS);
        replaying = true;
        status.set(String.format(Locale.ROOT, "Replaying %d runs of %d evaluations on %s…", runs, evaluations, space.name()));
        var task = BackgroundTask.of(() -> StrategyCurves.of(space, STRATEGIES, priors, evaluations, SEEDS,
                n -> Platform.runLater(() -> {
                    if (replaying) status.set(String.format(Locale.ROOT, "Replayed %d of %d runs…", n, runs));
                })));
        executor.execute(task.givingWayToTheWindow().onSuccess(curves -> {
            replaying = false;
            status.set(String.format(Locale.ROOT, "%s: median of %d seeds, the band from the 10th to the 90th percentile", space.name(), SEEDS));
            done.accept(curves);
        }).onFailure(e -> {
            replaying = false;
            status.set("");
            failed.accept(e.getMessage());
        }));
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }
}
