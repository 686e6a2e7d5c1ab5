package org.tuningworkbench.app.shell;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.tuningworkbench.app.analysis.ResultsViewModel;
import org.tuningworkbench.app.compare.CompareViewModel;
import org.tuningworkbench.app.compare.StrategyComparisonViewModel;
import org.tuningworkbench.app.sweep.SizeSweepViewModel;
import org.tuningworkbench.app.configs.ConfigGridViewModel;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.app.configs.Rate;
import org.tuningworkbench.app.device.DevicesViewModel;
import org.tuningworkbench.app.edit.EditHistory;
import org.tuningworkbench.app.editor.SourceEditorViewModel;
import org.tuningworkbench.app.project.OpenFailure;
import org.tuningworkbench.app.project.OpenedProject;
import org.tuningworkbench.app.project.ProjectOpener;
import org.tuningworkbench.app.project.RecentProjects;
import org.tuningworkbench.app.project.TrustedBuilds;
import org.tuningworkbench.app.replay.ReplayRecords;
import org.tuningworkbench.app.run.RunViewModel;
import org.tuningworkbench.app.task.TaskExecutor;
import org.tuningworkbench.bridge.Language;
import org.tuningworkbench.engine.configs.KernelProject;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.Metric;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.Lesson;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.LatestRun;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.recorded.RecordedSpace;
import org.tuningworkbench.engine.tune.Ranking;

/**
 * The workbench: one project, its source editor, its config grid and its runs. Opening, saving
 * (source and project, as an IDE saves before it builds), running, selecting and applying the best
 * config are decided here; the views only show and forward.
 */
public final class MainViewModel {

    private final Dialogs dialogs;
    private final StrategyComparisonViewModel strategies;
    private final SizeSweepViewModel sweeps;
    /** The status line while a size sweep measures. */
    public static final String SWEEP_HOLDS_THE_DEVICE = "A size sweep is measuring: Run waits for the size sweep to finish (closing its window stops it)";
    private final TuneOptions options;
    private final RecentProjects recent;
    private final SourceEditorViewModel editor = new SourceEditorViewModel();
    private final EditHistory history = new EditHistory();
    private final ConfigGridViewModel grid = new ConfigGridViewModel(history);
    private final RunViewModel run;
    private final ApplyBest applyBest;
    private final Selection selection;
    private final UnsavedWork unsavedWork;
    private final ReportExport reports;
    private final ConfigLists configLists;
    private final DevicesViewModel devices;
    private final ReadOnlyObjectWrapper<OpenedProject> project = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Path> opening = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("Tuning Workbench");
    private final TrustedBuilds trustedBuilds;
    private final ResultsViewModel results = new ResultsViewModel();
    private final ReplayRecords replayRecords = new ReplayRecords();
    private final BooleanBinding recordedSpaceOpen =
            Bindings.createBooleanBinding(() -> project.get() != null && project.get().recorded().isPresent(), project);
    /**
     * Whether Run searches the project's {@code [space]}: it has one and the grid lists no config of the person's (the
     * grid starts empty and the search's trials join it), so the window speaks of a search, not of "every config in the grid".
     */
    private final BooleanBinding runSearchesSpace;
    private final List<Runnable> switchResets = new ArrayList<>();

