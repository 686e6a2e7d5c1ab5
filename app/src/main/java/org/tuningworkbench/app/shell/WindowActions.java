package org.tuningworkbench.app.shell;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.input.Clipboard;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import org.tuningworkbench.app.chart.ChartExport;
import org.tuningworkbench.app.chart.ChartsView;
import org.tuningworkbench.app.compare.CompareView;
import org.tuningworkbench.app.compare.StrategyComparisonView;
import org.tuningworkbench.app.sweep.SizeSweepView;
import org.tuningworkbench.app.configs.ConfigGridView;
import org.tuningworkbench.app.editor.SourceEditorView;
import org.tuningworkbench.app.project.Examples;
import org.tuningworkbench.app.project.RecentProjects;
import org.tuningworkbench.app.shell.Dialogs.FileKind;
import org.tuningworkbench.engine.configs.ConfigFormat;

/**
 * The window's actions, as one table: the menus, the tool bar and the shortcut list are made from
 * it. What an action decides is the view models'; what is here picks files and opens the dialogs.
 */
final class WindowActions {

    private final MainViewModel model;
    private final Dialogs dialogs;
    private final RecentProjects recent;
    private final SourceEditorView editor;
    private final ConfigGridView grid;
    private final ChartsView charts;
    private final Supplier<Window> window;
    private final MainWindow themes;
    private final ActionBar bar;
    private final PaneFocus panes;

    WindowActions(MainViewModel model, Dialogs dialogs, RecentProjects recent, SourceEditorView editor, ConfigGridView grid,
            ChartsView charts, Supplier<Window> window, MainWindow themes) {
        this.model = model;
        this.dialogs = dialogs;
        this.recent = recent;
        this.editor = editor;
        this.grid = grid;
        this.charts = charts;
        this.window = window;
        this.themes = themes;
        this.panes = new PaneFocus(() -> window.get() == null ? null : window.get().getScene());
        this.bar = new ActionBar(table()).withItem("Open Example", this::examplesMenu).withItem("Open Recent", this::recentMenu)
                .withItem("Export As", this::exportConfigsMenu).withItem("Dark Theme", this::darkThemeItem);
    }

    ActionBar bar() {
        return bar;
    }

