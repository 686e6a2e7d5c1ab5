package org.tuningworkbench.app.replay;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongSupplier;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableStringValue;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * Replays recorded trials as they happened: in the order of their time stamps, at a chosen speed,
 * with pause, step forward and back, and restart. {@link #positionProperty()} is how many trials
 * are shown; {@link #shown()} are those trials, which the window's charts and grid show.
 *
 * <p>Time comes from a clock given to it (nanoseconds, as {@link System#nanoTime}); the view calls
 * {@link #tick()} once a frame while playing, and tests call it with a fake clock.
 */
public final class PlaybackViewModel {

    private final List<TuningRecord> trials;
    /** The longest pause a replay as recorded makes between the last trial of a run and the first of the next, in seconds. */
    static final double BETWEEN_RUNS_S = 1;

    /** Seconds from the first trial to each, as recorded: the gaps between time stamps, those between two runs cut to {@link #BETWEEN_RUNS_S}. */
    private final double[] recordedSeconds;
    private final LongSupplier nanoClock;
    private final ReadOnlyIntegerWrapper position = new ReadOnlyIntegerWrapper(0);
    private final ReadOnlyBooleanWrapper playing = new ReadOnlyBooleanWrapper(false);
    private final ObjectProperty<PlaybackSpeed> speed = new SimpleObjectProperty<>(PlaybackSpeed.RECORDED_1X);
    private final ObservableStringValue positionText;
    /** Replay time (seconds, at the current speed) at the clock reading {@link #anchorNanos}. */
    private double anchorSeconds;
    private long anchorNanos;

    public PlaybackViewModel(List<TuningRecord> records, LongSupplier nanoClock) {
        this(records, nanoClock, "trial");
    }

    /**
     * Plays {@code records}, each counted as a {@code unit}: {@code trial} for a replayed search's, {@code record} for a record
     * file's, which holds a baseline's and a confirmation's records beside the trials ({@code record 6 of 14}).
     */
    public PlaybackViewModel(List<TuningRecord> records, LongSupplier nanoClock, String unit) {
        this.trials = inTimeOrder(records);
        this.nanoClock = nanoClock;
        this.recordedSeconds = new double[trials.size()];
        for (int i = 1; i < trials.size(); i++) {
            Instant before = time(trials.get(i - 1));
            Instant t = time(trials.get(i));
            double gap = before == null || t == null ? 0 : Math.max(0, Duration.between(before, t).toNanos() / 1e9);
            // Between two runs (a resumed run, a run of another day) the time was not spent tuning: a short break shows it.
            if (!java.util.Objects.equals(trials.get(i - 1).runId(), trials.get(i).runId())) gap = Math.min(gap, BETWEEN_RUNS_S);
            recordedSeconds[i] = recordedSeconds[i - 1] + gap;
        }
        // Trials answered at once (a replayed strategy) have no gaps worth waiting for: an even pace shows them.
        if (trials.size() > 1 && recordedSeconds[trials.size() - 1] < 1) speed.set(PlaybackSpeed.FIVE_PER_SECOND);
        speed.addListener((obs, was, now) -> reanchor());
        positionText = Bindings.createStringBinding(() -> unit + " " + position.get() + " of " + trials.size(), position);
    }

    /**
     * Trials in the order they happened: by time stamp (a resumed run's records follow the earlier
     * run's), then by trial number; records without a time keep their place after those before them.
     */
    static List<TuningRecord> inTimeOrder(List<TuningRecord> records) {
        var indexed = new ArrayList<Integer>();
        for (int i = 0; i < records.size(); i++) indexed.add(i);
        Instant[] times = new Instant[records.size()];
        Instant last = Instant.MIN;
        for (int i = 0; i < records.size(); i++) {
            Instant t = time(records.get(i));
            times[i] = t == null ? last : t;
            last = times[i];
        }
        indexed.sort(Comparator.<Integer, Instant>comparing(i -> times[i])
                .thenComparing(i -> records.get(i).trial() == null ? 0 : records.get(i).trial())
                .thenComparing(i -> i));
        return indexed.stream().map(records::get).toList();
    }

    private static Instant time(TuningRecord r) {
        if (r.time() == null) return null;
        try {
            return Instant.parse(r.time());
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    public List<TuningRecord> trials() { return trials; }
    public int size() { return trials.size(); }
    public ReadOnlyIntegerProperty positionProperty() { return position.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty playingProperty() { return playing.getReadOnlyProperty(); }
    public ObjectProperty<PlaybackSpeed> speedProperty() { return speed; }
    /** {@code trial 12 of 40}, {@code record 6 of 14}. */
    public ObservableStringValue positionTextProperty() { return positionText; }

    /** The trials shown at the playback position, in the order they happened. */
    public List<TuningRecord> shown() {
        return trials.subList(0, position.get());
    }

    /** Plays from the position; at the end, plays again from the start. */
    public void play() {
        if (trials.isEmpty()) return;
        if (position.get() >= trials.size()) position.set(0);
        playing.set(true);
        reanchor();
        tick();
    }

    public void pause() {
        playing.set(false);
    }

    public void togglePlay() {
        if (playing.get()) pause();
        else play();
    }

    /** One trial more, paused. */
    public void stepForward() {
        pause();
        if (position.get() < trials.size()) position.set(position.get() + 1);
    }

    /** One trial fewer, paused. */
    public void stepBack() {
        pause();
        if (position.get() > 0) position.set(position.get() - 1);
    }

    /** Back to no trial shown, paused. */
    public void restart() {
        pause();
        position.set(0);
    }

    /** Shows the first {@code count} trials, paused. */
    public void seek(int count) {
        pause();
        position.set(Math.clamp(count, 0, trials.size()));
    }

    /** Moves the position on to every trial due by now; at the last trial, playing stops. */
    public void tick() {
        if (!playing.get()) return;
        double now = anchorSeconds + (nanoClock.getAsLong() - anchorNanos) / 1e9;
        int at = position.get();
        while (at < trials.size() && due(at) <= now) at++;
        position.set(at);
        if (at >= trials.size()) playing.set(false);
    }

    /** When (replay seconds at the current speed) the trial of 0-based {@code index} is shown. */
    private double due(int index) {
        return speed.get().due(index, recordedSeconds[index]);
    }

    /** Replay time continues from the trial last shown, at the current speed. */
    private void reanchor() {
        if (trials.isEmpty()) return;
        anchorNanos = nanoClock.getAsLong();
        anchorSeconds = position.get() == 0 ? due(0) : due(position.get() - 1);
    }
}