    public MainViewModel(TaskExecutor executor, TuneOptions options, Dialogs dialogs, RecentProjects recent) {
        this.options = options;
        runSearchesSpace = Bindings.createBooleanBinding(() -> project.get() != null && project.get().recorded().isEmpty()
                && project.get().project().candidates().space().isPresent() && grid.rows().stream().noneMatch(ConfigRow::listed), project, grid.rows());
        this.dialogs = dialogs;
        this.recent = recent;
        this.trustedBuilds = new TrustedBuilds(recent.preferences().node("trusted-builds"));
        this.run = new RunViewModel(executor, grid, () -> options);
        this.strategies = new StrategyComparisonViewModel(executor);
        this.sweeps = new SizeSweepViewModel(executor, () -> options);
        // The sweep and a run would measure on the same device: Run waits for the sweep, and says why.
        sweeps.runningProperty().addListener((obs, was, now) -> {
            run.say(now ? SWEEP_HOLDS_THE_DEVICE : "The size sweep ended: Run can measure again");
        });
        this.reports = new ReportExport(project, results, run, executor, dialogs, options);
        this.configLists = new ConfigLists(grid, editor, run, project, dialogs);
        this.selection = new Selection(grid, editor, results);
        this.unsavedWork = new UnsavedWork(project, editor, grid, run, dialogs, this::save);
        onProjectOpened(reports::forgetCeilings);
        this.applyBest = new ApplyBest(dialogs, editor, grid, history, this::save, project::get);
        this.devices = new DevicesViewModel(executor, options::cacheDir);
        // The device panel lists the OpenCL devices once a project needs one.
        project.addListener((obs, old, now) -> {
            if (now != null && now.project().kernel().language() == Language.OPENCL) devices.listOpenCl();
        });
        // A replay's records belong to the recorded space it replayed: another project (or the same one opened again) starts without them.
        project.addListener((obs, old, now) -> {
            if (old != null && old.recorded().isPresent()) replayRecords.delete();
        });
        Bindings.bindContent(grid.parameters(), editor.parameters());
        grid.sourceProperty().bind(editor.sourceProperty());
        wireResults();
        run.setOnEnd(summary -> {
            selection.show();
            dialogs.notify("Run finished", summary);
        });
        run.setOnError(message -> dialogs.showProblem("The run could not start", List.of(message)));
        run.setOnConfirmed(results::confirmed);
        run.priors().setOnError(message -> dialogs.showProblem("Cannot read the prior", List.of(message)));
        // The dirty mark follows every unsaved change: the kernel's text, and the grid's edits (each one a step of the history).
        title.bind(Bindings.createStringBinding(() -> {
            OpenedProject p = project.get();
            return (unsavedChanges().isEmpty() ? "" : "● ") + (p == null ? "" : p.project().name() + " — ") + "Tuning Workbench";
        }, project, editor.modifiedProperty(), grid.rows(), history.changesProperty()));
    }

    public SourceEditorViewModel editor() { return editor; }
    /** The results as the charts show them: selecting a config there selects it here, a brush narrows the grid. */
    public ResultsViewModel results() { return results; }
    public ConfigGridViewModel grid() { return grid; }
    /** The undo history of the grid's edits and of Apply Best. */
    public EditHistory history() { return history; }

    /**
     * Whether Undo goes to the window's history rather than to the editor's typing: always outside
     * the editor, and in it when the last thing that changed the source was Apply Best (whose undo
     * restores the file too).
     */
    public boolean undoesHistory(boolean editorFocused) {
        return applyBest.undoesHistory(editorFocused);
    }
    public RunViewModel run() { return run; }
    public StrategyComparisonViewModel strategies() { return strategies; }
    /** Run → Size Sweep: chosen configs measured at several values of a size. */
    public SizeSweepViewModel sweeps() { return sweeps; }
    /** File → Export Report, and the machine's ceilings as measured before. */
    public ReportExport reports() { return reports; }
    /** The grid's config lists in and out: paste, generate, import, export. */
    public ConfigLists configLists() { return configLists; }
    public DevicesViewModel devices() { return devices; }
    public ReadOnlyObjectProperty<OpenedProject> projectProperty() { return project.getReadOnlyProperty(); }
    /** Whether the project open is a recorded space: measured elsewhere, replayed by runs, with no source to write a config into. */
    public BooleanBinding recordedSpaceOpen() { return recordedSpaceOpen; }
    /** Whether Run searches the project's space, no config being listed (see {@link #runSearchesSpace}). */
    public BooleanBinding runSearchesSpace() { return runSearchesSpace; }
    public OpenedProject project() { return project.get(); }
    public ObjectProperty<ConfigRow> selectedProperty() { return selection.selectedProperty(); }
    public ReadOnlyStringProperty titleProperty() { return title.getReadOnlyProperty(); }
    /** The selected config's build output and run stderr. */
    public ReadOnlyStringProperty selectedLogProperty() { return selection.logProperty(); }

    /** Selects the row of config {@code number} (1-based), as a click on the chart does. */
    public void selectNumber(int number) { selection.selectNumber(number); }