    private List<Action> table() {
        var running = model.run().runningProperty();
        // A size sweep holds the device: Run and Resume wait for it, and the status line says so (see MainViewModel).
        var sweeping = model.sweeps().runningProperty();
        var t = new ArrayList<Action>();
        t.add(Action.of("File", "Open Project or Kernel…", "Shortcut+O", "Open a project or a kernel file", this::openWithChooser));
        t.add(Action.of("File", "Open Example", null, null, null));
        t.add(Action.of("File", "Examples Gallery…", null, null, this::showGallery));
        t.add(Action.of("File", "Open Recent", null, null, null));
        t.add(separator("File"));
        t.add(Action.of("File", "Save", "Shortcut+S", "Save the kernel and the project", model::save));
        t.add(Action.of("File", "Edit Project File…", "Shortcut+P", "Edit the project file (arguments, sizes, golden, build)", this::editProjectFile));
        t.add(separator("File"));
        t.add(Action.of("File", "Export Chart as PNG…", null, null, () -> exportChart("png")));
        t.add(Action.of("File", "Export Chart as SVG…", null, null, () -> exportChart("svg")));
        t.add(Action.of("File", "Export Report…", "Shortcut+Shift+E",
                "Write one HTML file of the results: the table, the charts, the roofline and the best config's difference", model.reports()::exportReport)
                .disabledWhen(running));
        for (RecordsExport.Format format : RecordsExport.Format.values()) {
            t.add(Action.of("File", "Export Records as " + format.label() + "…", null,
                    "Write the records as a " + format.label() + " file, which Kernel Tuner and the benchmark hub read back",
                    () -> model.reports().recordsExport().export(format)).disabledWhen(running));
        }
        t.add(separator("File"));
        t.add(Action.of("File", "Quit", "Shortcut+Q", null, this::quit));

        // Undo and Redo are the window's before a text control's own wherever the window's history is what they undo.
        t.add(Action.of("Edit", "Undo", "Shortcut+Z", "Undo (typing in the source, elsewhere the grid's edits and Apply Best)", () -> undo(true))
                .takenFirst(() -> model.undoesHistory(typing())));
        t.add(Action.of("Edit", "Redo", "Shortcut+Y", "Redo", () -> undo(false)).takenFirst(() -> model.undoesHistory(typing()), "Shortcut+Shift+Z"));
        t.add(separator("Edit"));
        t.add(Action.of("Edit", "Find…", "Shortcut+F", "Find in the source", editor::showFind));

        t.add(Action.of("Configs", "Add Row", "Shortcut+Shift+N", "Add a config row", () -> grid.select(model.grid().add())));
        t.add(Action.of("Configs", "Paste Rows", "Shortcut+Shift+V", "Paste rows (tab-separated)", this::pasteRows));
        // In the grid, Ctrl+V and Delete act on its rows; elsewhere they are the focused control's (paste text, delete a character).
        t.add(Action.of(null, "Paste Rows into the Grid", "Shortcut+V", "In the grid: paste rows (tab-separated)", this::pasteRows)
                .takenFirst(grid::takesRowKeys));
        t.add(Action.of(null, "Delete Rows", "Delete", "In the grid: delete the selected rows", () -> model.grid().delete(grid.selected()))
                .takenFirst(grid::takesRowKeys));
        t.add(Action.of("Configs", "Generate from Value Lists…", "Shortcut+G", "Generate rows from value lists", this::generateRows));
        t.add(separator("Configs"));
        t.add(Action.of("Configs", "Import…", "Shortcut+I", "Import configs", this::importConfigs));
        t.add(Action.of("Configs", "Export As", null, null, null));

        t.add(Action.of("Run", "Run", "Shortcut+R", "Run every config (saves first)", () -> model.run(false)).disabledWhen(running.or(sweeping))
                .withButton("runButton", "Run", "Save, then build and measure every config", "accent", "run-button").withIcon("mdi2p-play"));
        // Esc stops a run wherever the focus is: a table or a field would swallow it.
        t.add(Action.of("Run", "Stop", "Esc", "Stop the run (finished records are kept)", model::stop).disabledWhen(running.not()).takenFirst()
                .withButton("stopButton", "Stop", "Stop the run; finished records are kept", "danger").withIcon("mdi2s-stop"));
        // A recorded space has no record file to resume: its replay starts afresh, as Run's does.
        t.add(Action.of("Run", "Resume", "Shortcut+Shift+R", "Resume (measure only what is not recorded)", () -> model.run(true))
                .disabledWhen(running.or(sweeping).or(model.recordedSpaceOpen())).withButton("resumeButton", "Resume", "Measure only the configs the record file does not hold yet")
                .withIcon("mdi2r-restart"));
        t.add(separator("Run"));
        // Compare waits for two configs, in the menu as on the tool bar: its tooltip says what to select.
        t.add(Action.of("Run", "Compare Selected…", "Shortcut+D", "Compare the two selected configs", this::compare)
                .disabledWhen(grid.comparableProperty().not())
                .withButton("compareButton", "Compare", "Select two rows of the grid (Ctrl+click), or one to compare with the best, "
                        + "and see them side by side").withIcon("mdi2c-compare-horizontal"));
        t.add(Action.of("Run", "Compare Strategies…", null, "Replay random, evolutionary and model search on the recorded space open, "
                + "with and without the priors, and draw how close each came to the optimum", this::compareStrategies)
                .disabledWhen(running.or(model.recordedSpaceOpen().not())));
        t.add(Action.of("Run", "Size Sweep…", null, "Measure the selected configs (or the best) at several values of one of the project's sizes, "
                + "and draw each one's latency or GFLOP/s against the size", this::sweepSizes)
                .disabledWhen(running.or(model.recordedSpaceOpen()).or(model.sweeps().runningProperty())));
        // Apply Best waits for a best config and a source to write it into, in the menu as on the tool bar.
        t.add(Action.of("Run", "Apply Best to Source…", "Shortcut+Shift+A", "Apply the best config to the source", model::applyBest)
                .disabledWhen(model.grid().bestProperty().isNull().or(running).or(model.recordedSpaceOpen()))
                .withButton("applyBest", "Apply Best", "Write the best config's values into the source").withIcon("mdi2s-star-check"));

        t.add(separator("Run"));
        t.add(Action.of("Run", "Replay Records", "Shortcut+Shift+P", "Replay the records trial by trial", () -> themes.replayMode().toggle())
                .disabledWhen(running).withButton("replayToggle", "Replay", "Replay the records trial by trial, as they happened").withIcon("mdi2h-history"));

        t.add(Action.of("View", "Dark Theme", "Shortcut+T", "Dark theme on or off", null));
        t.add(Action.of("View", "Side Panel", "Shortcut+B", "Show or hide the run settings on the left",
                () -> themes.setSidePanelShown(!themes.sidePanelShown())));
        // Ctrl+= is Ctrl+plus without Shift, and the keypad's + and −: other spellings of Zoom In and Zoom Out.
        t.add(Action.of("View", "Zoom In", "Shortcut+Plus", "Everything in the window larger (also Ctrl+=)", () -> themes.zoom(1))
                .takenFirst("Shortcut+Equals", "Shortcut+Shift+Equals", "Shortcut+Add"));
        t.add(Action.of("View", "Zoom Out", "Shortcut+Minus", "Everything in the window smaller", () -> themes.zoom(-1)).takenFirst("Shortcut+Subtract"));
        t.add(Action.of("View", "Actual Size", "Shortcut+0", "The window at its usual size", () -> themes.zoom(0)));
        t.add(Action.of("View", "Present", "F5", "For a class: the source above the charts, larger, without the grid and the run settings "
                + "(F5 or Esc ends it)", themes::togglePresent));
        var lesson = themes.lessonMode();
        t.add(separator("View"));
        t.add(Action.of("View", "Lesson", "Shortcut+L", "Lesson mode on or off", lesson::toggle)
                .withButton("lessonToggle", "Lesson", "Step through the project's lesson: each step's change, measurement and note")
                .withIcon("mdi2s-school"));
        t.add(Action.of("View", "Measure Lesson", "Shortcut+Shift+L", "Measure the lesson's steps alone: racing off, enough samples, confirmed",
                        () -> {
                            if (!lesson.activeProperty().get() && !lesson.open(0)) return;
                            model.measureLesson();
                        }).disabledWhen(running));
        t.add(Action.of("View", "Next Lesson Step", "Alt+Right", "The lesson's next step", lesson::next).disabledWhen(lesson.activeProperty().not()));
        t.add(Action.of("View", "Previous Lesson Step", "Alt+Left", "The lesson's previous step", lesson::previous)
                .disabledWhen(lesson.activeProperty().not()));
        t.add(Action.of(null, "Next Pane", "Shortcut+Tab", "Move between the panes: source, grid, chart, log, run panel", () -> panes.move(1))
                .takenFirst());
        t.add(Action.of(null, "Previous Pane", "Shortcut+Shift+Tab", "Move back between the panes", () -> panes.move(-1)).takenFirst());
        t.add(Action.of("Help", "Keyboard Shortcuts", "F1", "This list", () -> dialogs.showShortcuts(bar.shortcutText())));
        return t;
    }

