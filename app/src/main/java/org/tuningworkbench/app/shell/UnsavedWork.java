package org.tuningworkbench.app.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.beans.value.ObservableValue;
import org.tuningworkbench.app.configs.ConfigGridViewModel;
import org.tuningworkbench.app.editor.SourceEditorViewModel;
import org.tuningworkbench.app.project.OpenedProject;
import org.tuningworkbench.app.run.RunViewModel;
import org.tuningworkbench.engine.marker.Config;

/**
 * What the person changed and has not saved, and the question before anything that would lose it
 * (quitting, opening another project): Save (the default), Don't Save, or Cancel.
 */
final class UnsavedWork {

    private final ObservableValue<OpenedProject> project;
    private final SourceEditorViewModel editor;
    private final ConfigGridViewModel grid;
    private final RunViewModel run;
    private final Dialogs dialogs;
    private final BooleanSupplier save;

    UnsavedWork(ObservableValue<OpenedProject> project, SourceEditorViewModel editor, ConfigGridViewModel grid, RunViewModel run, Dialogs dialogs,
                BooleanSupplier save) {
        this.project = project;
        this.editor = editor;
        this.grid = grid;
        this.run = run;
        this.dialogs = dialogs;
        this.save = save;
    }

    /** The kernel, the grid's configs, the measurement settings: those changed since they were saved. */
    List<String> changes() {
        OpenedProject p = project.getValue();
        if (p == null || p.recorded().isPresent()) return List.of();
        var out = new ArrayList<String>();
        if (editor.modifiedProperty().get()) out.add("the kernel");
        if (!grid.rowValues().equals(p.project().candidates().listed().stream().map(Config::toRow).toList())) out.add("the configs in the grid");
        if (!run.settings().measureSettings(p.project().measure()).equals(p.project().measure())) out.add("the measurement settings");
        return out;
    }

    /**
     * Whether to go on with what would lose the changes ({@code whatDiscardDoes} says it): nothing is
     * unsaved, or the person saved it (and it saved), or chose to lose it.
     */
    boolean mayLose(String whatDiscardDoes) {
        List<String> unsaved = changes();
        if (unsaved.isEmpty()) return true;
        return switch (dialogs.unsaved("Unsaved changes", "Save the changes to " + String.join(", ", unsaved) + "?", whatDiscardDoes)) {
            case SAVE -> save.getAsBoolean();
            case DISCARD -> true;
            case CANCEL -> false;
        };
    }
}