    /** After events were drained: the selected row's diagnostics and log may have arrived. */
    public void refreshSelection() { selection.show(); }

    /** The two configs to compare (see {@link Selection#compare}); empty when the rows do not name two ({@link ConfigGridViewModel#comparable}). */
    public Optional<CompareViewModel> compare(List<ConfigRow> rows) { return selection.compare(rows); }

    /**
     * Registers what resets a view's own state (its axes, sort, selection, chosen parameters, lesson)
     * when a project is opened: every open, of another project or of the same one again, runs each once,
     * after the project's source, configs and settings are loaded and before its results arrive.
     */
    public void onProjectOpened(Runnable reset) {
        switchResets.add(reset);
    }

    /** Opens a project file or a bare kernel file; problems go to a dialog. Returns whether it opened. */
    public boolean open(Path file) {
        return open(file, Map.of());
    }

    /**
     * Says that {@code file} is about to be opened (the window shows its first frame before it reads
     * the project): until {@link #open} is done, the window says so instead of showing an empty workbench.
     */
    public void announceOpening(Path file) {
        opening.set(file);
        run.say("Opening " + file + " …");
    }

    /** The file being opened, between {@link #announceOpening} and the end of {@link #open}; null otherwise. */
    public ReadOnlyObjectProperty<Path> openingProperty() { return opening.getReadOnlyProperty(); }

    public boolean open(Path file, Map<String, Long> sizeOverrides) {
        try {
            return openProject(file, sizeOverrides);
        } finally {
            if (opening.get() != null) {
                opening.set(null);
                if (project.get() == null) run.say("");
            }
        }
    }

    private boolean openProject(Path file, Map<String, Long> sizeOverrides) {
        if (run.isRunning()) {
            dialogs.showProblem("A run is in progress", List.of("Stop the run (Esc) before opening another project."));
            return false;
        }
        if (!unsavedWork.mayLose("Don't Save opens the other project and loses them.")) return false;
        OpenedProject opened;
        try {
            opened = ProjectOpener.open(file, sizeOverrides, this::reviewDraft);
        } catch (OpenFailure e) {
            if (e.isCancelled()) return false;
            dialogs.showProblem(e.getMessage(), e.problems());
            return false;
        }
        // The project's own parts first, so that what follows the project (a lesson, the views) reads them, not the last one's.
        editor.load(opened.kernelFile(), opened.kernelText());
        editor.injectDefines(opened.project().kernel().injectsDefines()
                ? opened.project().candidates().parameters().stream().map(Parameter::name).toList() : List.of());
        results.keep(editor.source());
        history.clear();
        selection.clear();
        grid.rateProperty().set(Rate.of(opened.project().work()));
        grid.setRows(opened.project().candidates().listed().stream().map(Config::toRow).toList());
        grid.setObjective(opened.project().search().objective(), opened.project().metrics().stream().map(Metric::name).toList());
        run.settings().loadMeasure(opened.project().measure());
        run.settings().loadSearch(opened.project().search(), opened.project().candidates().space().isPresent());
        project.set(opened);
        // Every view starts afresh through this one path: its axes, sort, selection, lesson and choices are the last project's.
        switchResets.forEach(Faults::guard);
        LatestRun latestRun = opened.recorded().isPresent() ? null : run.showRecorded(opened.project(), opened.recordFile());
        if (opened.recorded().isPresent()) run.show(opened.recorded().get().records());
        String space = opened.project().candidates().space().map(s -> (grid.rows().isEmpty() ? "a space of " : " and a space of ") + s.describe()).orElse("");
        if (opened.recorded().isPresent()) {
            var recorded = opened.recorded().get();
            run.say(String.format(Locale.ROOT, "Opened the recorded space %s: %,d configs over %d parameters, measured on %s."
                    + " Run (Ctrl+R) replays the strategy against them.", recorded.name(), recorded.records().size(),
                    recorded.parameters().size(), recorded.deviceName()) + fileRanksOtherwise(recorded));
        } else {
            run.say("Opened " + opened.project().name() + ": " + (grid.rows().isEmpty() && !space.isEmpty() ? "" : Counts.of(grid.rows().size(), "config"))
                    + space + " over " + Counts.of(grid.parameters().size(), "tunable parameter") + ". "
                    // Run measures every config again; Resume takes from the record file what it holds for this kernel and machine.
                    + (latestRun.configs().isEmpty() ? (runSearchesSpace.get() ? "Press Run (Ctrl+R) to search it." : "Press Run (Ctrl+R) to measure them.")
                    : "Shown as recorded (" + latestRun.describe() + "): Run (Ctrl+R) measures again, "
                    + "Resume only what is not recorded" + (latestRun.otherRecords() > 0 ? "; Replay plays every record, other runs' too." : ".")));
        }
        try {
            recent.add(opened.projectFile());
        } catch (RuntimeException ignored) {
            // Preferences may be read-only; the recent list is a convenience.
        }
        return true;
    }

