package org.tuningworkbench.app.shell;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.tuningworkbench.app.configs.ConfigGridViewModel;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.app.edit.EditHistory;
import org.tuningworkbench.app.editor.SourceEditorViewModel;
import org.tuningworkbench.app.project.OpenedProject;
import org.tuningworkbench.engine.marker.InvalidConfigException;
import org.tuningworkbench.engine.recorded.RecordedSpace;
import org.tuningworkbench.engine.tune.BestConfig;

/**
 * Apply Best: the best config's values written into the source and saved ({@link BestConfig}, as
 * {@code workbench apply-best} writes them), as an edit of the window's history. Its undo writes the source back as it was; when the source was typed in since, the undo
 * first asks, naming the lines it would take away, and its redo brings that typing back.
 */
final class ApplyBest {

    private final Dialogs dialogs;
    private final SourceEditorViewModel editor;
    private final ConfigGridViewModel grid;
    private final EditHistory history;
    private final BooleanSupplier save;
    /** The project open (a recorded space has no source to write into), or null. */
    private final Supplier<OpenedProject> project;

    ApplyBest(Dialogs dialogs, SourceEditorViewModel editor, ConfigGridViewModel grid, EditHistory history, BooleanSupplier save,
              Supplier<OpenedProject> project) {
        this.dialogs = dialogs;
        this.editor = editor;
        this.grid = grid;
        this.history = history;
        this.save = save;
        this.project = project;
    }

    /** The text the source would have with the best config's values, or null when there is no best. */
    String bestVariantText() {
        ConfigRow best = grid.best();
        if (best == null) return null;
        try {
            return BestConfig.writtenInto(editor.source(), best.record());
        } catch (InvalidConfigException e) {
            return null;
        }
    }

    /** Writes the best config's values into the source after confirmation, and saves it; whether it did. */
    boolean apply() {
        OpenedProject opened = project.get();
        var device = Optional.ofNullable(opened).flatMap(OpenedProject::recorded).map(RecordedSpace::deviceName);
        if (device.isPresent()) {
            dialogs.showProblem("A recorded space has no source", List.of("Apply Best writes the best config's values into a kernel's source; "
                    + "a recorded space holds only the results measured on " + device.get() + "."));
            return false;
        }
        ConfigRow best = grid.best();
        String text = bestVariantText();
        if (best == null || text == null) {
            dialogs.showProblem("No best config yet", List.of("Run the configs first; apply best writes the fastest one's values into the source."));
            return false;
        }
        var values = new StringBuilder();
        best.record().config().forEach((k, v) -> values.append(k).append(" = ").append(v).append('\n'));
        // As apply-best warns: a best measured on another text of the kernel may not hold for this one.
        Optional<String> stale = opened == null ? Optional.empty()
                : BestConfig.measuredOnAnotherText(opened.project(), editor.fileProperty().get(), editor.textProperty().get(), best.record());
        if (!dialogs.confirm("Apply best", "Write config No." + grid.numberOf(best) + " into "
                + editor.fileProperty().get().getFileName() + "?", values + stale.map(s -> "\nNote: " + s + ".\n").orElse("")
                + "\nUndo (Ctrl+Z) restores the previous text, in the file too.", "Apply")) {
            return false;
        }
        var applied = new Applied(editor.textProperty().get(), text, "Apply Best (No." + grid.numberOf(best) + ")");
        if (!write(text)) return false;
        history.add(applied);
        return true;
    }

    /**
     * Whether Undo goes to the window's history rather than to the editor's typing: always outside
     * the editor, and in it when the last thing that changed the source was Apply Best.
     */
    boolean undoesHistory(boolean editorFocused) {
        return !editorFocused || history.last() instanceof Applied applied && applied.text.equals(editor.textProperty().get());
    }

    /**
     * Undoes the history's last edit. An Apply Best whose source was typed in since asks first, naming
     * the typing it would take away; not undone when the answer is no. Whether it undid an edit.
     */
    boolean undo() {
        if (!history.canUndo()) return false;
        if (history.last() instanceof Applied applied) {
            List<String> typed = changedLines(applied.text, editor.textProperty().get());
            if (!typed.isEmpty() && !dialogs.confirm("Undo " + applied.name, "Undo " + applied.name + " and take away what was typed since?",
                    "The source goes back to what it was before Apply Best; these lines typed since go with it:\n"
                            + String.join("\n", typed) + "\n\nRedo (Ctrl+Y) brings the best config and the typing back.", "Undo")) {
                return false;
            }
        }
        history.undo();
        return true;
    }

    /** The lines of {@code now} that differ from {@code then}, as "line N: text" (a few, then how many more). */
    static List<String> changedLines(String then, String now) {
        if (then.equals(now)) return List.of();
        List<String> before = then.lines().toList();
        List<String> after = now.lines().toList();
        var out = new ArrayList<String>();
        int more = 0;
        for (AbstractDelta<String> delta : DiffUtils.diff(before, after).getDeltas()) {
            var lines = delta.getTarget().getLines();
            int at = delta.getTarget().getPosition() + 1;
            if (lines.isEmpty()) {
                if (out.size() < 6) out.add("line " + at + ": " + delta.getSource().size() + " line(s) deleted");
                else more++;
                continue;
            }
            for (int i = 0; i < lines.size(); i++) {
                if (out.size() < 6) out.add("line " + (at + i) + ": " + lines.get(i).strip());
                else more++;
            }
        }
        if (more > 0) out.add("and " + more + " more");
        return out;
    }

    private boolean write(String text) {
        editor.textProperty().set(text);
        editor.reparse();
        return save.getAsBoolean();
    }

    /** Apply Best as an edit: its undo writes the source as it was before, its redo the source as it was undone. */
    private final class Applied implements EditHistory.Edit {
        private final String before;
        private final String text;
        private final String name;
        /** The source when it was last undone: the best config, and whatever was typed after it. */
        private String undone;

        Applied(String before, String text, String name) {
            this.before = before;
            this.text = text;
            this.name = name;
            this.undone = text;
        }

        @Override public String name() { return name; }

        @Override
        public void undo() {
            undone = editor.textProperty().get();
            write(before);
        }

        @Override public void redo() { write(undone); }
    }
}
