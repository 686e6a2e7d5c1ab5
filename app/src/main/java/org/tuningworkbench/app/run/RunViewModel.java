package org.tuningworkbench.app.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.tuningworkbench.app.configs.BestClaim;
import org.tuningworkbench.app.configs.ConfigGridViewModel;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.app.task.BackgroundTask;
import org.tuningworkbench.app.task.TaskExecutor;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.configs.ConfigNumbers;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.Lesson;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.LatestRun;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.recorded.RecordedSpace;
import org.tuningworkbench.engine.replay.ReplayExecutor;
import org.tuningworkbench.engine.run.Device;
import org.tuningworkbench.engine.tune.Confirmation;
import org.tuningworkbench.engine.tune.LessonRun;
import org.tuningworkbench.engine.tune.Trial;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.engine.tune.TuningEvent;
import org.tuningworkbench.engine.exec.TuningException;

/**
 * A tuning run in the window: Run / Stop / Resume, and progress, with the run panel's {@link #settings}. The engine's
 * {@link Tuner} runs on a background task and its events wait in a queue; {@link #drain()} applies
 * them to the grid once per frame on the JavaFX thread.
 */
public final class RunViewModel {

    /** A finished trial as the charts need it: its row's number, its trial number in the run, its record. */
    public record Result(int number, int trial, TuningRecord record, boolean advised) {

        /** A result the strategy did not take on the priors' word. */
        public Result(int number, int trial, TuningRecord record) {
            this(number, trial, record, false);
        }
    }

    private final TaskExecutor executor;
    private final ConfigGridViewModel grid;
    private final Supplier<TuneOptions> options;
    private final PriorsViewModel priors;
    /** The keys of the configs this run's strategy took on the priors' word. */
    private final Set<String> advised = new HashSet<>();
    /** The run's events the window has not applied yet. */
    private final RunEvents events = new RunEvents(this::stopRequested);
    private final RunSettingsViewModel settings = new RunSettingsViewModel();
    /** What ran after the run's configs (the lesson's confirmation) found, said when the run ends. */
    private volatile String afterwardsNote;
    /** Why this run's baseline was skipped (a library that is not installed), said again when the run ends. */
    private String baselineNote;
    private final ReadOnlyStringWrapper space = new ReadOnlyStringWrapper("");
    private final ReadOnlyIntegerWrapper resultsCleared = new ReadOnlyIntegerWrapper();
    private final ReadOnlyObjectWrapper<TuningRecord> baseline = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final RunProgress progress = new RunProgress();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("Ready");
    private final ReadOnlyStringWrapper device = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper toolchain = new ReadOnlyStringWrapper("");
    private volatile Tuner tuner;
    /** The confirmation that closes the run (a search's top configs, a lesson's steps), or none. */
    private final ClosingConfirmation confirmation = new ClosingConfirmation();
    private List<ConfigRow> rowsInRun = List.of();
    private volatile boolean stopRequested;

    private boolean stopRequested() {
        return stopRequested;
    }
    private Consumer<String> onEnd = s -> { };
    private Consumer<String> onError = s -> { };
    private Consumer<List<TuningRecord>> onConfirmed = records -> { };

    public RunViewModel(TaskExecutor executor, ConfigGridViewModel grid, Supplier<TuneOptions> options) {
        this.executor = executor;
        this.grid = grid;
        this.options = options;
        this.priors = new PriorsViewModel(executor);
        device.set(Device.localCpu().identity());
    }

    /**
     * Called, from any thread, when events wait to be drained: the window schedules one drain for
     * them. While it is set, a run that streams events waits for the window when {@value #MOST_WAITING} wait.
     */
    public void setOnEventsWaiting(Runnable action) {
        events.setOnWaiting(action);
    }

    /** Events that may wait for a window that drains them before the run waits for it. */
    public static final int MOST_WAITING = RunEvents.MOST_WAITING;

    /** Called on the JavaFX thread with a one-line summary when a run ends. */
    public void setOnEnd(Consumer<String> action) { onEnd = action; }

    /**
     * Called on the JavaFX thread once the run's confirmation is done, with the records of the configs it measured again
     * as the record file now keeps them (their confirmed figures with them): every view then rests on those.
     */
    public void setOnConfirmed(Consumer<List<TuningRecord>> action) { onConfirmed = action; }

    /** Called when a run cannot start (the compiler is missing, the markers are wrong, ...). */
    public void setOnError(Consumer<String> action) { onError = action; }

    /** Says something in the status bar between runs. */
    public void say(String text) {
        if (!running.get()) message.set(text);
    }

    /** The measurement and search settings the next run takes. */
    public RunSettingsViewModel settings() {
        return settings;
    }

