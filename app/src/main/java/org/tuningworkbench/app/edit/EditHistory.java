package org.tuningworkbench.app.edit;

import java.util.ArrayDeque;
import java.util.Deque;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The window's undo history of edits to the grid and of jobs such as Apply Best: each is an
 * {@link Edit} that knows how to undo and redo itself. A new edit clears what could be redone. Typing
 * in the source editor keeps the editor's own history; this one holds everything else.
 */
public final class EditHistory {

    /** One undoable change, named as the Edit menu shows it ({@code Delete 3 Configs}). */
    public interface Edit {
        String name();

        void undo();

        void redo();
    }

    private static final int LIMIT = 200;
    private final Deque<Edit> done = new ArrayDeque<>();
    private final Deque<Edit> undone = new ArrayDeque<>();
    private final ReadOnlyStringWrapper undoName = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper redoName = new ReadOnlyStringWrapper("");
    private final javafx.beans.property.ReadOnlyIntegerWrapper changes = new javafx.beans.property.ReadOnlyIntegerWrapper();

    /** Records an edit that has just been made. */
    public void add(Edit edit) {
        done.push(edit);
        if (done.size() > LIMIT) done.removeLast();
        undone.clear();
        changed();
    }

    public boolean canUndo() { return !done.isEmpty(); }

    public boolean canRedo() { return !undone.isEmpty(); }

    /** The name of the edit Undo would revert, empty when there is none. */
    public ReadOnlyStringProperty undoNameProperty() { return undoName.getReadOnlyProperty(); }

    public ReadOnlyStringProperty redoNameProperty() { return redoName.getReadOnlyProperty(); }

    /** Moves on every edit made, undone or redone: what follows the edits (a title's dirty mark) listens to it. */
    public javafx.beans.property.ReadOnlyIntegerProperty changesProperty() { return changes.getReadOnlyProperty(); }

    /** The edit Undo would revert, or null. */
    public Edit last() { return done.peek(); }

    public void undo() {
        Edit edit = done.poll();
        if (edit == null) return;
        edit.undo();
        undone.push(edit);
        changed();
    }

    public void redo() {
        Edit edit = undone.poll();
        if (edit == null) return;
        edit.redo();
        done.push(edit);
        changed();
    }

    /** Forgets every edit (another project was opened). */
    public void clear() {
        done.clear();
        undone.clear();
        changed();
    }

    private void changed() {
        changes.set(changes.get() + 1);
        undoName.set(done.isEmpty() ? "" : done.peek().name());
        redoName.set(undone.isEmpty() ? "" : undone.peek().name());
    }
}
