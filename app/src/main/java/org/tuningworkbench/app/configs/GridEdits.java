package org.tuningworkbench.app.configs;

import java.util.function.Supplier;
import javafx.collections.ObservableList;
import org.tuningworkbench.app.edit.EditHistory;

/**
 * Changes to the grid's rows as undoable edits of the window's history: each edit keeps the rows as
 * they were before and after it ({@link GridState}), which its undo and redo put back.
 */
final class GridEdits {

    private final ObservableList<ConfigRow> rows;
    private final EditHistory history;
    /** Runs before each change (trials waiting to join do so: they have their numbers after the rows). */
    private final Runnable beforeChange;
    /** Runs after an undo or redo put the rows back. */
    private final Runnable afterRestore;

    GridEdits(ObservableList<ConfigRow> rows, EditHistory history, Runnable beforeChange, Runnable afterRestore) {
        this.rows = rows;
        this.history = history;
        this.beforeChange = beforeChange;
        this.afterRestore = afterRestore;
    }

    EditHistory history() {
        return history;
    }

    /** Makes {@code change} to the rows as one edit called {@code name}; returns what the change returned. */
    <T> T make(String name, Supplier<T> change) {
        beforeChange.run();
        var before = GridState.of(rows);
        T result = change.get();
        var after = GridState.of(rows);
        history.add(new EditHistory.Edit() {
            @Override public String name() { return name; }
            @Override public void undo() { restore(before); }
            @Override public void redo() { restore(after); }
        });
        return result;
    }

    private void restore(GridState state) {
        state.restore(rows);
        afterRestore.run();
    }
}
