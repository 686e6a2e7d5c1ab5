package org.tuningworkbench.app.shell;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import javafx.beans.value.ObservableValue;
import org.tuningworkbench.app.configs.ConfigGridViewModel;
import org.tuningworkbench.app.editor.SourceEditorViewModel;
import org.tuningworkbench.app.project.OpenedProject;
import org.tuningworkbench.app.run.RunViewModel;
import org.tuningworkbench.engine.SafeWrite;
import org.tuningworkbench.engine.configs.ProjectText;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.SourceFiles;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectError;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;

/**
 * What the person changed and has not saved, the question before anything that would lose it
 * (quitting, opening another project): Save (the default), Don't Save, or Cancel; and saving it.
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

    /**
     * Writes the kernel text and the project (configs and measurement settings) to disk, then reads
     * the project again as the engine will; empty, after a dialog, when it cannot. A recorded space
     * has nothing to write back and stays as it is.
     */
    Optional<OpenedProject> save() {
        OpenedProject p = project.getValue();
        if (p == null) return Optional.empty();
        if (p.recorded().isPresent()) return Optional.of(p);
        List<Map<String, String>> rows = grid.rowValues();
        boolean configsChanged = !rows.equals(p.project().candidates().listed().stream().map(Config::toRow).toList());
        // The grid's listed rows are the project's configs; a [space] stays a space and is never expanded into them.
        String projectText = configsChanged ? ProjectText.withConfigs(p.projectText(), rows) : p.projectText();
        var measure = run.settings().measureSettings(p.project().measure());
        if (!measure.equals(p.project().measure())) projectText = ProjectText.withMeasure(projectText, measure);
        try {
            if (!editor.textProperty().get().equals(p.kernelText()) || editor.modifiedProperty().get()) {
                SourceFiles.write(p.kernelFile(), editor.textProperty().get());
            }
            editor.markSaved();
            if (!projectText.equals(p.projectText())) SafeWrite.write(p.projectFile(), projectText);
        } catch (IOException e) {
            dialogs.showProblem("Cannot save", List.of(e.getMessage()));
            return Optional.empty();
        }
        Project reloaded;
        try {
            reloaded = ProjectFile.load(p.projectFile(), p.sizeOverrides());
        } catch (ProjectException e) {
            dialogs.showProblem("The project has errors", e.errors().stream().map(ProjectError::toString).toList());
            return Optional.empty();
        }
        return Optional.of(new OpenedProject(reloaded, projectText, editor.textProperty().get(), p.sizeOverrides()));
    }

    /**
     * Writes the project file's text as the person edited it, with the kernel when it changed; a text
     * with errors is not written: its problems (file:line:column) go to a dialog and false is returned.
     */
    boolean saveProjectText(String text) {
        OpenedProject p = project.getValue();
        try {
            ProjectFile.parse(p.projectFile(), text, p.sizeOverrides());
        } catch (ProjectException e) {
            dialogs.showProblem("The project has errors", e.errors().stream().map(ProjectError::toString).toList());
            return false;
        }
        try {
            if (editor.modifiedProperty().get()) SourceFiles.write(p.kernelFile(), editor.textProperty().get());
            editor.markSaved();
            SafeWrite.write(p.projectFile(), text);
        } catch (IOException e) {
            dialogs.showProblem("Cannot save", List.of(e.getMessage()));
            return false;
        }
        return true;
    }
}