    /**
     * Where the space's own objective (Kernel Tuner's {@code time}, the mean of the samples) ranks another config first
     * than the window's median does, which one: {@code show} and {@code best} rank by it, and the window would otherwise
     * crown a config they do not. Its number is its place in the file, which is its row's in the grid. Empty when they agree.
     */
    private static String fileRanksOtherwise(RecordedSpace space) {
        var records = space.records();
        var byFile = space.ranking().best(records);
        var byMedian = Ranking.of(records).best();
        if (byFile.isEmpty() || byMedian.isEmpty() || byFile.get() == byMedian.get()) return "";
        int number = 1;
        while (records.get(number - 1) != byFile.get()) number++;
        return " Ranked here by the median of the samples; `show` and `best` rank by the file's `" + space.ranking().objective().name()
                + "` and put No." + number + " first.";
    }

    /** A project drafted for a bare kernel is shown, with what was guessed, before it is written. */
    private Optional<String> reviewDraft(Path projectFile, KernelProject.Draft draft, List<String> problems) {
        var header = new StringBuilder();
        if (!problems.isEmpty()) header.append("Fix these first:\n").append(String.join("\n", problems)).append("\n\n");
        header.append("A first project, ").append(projectFile.getFileName()).append(", to be written beside the kernel. Check what was guessed:\n");
        draft.guesses().forEach(g -> header.append("  • ").append(g).append('\n'));
        return dialogs.review("New project for a kernel", header.toString().strip(), draft.text());
    }

    /** Whether the window may close: nothing is unsaved, or the person agreed to lose it. */
    public boolean confirmQuit() {
        return unsavedWork.mayLose("Don't Save quits and loses them.");
    }

    /** What the person changed and has not saved: the kernel, the grid's configs, the measurement settings. */
    public List<String> unsavedChanges() {
        return unsavedWork.changes();
    }

    /**
     * Writes the kernel text and the project (configs and measurement settings) to disk, then reads
     * the project again as the engine will. Returns false, after a dialog, when it cannot.
     */
    public boolean save() {
        Optional<OpenedProject> saved = unsavedWork.save();
        saved.ifPresent(project::set);
        return saved.isPresent();
    }

    /**
     * Writes the project file's text as the person edited it and opens the project again. A text
     * with errors is not written: its problems (file:line:column) go to a dialog and false is returned.
     */
    public boolean saveProjectText(String text) {
        OpenedProject p = project.get();
        if (p == null || run.isRunning()) return false;
        return unsavedWork.saveProjectText(text) && open(p.projectFile(), p.sizeOverrides());
    }

    /** Saves, then runs every config; {@code resume} takes already recorded configs from the record file. */
    public void run(boolean resume) {
        OpenedProject opened = readyToRun();
        if (opened == null) return;
        if (opened.recorded().isPresent()) {
            // A replay starts afresh each time: its records are only this run's, in a file of this window's own.
            Path records;
            try {
                records = replayRecords.fresh(opened.project().name());
            } catch (IOException e) {
                dialogs.showProblem("Cannot replay", List.of("No file for the replay's records: " + e.getMessage()));
                return;
            }
            run.start(opened.project(), false, records, opened.recorded().get());
            return;
        }
        results.keep(editor.source());
        run.start(opened.project(), resume, opened.recordFile());
    }

