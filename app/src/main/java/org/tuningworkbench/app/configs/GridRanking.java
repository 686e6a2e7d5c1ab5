package org.tuningworkbench.app.configs;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.ToIntFunction;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.tuningworkbench.engine.analysis.Claims;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Ranking;

/**
 * The grid's best row by the project's objective and its runner-up, ranked by the engine's one rule
 * ({@link Ranking#order}: configs the run's confirmation measured again first, at their confirmed
 * figures, as their records carry them), and what qualifies the best (by the one rule of
 * {@link Claims}); each row's share of the best is worked out when shown.
 */
final class GridRanking {

    private final List<ConfigRow> rows;
    /** A row's config number, which breaks ties as a stable sort of the grid would. */
    private final ToIntFunction<ConfigRow> numberOf;
    private Objective objective = Objective.TIME;
    /** The engine's order of the rows' records by the objective; of two as good, the one higher in the grid, as a stable sort ranks them. */
    private Comparator<ConfigRow> order;
    private final ReadOnlyObjectWrapper<ConfigRow> best = new ReadOnlyObjectWrapper<>();
    private ConfigRow runnerUp;
    /** Counts the changes of the best's figure: each row's share of the best ({@link #shareOf}) changes with it. */
    private final ReadOnlyIntegerWrapper changes = new ReadOnlyIntegerWrapper();
    private final ReadOnlyStringWrapper caveat = new ReadOnlyStringWrapper("");

    GridRanking(List<ConfigRow> rows, ToIntFunction<ConfigRow> numberOf) {
        this.rows = rows;
        this.numberOf = numberOf;
        this.order = orderBy(objective);
    }

    ReadOnlyObjectProperty<ConfigRow> bestProperty() { return best.getReadOnlyProperty(); }
    ConfigRow best() { return best.get(); }
    ReadOnlyIntegerProperty changesProperty() { return changes.getReadOnlyProperty(); }
    ReadOnlyStringProperty caveatProperty() { return caveat.getReadOnlyProperty(); }

    /** Ranks by {@code value} from now on. */
    void setObjective(Objective value) {
        objective = value;
        order = orderBy(value);
        update();
    }

    /** No row has a result any more. */
    void clear() {
        best.set(null);
        runnerUp = null;
    }

    /**
     * Marks the best successful row; says when the best is within the noise of the runner-up. Once the run's closing
     * confirmation measured its fastest configs again, the best is the one it measured fastest, and the runner-up the next.
     */
    void update() {
        List<ConfigRow> ranked = rows.stream().filter(this::measured).sorted(order).limit(2).toList();
        Optional<ConfigRow> fastest = ranked.stream().findFirst();
        best.set(fastest.orElse(null));
        runnerUp = ranked.size() < 2 ? null : ranked.get(1);
        updateCaveat();
        for (ConfigRow row : rows) row.setBest(row == best.get());
        changes.set(changes.get() + 1);
    }

    /**
     * Takes rows that just got their results into the ranking without going over every row (a run's
     * results arrive by the thousand, and the best moves often early in a run): only a better one moves
     * the best.
     */
    void rank(List<ConfigRow> finished) {
        ConfigRow first = best.get();
        ConfigRow second = runnerUp;
        for (ConfigRow row : finished) {
            if (row == first || row == second) {
                update();
                return;
            }
        }
        for (ConfigRow row : finished) {
            if (!measured(row)) continue;
            if (first == null || better(row, first)) {
                second = first;
                first = row;
            } else if (second == null || better(row, second)) {
                second = row;
            }
        }
        boolean bestMoved = first != best.get();
        boolean caveatMoved = bestMoved || second != runnerUp;
        ConfigRow former = best.get();
        best.set(first);
        runnerUp = second;
        if (caveatMoved) updateCaveat();
        if (bestMoved) {
            if (former != null) former.setBest(false);
            if (first != null) first.setBest(true);
            changes.set(changes.get() + 1);
        }
    }

    /** The row's standing as a share of the best's: 1 for the best, 0.5 for one twice as slow; null when it failed or was not measured. */
    Double shareOf(ConfigRow row) {
        ConfigRow fastest = best.get();
        TuningRecord r = row.record();
        if (fastest == null || fastest.record() == null || r == null) return null;
        // Of the confirmed figures where the confirmation measured a config again (the best's among them): as the engine ranks.
        OptionalDouble share = Ranking.share(r, fastest.record(), objective);
        return share.isPresent() ? share.getAsDouble() : null;
    }

    /** A row whose record has a value of the objective. */
    private boolean measured(ConfigRow row) {
        return row.record() != null && Ranking.value(row.record(), objective).isPresent();
    }

    private Comparator<ConfigRow> orderBy(Objective by) {
        return Comparator.comparing(ConfigRow::record, Ranking.order(by)).thenComparingInt(numberOf);
    }

    private boolean better(ConfigRow a, ConfigRow b) {
        return order.compare(a, b) < 0;
    }

    /** What qualifies the best, as {@link Claims} says it: nothing once the confirmation measured it best again. */
    private void updateCaveat() {
        ConfigRow first = best.get();
        caveat.set(first == null ? "" : Claims.best(first.record(), runnerUp == null ? null : runnerUp.record())
                .caveat(r -> "No." + numberOf.applyAsInt(runnerUp)));
    }
}