    /** Whether the focus is where text is typed (the source, a cell being edited): Undo there is the typing's own. */
    boolean typing() {
        Window w = window.get();
        var owner = w == null || w.getScene() == null ? null : w.getScene().getFocusOwner();
        return owner instanceof javafx.scene.control.TextInputControl || owner == editor.area();
    }

    /** Undo or redo: the typing's own where text is typed, otherwise the grid's edits and Apply Best. */
    void undo(boolean undo) {
        if (model.undoesHistory(typing())) {
            if (undo) model.undo();
            else model.redo();
        } else if (undo) {
            editor.area().undo();
        } else {
            editor.area().redo();
        }
    }

    /** The Edit menu names what Undo and Redo would do where the focus is. */
    void nameUndo(javafx.scene.Scene scene) {
        bar.item("Undo").textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> model.undoesHistory(typing())
                ? ("Undo " + model.history().undoNameProperty().get()).strip() : "Undo Typing",
                model.history().undoNameProperty(), scene.focusOwnerProperty(), model.editor().textProperty()));
        bar.item("Redo").textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> model.undoesHistory(typing())
                ? ("Redo " + model.history().redoNameProperty().get()).strip() : "Redo Typing",
                model.history().redoNameProperty(), scene.focusOwnerProperty(), model.editor().textProperty()));
    }

    private static Action separator(String menu) {
        return Action.of(menu, ActionBar.SEPARATOR, null, null, () -> { });
    }

    private MenuItem examplesMenu() {
        var examples = new Menu("Open Example");
        for (var example : Examples.list(Examples.home())) {
            var item = new MenuItem(example.name());
            item.setOnAction(e -> model.open(example.project()));
            examples.getItems().add(item);
        }
        return examples;
    }

    private MenuItem recentMenu() {
        var menu = new Menu("Open Recent");
        menu.getItems().add(new MenuItem("(none)"));
        menu.setOnShowing(e -> fillRecent(menu));
        return menu;
    }

    private void fillRecent(Menu menu) {
        menu.getItems().clear();
        List<Path> paths;
        try {
            paths = recent.list();
        } catch (RuntimeException e) {
            paths = List.of();
        }
        for (Path p : paths) {
            var item = new MenuItem(p.getParent().getFileName() + "/" + p.getFileName() + "   " + p.getParent());
            item.setOnAction(e -> model.open(p));
            menu.getItems().add(item);
        }
        if (menu.getItems().isEmpty()) {
            var none = new MenuItem("(none yet)");
            none.setDisable(true);
            menu.getItems().add(none);
        }
    }

    private MenuItem exportConfigsMenu() {
        var export = new Menu("Export As");
        for (ConfigFormat f : ConfigFormat.values()) {
            var item = new MenuItem(f.label() + "…");
            item.setOnAction(e -> exportConfigs(f));
            export.getItems().add(item);
        }
        return export;
    }

    private MenuItem darkThemeItem() {
        var dark = new CheckMenuItem("Dark Theme");
        dark.setOnAction(e -> themes.setTheme(dark.isSelected() ? Theme.DARK : Theme.LIGHT));
        return dark;
    }

    // Quitting asks as closing the window does: hiding the window would skip the question.
    private void quit() {
        Window w = window.get();
        if (w != null) w.fireEvent(new WindowEvent(w, WindowEvent.WINDOW_CLOSE_REQUEST));
    }

    private void openWithChooser() {
        Path folder = model.project() == null ? null : model.project().projectFile().getParent();
        dialogs.openFile("Open a project or a kernel file", folder, List.of(FileKind.of("Projects, kernels and recorded spaces",
                "*.toml", "*.c", "*.cc", "*.cpp", "*.cxx", "*.cu", "*.h", "*.hpp", "*.json", "*.json.gz"))).ifPresent(model::open);
    }

    private void showGallery() {
        dialogs.showExamples(Examples.list(Examples.home()), Examples.home(), model::open);
    }

    private void editProjectFile() {
        if (model.project() == null || !model.save()) return;
        dialogs.editProjectFile(model.project().projectFile(), model.project().projectText(), model::saveProjectText);
    }

    void pasteRows() {
        model.configLists().pasteRows(Clipboard.getSystemClipboard().getString());
    }

    void generateRows() {
        model.configLists().generateRows().flatMap(dialogs::valueLists).ifPresent(model.configLists()::generate);
    }

    void importConfigs() {
        dialogs.openFile("Import configs", null, List.of(FileKind.of("Config lists", "*.txt", "*.py", "*.json", "*.csv")))
                .ifPresent(model.configLists()::importConfigsFrom);
    }

    void exportConfigs(ConfigFormat format) {
        dialogs.saveFile("Export configs as " + format.label(), "configs." + format.extension(), null)
                .ifPresent(file -> model.configLists().exportConfigsTo(file, format));
    }

    void exportChart(String extension) {
        var shown = charts.shown();
        dialogs.saveFile("Export chart as " + extension.toUpperCase(Locale.ROOT), shown.fileStem() + "." + extension, null).ifPresent(file -> {
            try {
                ChartExport.write(shown.chart(), file, 1200, 700);
            } catch (IOException e) {
                dialogs.showProblem("Cannot write " + file.getFileName(), List.of(e.getMessage()));
            }
        });
    }

    private void compareStrategies() {
        var opened = model.project();
        if (opened == null || opened.recorded().isEmpty()) return;
        var space = opened.recorded().get();
        var view = new StrategyComparisonView(window.get(), model.strategies(), space.name(), List.of(Theme.STYLESHEET), themes.theme().dark());
        view.stage().show();
        model.strategies().compare(space, model.run().priors().priors(), model.run().settings().budgetProperty().get(), view::show,
                message -> dialogs.showProblem("The strategies could not be replayed", List.of(message)));
    }

    private void sweepSizes() {
        var opened = model.project();
        if (opened == null || opened.recorded().isPresent()) return;
        if (opened.project().inputs().sizes().isEmpty()) {
            dialogs.showProblem("Nothing to sweep", List.of(opened.projectFile().getFileName() + " has no [sizes]: a sweep varies one of them."));
            return;
        }
        var rows = grid.selected().isEmpty() && model.grid().best() != null ? List.of(model.grid().best()) : grid.selected();
        if (rows.isEmpty()) {
            dialogs.showProblem("Select configs to sweep", List.of("Select rows of the grid (Ctrl+click for several), or run first for a best config."));
            return;
        }
        var subject = new SizeSweepView.Subject(opened.projectFile(), opened.project().inputs().sizes(), rows.stream().map(model.grid()::configOf).toList(),
                rows.stream().map(model.grid()::numberOf).toList(), model.run().settings()::measureSettings, opened.projectFile().resolveSibling("sweep.jsonl"));
        var view = new SizeSweepView(window.get(), model.sweeps(), subject, opened.project().name(), List.of(Theme.STYLESHEET), themes.theme().dark(),
                message -> dialogs.showProblem("The sweep could not run", List.of(message)));
        view.stage().show();
    }

    private void compare() {
        model.compare(grid.selected()).ifPresent(vm -> CompareView.show(window.get(), vm, List.of(Theme.STYLESHEET), themes.theme().dark()));
    }
}
