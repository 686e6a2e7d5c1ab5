package org.tuningworkbench.app.replay;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import javafx.animation.AnimationTimer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import org.tuningworkbench.app.project.OpenedProject;
import org.tuningworkbench.app.run.RunViewModel;
import org.tuningworkbench.engine.record.LatestRun;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.replay.Replay;
import org.tuningworkbench.engine.exec.TuningException;

/**
 * Replay in the window: the open project's record file, or a recorded space searched by the run
 * panel's strategy, budget and seed, played back trial by trial into the charts and the grid.
 */
public final class ReplayMode {

    private final ObservableValue<OpenedProject> project;
    private final RunViewModel run;
    private final Runnable drain;
    private final BiConsumer<String, List<String>> problem;
    private final Consumer<Node> showBar;
    private final LongSupplier clock;
    private final ReadOnlyBooleanWrapper active = new ReadOnlyBooleanWrapper();
    private final AnimationTimer timer = new AnimationTimer() {
        @Override
        public void handle(long now) {
            if (playback != null) playback.tick();
        }
    };
    private PlaybackViewModel playback;

    /**
     * @param drain   applies the run's queued results to the charts (the window's drain)
     * @param showBar puts the replay's bar in the window (null takes it away)
     */
    public ReplayMode(ObservableValue<OpenedProject> project, RunViewModel run, Runnable drain, BiConsumer<String, List<String>> problem,
                      Consumer<Node> showBar, LongSupplier clock) {
        this.project = project;
        this.run = run;
        this.drain = drain;
        this.problem = problem;
        this.showBar = showBar;
        this.clock = clock;
        project.addListener((obs, was, now) -> {
            if (active.get()) close(false);
        });
        // A run shows its own results: the replay gives way.
        run.runningProperty().addListener((obs, was, now) -> {
            if (now && active.get()) close(false);
        });
    }

    public ReadOnlyBooleanProperty activeProperty() { return active.getReadOnlyProperty(); }

    /** The replay shown, or null when none is. */
    public PlaybackViewModel playback() { return playback; }

    public void toggle() {
        if (active.get()) close(true);
        else open();
    }

    /** Opens the replay at its start, paused; false, after saying why, when there is nothing to replay. */
    public boolean open() {
        OpenedProject opened = project.getValue();
        if (opened == null) return false;
        if (run.isRunning()) {
            problem.accept("A run is in progress", List.of("Stop the run (Esc) before replaying."));
            return false;
        }
        List<TuningRecord> records;
        String what;
        try {
            if (opened.recorded().isPresent()) {
                var space = opened.recorded().get();
                var search = run.settings().searchSettings(opened.project().search());
                records = Replay.run(space, search.strategy(), search.budget().maxTrials().orElse(100), search.seed());
                what = search.strategy() + " search of " + space.name() + ", seed " + search.seed();
            } else {
                records = recorded(opened);
                what = opened.recordFile().getFileName() + " of " + opened.project().name();
            }
        } catch (IOException | TuningException e) {
            problem.accept("Nothing to replay", List.of(e.getMessage()));
            return false;
        }
        if (records.isEmpty()) {
            problem.accept("Nothing to replay", List.of(opened.recordFile() + " holds no trial of " + opened.project().name()
                    + " yet: Run (Ctrl+R) records every config, and the replay shows them in the order they were measured."));
            return false;
        }
        // A replayed search's records are its trials; a record file's hold a baseline's and a confirmation's beside them.
        playback = new PlaybackViewModel(records, clock, opened.recorded().isPresent() ? "trial" : "record");
        // A replayed search's trials were answered from the records: their time stamps say nothing.
        if (opened.recorded().isPresent()) playback.speedProperty().set(PlaybackSpeed.FIVE_PER_SECOND);
        playback.positionProperty().addListener((obs, was, now) -> show());
        playback.playingProperty().addListener((obs, was, now) -> {
            if (now) timer.start();
            else timer.stop();
        });
        showBar.accept(new ReplayBar(playback, what, () -> close(true)));
        active.set(true);
        show();
        return true;
    }

    private static List<TuningRecord> recorded(OpenedProject opened) throws IOException {
        if (!Files.isRegularFile(opened.recordFile())) return List.of();
        return RecordFile.read(opened.recordFile()).stream().filter(r -> opened.project().name().equals(r.project())).toList();
    }

    /** Leaves the replay; {@code showAll} shows the records shown before it again: the latest run's ({@link LatestRun}). */
    public void close(boolean showAll) {
        timer.stop();
        if (playback != null) playback.pause();
        List<TuningRecord> all = playback == null ? List.of() : playback.trials();
        playback = null;
        showBar.accept(null);
        active.set(false);
        OpenedProject opened = project.getValue();
        if (!showAll || opened == null) return;
        if (opened.recorded().isPresent()) run.show(opened.recorded().get().records());
        else run.show(LatestRun.of(all).shown());
        drain.run();
    }

    private void show() {
        run.show(playback.shown());
        drain.run();
    }
}