    /**
     * Runs every row of the grid. {@code resume} takes configs already in the record file from it
     * instead of measuring them again.
     */
    public void start(Project base, boolean resume, Path recordFile) {
        start(base, resume, recordFile, null);
    }

    /**
     * Runs with {@code replay} answering every trial from a recorded space (no build, no device), or
     * on the local CPU when it is null.
     */
    public void start(Project base, boolean resume, Path recordFile, RecordedSpace replay) {
        if (running.get()) return;
        Project project = base.withCandidates(base.candidates().withListed(grid.configs())).withMeasure(settings.measureSettings(base.measure()))
                .withSearch(settings.searchSettings(base.search()));
        TuneOptions runOptions = options.get().toBuilder().resume(resume).priors(priors.priors()).build();
        // As tune does: a search of a space ends with its fastest configs measured again (a replay measures nothing).
        int top = replay == null ? project.search().confirmTop(project, settings.confirmTopProperty().get()) : 0;
        confirmation.start(top > 0 ? new Confirmation(project, runOptions) : null);
        launch(project, runOptions, recordFile, replay, top == 0 ? null
                        : (records, file) -> confirmation.confirmSearch(records, top, file, events::addFromRun, this::stopRequested),
                resume ? "Resuming: finished configs come from the record file…" : "Building and measuring…");
    }

    /**
     * Measures {@code lesson}'s steps alone as {@link LessonRun} says (afresh, racing off, at least
     * {@value LessonRun#SAMPLES} samples a step), then confirms them in interleaved rounds; the run's
     * closing message says whether their order held. {@code base}'s other settings are the run panel's.
     */
    public void measureLesson(Project base, Lesson lesson, Path recordFile) {
        if (running.get()) return;
        Project project = LessonRun.project(base.withMeasure(settings.measureSettings(base.measure())), lesson);
        TuneOptions runOptions = LessonRun.options(options.get(), project);
        var numbers = new ConfigNumbers(base.candidates().listed());
        int steps = LessonRun.configs(lesson).size();
        // Stop ends the confirmation too, as it ends the measuring.
        Confirmation lessonConfirmation = new Confirmation(project, runOptions);
        confirmation.start(lessonConfirmation);
        BiFunction<List<TuningRecord>, RecordFile, String> confirm = (records, file) -> {
            events.addFromRun(new TuningEvent.Waiting("Confirming: the steps measured again, interleaved, each in a fresh process…"));
            return LessonRun.confirm(lessonConfirmation, project, records, r -> "No." + numbers.of(r.configValues()));
        };
        launch(project, runOptions, recordFile, null, confirm, "Measuring the lesson's " + Counts.of(steps, "step") + ", racing off…");
    }

    /**
     * Runs {@code project}'s configs; {@code afterwards}, when not null, runs on the run's results and its record file
     * before it completes (the confirmation), and its words close the run's message.
     */
    private void launch(Project project, TuneOptions runOptions, Path recordFile, RecordedSpace replay,
                        BiFunction<List<TuningRecord>, RecordFile, String> afterwards, String starting) {
        List<Config> configs = project.candidates().listed();
        grid.removeTrials();
        rowsInRun = List.copyOf(grid.rows());
        grid.clearResults();
        resultsCleared.set(resultsCleared.get() + 1);
        var planned = new HashSet<>(configs);
        rowsInRun.forEach(r -> r.setState(planned.contains(grid.configOf(r)) ? "queued" : ""));
        events.clear();
        progress.start(configs.size());
        stopRequested = false;
        afterwardsNote = null;
        events.draining();
        running.set(true);
        message.set(starting);
        advised.clear();
        Tuner t = replay == null ? new Tuner(project, runOptions)
                : new Tuner(project, runOptions, new ReplayExecutor(replay));
        tuner = t;
        var task = BackgroundTask.of(() -> {
            try (RecordFile records = RecordFile.open(recordFile)) {
                if (afterwards == null) return t.run(records, events::addFromRun);
                // The run completes once what comes afterwards is done: until then it is still running.
                TuningEvent.Completed[] completed = new TuningEvent.Completed[1];
                List<TuningRecord> results = t.run(records, e -> {
                    if (e instanceof TuningEvent.Completed c) completed[0] = c;
                    else events.addFromRun(e);
                });
                if (completed[0] != null && !completed[0].stopped() && !stopRequested) afterwardsNote = afterwards.apply(results, records);
                if (completed[0] != null) events.addFromRun(completed[0]);
                return results;
            }
        });
        // A replay is computation alone, as fast as a core goes: it gives way to the window's drawing.
        // A run that measures never does: the programs it starts would inherit the lower priority.
        if (replay != null) task.givingWayToTheWindow();
        executor.execute(task.onSuccess(records -> { }).onFailure(e -> {
            events.clear();
            running.set(false);
            tuner = null;
            rowsInRun.forEach(r -> r.setState(""));
            progress.failed();
            String text = e instanceof TuningException || e instanceof IOException ? e.getMessage() : String.valueOf(e);
            message.set("The run could not start");
            onError.accept(text);
        }));
    }

