package org.tuningworkbench.app.configs;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import org.tuningworkbench.engine.marker.Config;

/**
 * Where each row of the grid stands and which row holds a config: a row's number ({@code No.1} is the first row) is
 * only its place, and a result finds its row by its config's values. Kept as the rows change, cheaply for what a run
 * does most (thousands of trials joining at the end, each finding its row at once), rebuilt after any other change.
 */
final class RowIndex {

    private final ObservableList<ConfigRow> rows;
    /** The config a row stands for, whose key finds the row. */
    private final Function<ConfigRow, Config> configOf;
    /** The trials a search proposed that wait to join the rows. */
    private final TrialAdmission admission;
    /** Rows by their config's key (the first row of each); null until next needed after a change that may move keys. */
    private Map<String, ConfigRow> byKey;
    /**
     * Whether each row's {@link ConfigRow#position} is its place now: kept while rows are only appended
     * (thousands of results find their numbers at once), set again after any other change.
     */
    private boolean positioned;
    /** Counts the changes that may renumber rows ({@link #numberingProperty}). */
    private final ReadOnlyIntegerWrapper numbering = new ReadOnlyIntegerWrapper();

    RowIndex(ObservableList<ConfigRow> rows, Function<ConfigRow, Config> configOf) {
        this.rows = rows;
        this.configOf = configOf;
        this.admission = new TrialAdmission(rows);
        rows.addListener((ListChangeListener<ConfigRow>) change -> {
            // Added rows join the index; any other change rebuilds it when next needed.
            while (change.next()) {
                if (change.wasRemoved() || change.wasPermutated() || change.wasReplaced()) {
                    byKey = null;
                    renumber();
                    admission.clear();
                } else if (change.wasAdded()) {
                    // Admitted trials are in the index already: each found its row through it.
                    if (byKey != null && !admission.admitting()) for (ConfigRow r : change.getAddedSubList()) byKey.putIfAbsent(configOf.apply(r).key(), r);
                    boolean appended = change.getTo() == rows.size();
                    if (!appended) {
                        renumber();
                    } else if (positioned) {
                        for (int i = change.getFrom(); i < change.getTo(); i++) rows.get(i).position = i + 1;
                    }
                }
            }
        });
    }

    /**
     * Changes whenever rows may have new numbers: rows removed, moved or put in among others. Rows
     * added at the end leave every other row's number as it was, and do not change it: thousands of
     * trials join a grid that shows a screenful of others.
     */
    ReadOnlyIntegerProperty numberingProperty() { return numbering.getReadOnlyProperty(); }

    private void renumber() {
        positioned = false;
        numbering.set(numbering.get() + 1);
    }

    /**
     * 1-based config number of a row; a trial waiting to join has the number it will have (the trials
     * join after the rows, in the order they came); 0 for a row not in the grid.
     */
    int numberOf(ConfigRow row) {
        if (!positioned) {
            for (int i = 0; i < rows.size(); i++) rows.get(i).position = i + 1;
            positioned = true;
        }
        // A row that left the grid keeps the place it had: it stands there no more.
        int number = row.position;
        if (number >= 1 && number <= rows.size() && rows.get(number - 1) == row) return number;
        int waiting = admission.placeOf(row);
        return waiting < 0 ? 0 : rows.size() + waiting + 1;
    }

    /** The row numbered {@code number} (1-based), the trials waiting to join admitted when it is one of them; null when there is none. */
    ConfigRow row(int number) {
        if (number > rows.size() && number <= rows.size() + admission.waiting()) admitTrials();
        return number >= 1 && number <= rows.size() ? rows.get(number - 1) : null;
    }

    /** The row of {@code config}, found by its values. */
    Optional<ConfigRow> rowOf(Config config) {
        return Optional.ofNullable(byKey().get(config.key()));
    }

    /**
     * The row of {@code config}; when no row holds it yet, a trial row that joins the grid at the next
     * {@link #admitTrials()} (thousands of trials join in one change, not one each).
     */
    ConfigRow rowForTrial(Config config) {
        return rowOf(config).orElseGet(() -> {
            var row = ConfigRow.trial(config);
            admission.await(row);
            byKey().put(config.key(), row);
            return row;
        });
    }

    /** Adds the trial rows made since the last call to the grid, in the order they came. */
    void admitTrials() {
        admission.admit(Integer.MAX_VALUE);
    }

    /** Adds the waiting trials to the grid at the pace {@link TrialAdmission#admitAtPace} keeps. */
    void admitTrialsAtPace(long nowNanos) {
        admission.admitAtPace(nowNanos);
    }

    /** A row's values or the parameters changed: the keys are found again when next needed. */
    void valuesChanged() {
        byKey = null;
    }

    /** The rows are about to change otherwise than by joining at the end: no trial waits any more, and the keys are found again. */
    void forgetTrials() {
        admission.clear();
        byKey = null;
    }

    /** Rows by their config's key (the first row of each), kept until rows or values change: a search's thousands of trials find their rows at once. */
    private Map<String, ConfigRow> byKey() {
        if (byKey == null) {
            byKey = new HashMap<>();
            for (ConfigRow r : rows) byKey.putIfAbsent(configOf.apply(r).key(), r);
        }
        return byKey;
    }
}