    /** The project saved and allowed to build, ready for a run; null, after saying why, when it is not. */
    private OpenedProject readyToRun() {
        if (project.get() == null || run.isRunning()) return null;
        editor.reparse();
        if (!editor.source().errors().isEmpty()) {
            dialogs.showProblem("The kernel's markers have errors", editor.markerProblems());
            return null;
        }
        if (grid.rows().isEmpty() && project.get().project().candidates().space().isEmpty()) grid.add();
        if (!save()) return null;
        selection.clear();
        OpenedProject opened = project.get();
        return allowedToBuild(opened) ? opened : null;
    }

    /**
     * Saves, then measures the project's lesson: its steps alone, afresh, racing off, with enough samples
     * to compare each with the one before, and confirmed ({@link RunViewModel#measureLesson}).
     */
    public void measureLesson() {
        OpenedProject current = project.get();
        if (current == null || current.recorded().isPresent()) {
            dialogs.showProblem("No lesson to measure", List.of("Open a project that has a [lesson], such as the examples matmul-tiling and conv2d-relu."));
            return;
        }
        OpenedProject opened = readyToRun();
        if (opened == null) return;
        Optional<Lesson> lesson;
        try {
            lesson = ProjectFile.lesson(opened.project());
        } catch (ProjectException e) {
            dialogs.showProblem("The lesson has errors", e.errors().stream().map(Object::toString).toList());
            return;
        }
        if (lesson.isEmpty() || lesson.get().steps().isEmpty()) {
            dialogs.showProblem("No lesson to measure", List.of(opened.projectFile() + " has no [lesson]: add a [[lesson.step]] naming a config for each step (docs/lessons.md)."));
            return;
        }
        run.measureLesson(opened.project(), lesson.get(), opened.recordFile());
    }

    /** Stops the run; what it recorded is kept. */
    public void stop() {
        run.stop();
    }

    /** The window closes: the run stops, and the records of its replays (a file of its own) are deleted. */
    public void close() {
        run.stop();
        replayRecords.delete();
    }

    /** The file the latest replay of a recorded space records to, while the space is open. */
    public Optional<Path> replayRecordFile() {
        return replayRecords.file();
    }

    /** A project's own build command runs only once the person has seen it and agreed, once for that content. */
    private boolean allowedToBuild(OpenedProject opened) {
        Project p = opened.project();
        if (opened.recorded().isPresent() || trustedBuilds.trusted(p, opened.projectText())) return true;
        boolean yes = dialogs.confirm("Run the project's build command?", "This project builds with commands of its own:",
                TrustedBuilds.question(p), "Run");
        if (yes) trustedBuilds.trust(p, opened.projectText());
        return yes;
    }

    private void wireResults() {
        run.resultsClearedProperty().addListener((obs, was, now) -> results.clear());
        results.baselineProperty().bind(run.baselineProperty());

        results.projectProperty().bind(Bindings.createObjectBinding(() -> project.get() == null ? null : project.get().project(), project));
    }


    /** The text the source would have with the best config's values, or null when there is no best. */
    public String bestVariantText() {
        return applyBest.bestVariantText();
    }

    /**
     * Writes the best config's values into the source after confirmation, and saves it. Undo
     * (Ctrl+Z) writes the previous text back, into the editor and the file.
     */
    public boolean applyBest() {
        String file = editor.fileProperty().get() == null ? "the source" : editor.fileProperty().get().getFileName().toString();
        boolean applied = applyBest.apply();
        if (applied) run.say(history.undoNameProperty().get() + ": written into " + file + " and saved. Undo (Ctrl+Z) restores the previous text.");
        return applied;
    }

    /** Undoes the grid's last edit or Apply Best; an Apply Best typed after asks first, naming the typing it would take away. */
    public void undo() {
        String name = history.undoNameProperty().get();
        if (applyBest.undo()) run.say("Undone: " + name + ". Redo (Ctrl+Y) does it again.");
    }

    public void redo() {
        String name = history.redoNameProperty().get();
        if (!history.canRedo()) return;
        history.redo();
        run.say("Redone: " + name + ".");
    }

}