    /**
     * Shows what the record file holds for {@code project}: the records of its latest run, as the
     * command line's {@code show} and {@code report} choose them ({@link LatestRun}), and nothing of
     * an earlier project: everything shown belongs to the open project from the moment it opens. A
     * record file that cannot be read shows nothing. Returns what is shown and what was left out.
     */
    public LatestRun showRecorded(Project project, Path recordFile) {
        if (running.get()) return LatestRun.of(List.of());
        List<TuningRecord> records = List.of();
        if (Files.isRegularFile(recordFile)) {
            try {
                records = RecordFile.read(recordFile).stream().filter(r -> project.name().equals(r.project())).toList();
            } catch (IOException e) {
                records = List.of();
            }
        }
        LatestRun latest = LatestRun.of(records);
        show(latest.shown());
        return latest;
    }

    /** Shows {@code records} as results (the latest of each config, and of the baseline), nothing else; returns how many configs. */
    public int show(List<TuningRecord> records) {
        if (running.get()) return 0;
        events.clear();
        resultsCleared.set(resultsCleared.get() + 1);
        baseline.set(null);
        grid.removeTrials();
        grid.clearResults();
        progress.clear();
        space.set("");
        var latest = new LinkedHashMap<String, TuningRecord>();
        TuningRecord recordedBaseline = null;
        for (TuningRecord r : records) {
            if (r.baseline() != null) recordedBaseline = r;
            else latest.put(r.configValues().key(), r);
        }
        if (recordedBaseline != null) events.add(new TuningEvent.BaselineMeasured(recordedBaseline, true, ""));
        int n = 0;
        for (TuningRecord r : latest.values()) events.add(new TuningEvent.Finished(new Trial(++n, r.configValues()), r, true, ""));
        progress.shown(n);
        return n;
    }

    /** Stops the run: the running program and builds are killed; every finished record stays in the record file. */
    public void stop() {
        Tuner t = tuner;
        if (t == null) return;
        stopRequested = true;
        message.set("Stopping…");
        t.stop();
        confirmation.stop();
    }

    /** Applies the queued events to the grid; returns the configs that finished since the last call. */
    public List<Result> drain() {
        return drain(Long.MAX_VALUE);
    }

    /** Whether events wait to be drained. */
    public boolean eventsWaiting() {
        return !events.isEmpty();
    }

    /** How many events wait to be drained. */
    public int eventsWaitingCount() {
        return events.size();
    }

