package org.tuningworkbench.app.shell;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.beans.value.ObservableValue;
import org.tuningworkbench.app.configs.ConfigGridViewModel;
import org.tuningworkbench.app.configs.GenerateRowsViewModel;
import org.tuningworkbench.app.editor.SourceEditorViewModel;
import org.tuningworkbench.app.project.OpenedProject;
import org.tuningworkbench.app.run.RunViewModel;
import org.tuningworkbench.engine.SafeWrite;
import org.tuningworkbench.engine.configs.Combinations;
import org.tuningworkbench.engine.configs.ConfigFormat;
import org.tuningworkbench.engine.configs.ConfigFormatException;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.project.MeasureSettings;

/**
 * The grid's config lists in and out: rows pasted from a spreadsheet, generated from value lists,
 * imported from a file (with the settings that came with it) and exported; bad input goes to a dialog,
 * what was done to the status bar.
 */
public final class ConfigLists {

    private final ConfigGridViewModel grid;
    private final SourceEditorViewModel editor;
    private final RunViewModel run;
    private final ObservableValue<OpenedProject> project;
    private final Dialogs dialogs;

    ConfigLists(ConfigGridViewModel grid, SourceEditorViewModel editor, RunViewModel run, ObservableValue<OpenedProject> project, Dialogs dialogs) {
        this.grid = grid;
        this.editor = editor;
        this.run = run;
        this.project = project;
        this.dialogs = dialogs;
    }

    /**
     * Replaces the grid's rows with an imported list. The settings that came with it and that a run
     * understands (the warm-up, repeat) go to the measurement settings; the status bar says what was
     * kept, and a dialog names the keys that were ignored.
     */
    public void importConfigs(String text, ConfigFormat format) throws ConfigFormatException {
        var list = grid.importList(text, format);
        OpenedProject p = project.getValue();
        var base = p == null ? MeasureSettings.DEFAULT : p.project().measure();
        if (!list.kept().isEmpty()) run.settings().loadMeasure(list.applyTo(run.settings().measureSettings(base)));
        run.say(list.summary());
        if (!list.ignored().isEmpty()) dialogs.notify("Imported with settings ignored", list.summary());
    }

    /** Appends tab-separated rows from the clipboard's text; what is not rows goes to a dialog. */
    public void pasteRows(String text) {
        if (text == null || text.isBlank()) {
            dialogs.showProblem("Nothing to paste", List.of("Copy rows from a spreadsheet: one config per line, values separated by tabs, "
                    + "optionally with a header line naming the parameters."));
            return;
        }
        try {
            grid.paste(text);
        } catch (ConfigFormatException e) {
            dialogs.showProblem("The clipboard does not hold config rows", List.of(e.getMessage()));
        }
    }

    /** Value lists to generate rows from, starting at the source's values; empty, after a dialog, without tunable parameters. */
    public Optional<GenerateRowsViewModel> generateRows() {
        if (grid.parameters().isEmpty()) {
            dialogs.showProblem("No tunable parameters", List.of("Mark a line of the kernel with  // tunable  first."));
            return Optional.empty();
        }
        var values = new LinkedHashMap<String, String>();
        for (String name : grid.parameters()) values.put(name, editor.source().parameters().get(name).value());
        return Optional.of(new GenerateRowsViewModel(values, grid));
    }

    /** Replaces the grid's rows with the list in {@code file} (its form read from its name). */
    public void importConfigsFrom(Path file) {
        try {
            importConfigs(Files.readString(file), ConfigFormat.of(file));
        } catch (IOException e) {
            dialogs.showProblem("Cannot read " + file.getFileName(), List.of(e.getMessage()));
        } catch (ConfigFormatException e) {
            dialogs.showProblem(file.getFileName() + " is not a list of configs", List.of(file + ": " + e.getMessage()));
        }
    }

    public void exportConfigsTo(Path file, ConfigFormat format) {
        try {
            OpenedProject opened = project.getValue();
            SafeWrite writes = opened == null ? SafeWrite.anywhere() : SafeWrite.sparing(opened.inputs());
            writes.text(file, grid.exportText(format), StandardCharsets.UTF_8);
        } catch (IOException e) {
            dialogs.showProblem("Cannot write " + file.getFileName(), List.of(e.getMessage()));
        }
    }

    /** Appends the configs of the value lists the grid does not hold yet; the status bar says how many, and how many it held. */
    public void generate(Map<String, String> valueLists) {
        int before = grid.rows().size();
        int added = grid.generate(valueLists);
        var lists = new LinkedHashMap<String, List<String>>();
        valueLists.forEach((k, v) -> lists.put(k, Combinations.values(v)));
        long all = Combinations.count(lists);
        run.say("Generated " + Counts.of(added, "config") + (all > added ? " (" + Counts.of(all - added, "combination")
                + " already in the grid left out)" : "") + "; the grid holds " + Counts.of(before + added, "config") + ".");
    }
}