    /**
     * Applies queued events to the grid for about {@code budgetNanos} at most, leaving the rest for the
     * next call (a window drains once a frame: thousands of replayed results must not stall one frame);
     * returns the configs that finished.
     */
    public List<Result> drain(long budgetNanos) {
        long until = budgetNanos == Long.MAX_VALUE ? Long.MAX_VALUE : System.nanoTime() + budgetNanos;
        record Done(ConfigRow row, int trial, TuningRecord record, boolean advised) {}
        var finished = new ArrayList<Done>();
        // The trials join the grid once a drain, not once a trial: thousands of replayed trials a second
        // would otherwise refit the grid thousands of times. The status bar names the last one measured.
        TuningEvent.Measuring measuring = null;
        ConfigRow measuringRow = null;
        int ranked = 0;
        TuningEvent event;
        events.draining();
        while ((until == Long.MAX_VALUE || System.nanoTime() < until) && (event = events.poll()) != null) {
            switch (event) {
                case TuningEvent.Started s -> {
                    baseline.set(null);
                    space.set(s.strategy() + " over " + s.space());
                    device.set(s.device());
                    toolchain.set(s.toolchain());
                    priors.used(s.priors(), s.strategy());
                    progress.planned(s.planned());
                }
                case TuningEvent.Proposed p -> p.configs().forEach(c -> {
                    ConfigRow row = grid.rowForTrial(c);
                    if (row.record() == null) row.setState("queued");
                    if (p.advised().contains(c.key())) advised.add(c.key());
                });
                case TuningEvent.Built b -> grid.rowOf(b.config()).ifPresent(r -> r.setState(
                        b.result() instanceof BuildResult.Built ? "built" : "build failed"));
                case TuningEvent.Measuring m -> {
                    ConfigRow row = grid.rowForTrial(m.trial().config());
                    row.setState("measuring");
                    measuring = m;
                    measuringRow = row;
                }
                case TuningEvent.Finished f -> {
                    ConfigRow row = grid.rowForTrial(f.trial().config());
                    row.setRecord(f.record(), f.log());
                    finished.add(new Done(row, f.trial().number(), f.record(), advised.contains(f.record().configValues().key())));
                    progress.finished(f.resumed());
                }
                case TuningEvent.Waiting w -> {
                    measuring = null;
                    confirmation.waiting();
                    message.set(w.message());
                }
                case TuningEvent.Notice n -> message.set(n.message());
                case TuningEvent.BaselineMeasured b -> baseline.set(b.record());
                case TuningEvent.BaselineSkipped b -> {
                    measuring = null;
                    baselineNote = "Baseline skipped (" + b.label() + "): " + b.reason();
                    message.set(baselineNote);
                }
                case TuningEvent.Confirming c -> {
                    measuring = null;
                    confirmation.confirming(c, grid, progress);
                }
                case TuningEvent.Confirmed c -> {
                    confirmation.confirmed(c.result(), grid);
                    onConfirmed.accept(c.result().entries().stream().map(Confirmation.Entry::record).toList());
                }
                case TuningEvent.Completed c -> {
                    measuring = null;
                    grid.admitTrials();
                    grid.rank(finished.subList(ranked, finished.size()).stream().map(Done::row).toList());
                    ranked = finished.size();
                    complete(c);
                }
            }
        }
        // While a run streams, trials join the grid at most twice a second (the window's clock drains
        // once a second, so the last of them join); a drain without a budget takes everything in now.
        if (budgetNanos == Long.MAX_VALUE || !running.get()) grid.admitTrials();
        else grid.admitTrialsAtPace(System.nanoTime());
        String confirming = running.get() ? confirmation.message(grid) : null;
        if (confirming != null) {
            message.set(confirming);
        } else if (measuring != null) {
            message.set("Measuring trial " + measuring.trial().number() + (progress.total() > 0 ? " of " + progress.total() : "")
                    + ": No." + grid.numberOf(measuringRow));
        }
        if (finished.size() > ranked) grid.rank(finished.subList(ranked, finished.size()).stream().map(Done::row).toList());
        if (running.get()) progress.update();
        return finished.stream().map(d -> new Result(grid.numberOf(d.row()), d.trial(), d.record(), d.advised())).toList();
    }

    private void complete(TuningEvent.Completed c) {
        tuner = null;
        grid.rows().stream().filter(r -> r.record() == null).forEach(r -> r.setState(c.stopped() || r.listed() ? "not run" : ""));
        String found = confirmation.ended(grid, c.records());
        String ended = (c.stopped() || stopRequested ? "Stopped after " : "Finished ") + c.records().size() + " of " + Counts.of(progress.total(), "config")
                + " in " + Figures.duration(progress.elapsed());
        String after = (found.isEmpty() ? "" : "; " + found)
                + (afterwardsNote == null || afterwardsNote.isEmpty() ? "" : "; " + afterwardsNote)
                + (baselineNote == null ? "" : ". " + baselineNote);
        ConfigRow best = grid.best();
        baselineNote = null;
        afterwardsNote = null;
        // The status bar names the best beside the message; the notification, read alone, names it too.
        message.set(ended + (best == null ? "; no config succeeded" : "") + after);
        String summary = ended + "; " + BestClaim.of(grid).text() + after;
        progress.complete();
        // Last, so whoever watches the run ending sees the final ranking.
        running.set(false);
        onEnd.accept(summary);
    }

    public PriorsViewModel priors() { return priors; }
    /** Counts the times the results were cleared (a run starts, a project opens): the charts start afresh each time. */
    public ReadOnlyIntegerProperty resultsClearedProperty() { return resultsCleared.getReadOnlyProperty(); }
    /** What the run searches, as the engine said when it started ({@code model over 4,096 configs}). */
    public ReadOnlyStringProperty spaceProperty() { return space.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public boolean isRunning() { return running.get(); }
    public ReadOnlyIntegerProperty doneProperty() { return progress.doneProperty(); }
    public ReadOnlyIntegerProperty totalProperty() { return progress.totalProperty(); }
    /** 0 to 1, or -1 while the run is starting. */
    public ReadOnlyDoubleProperty progressProperty() { return progress.fractionProperty(); }
    /** {@code 3 / 5 · 0:12 elapsed · about 0:08 left}. */
    public ReadOnlyStringProperty progressTextProperty() { return progress.textProperty(); }
    public ReadOnlyStringProperty messageProperty() { return message.getReadOnlyProperty(); }
    public ReadOnlyStringProperty deviceProperty() { return device.getReadOnlyProperty(); }
    public ReadOnlyStringProperty toolchainProperty() { return toolchain.getReadOnlyProperty(); }
    /** The project's baseline record of the latest run, or null when it has none. */
    public ReadOnlyObjectProperty<TuningRecord> baselineProperty() { return baseline.getReadOnlyProperty(); }
}
