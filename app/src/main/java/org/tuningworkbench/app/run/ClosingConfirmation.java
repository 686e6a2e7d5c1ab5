package org.tuningworkbench.app.run;

import java.io.IOException;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.tuningworkbench.app.configs.ConfigGridViewModel;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.engine.exec.TuningException;
import org.tuningworkbench.engine.record.JudgedStatus;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Confirmation;
import org.tuningworkbench.engine.tune.TuningEvent;

/**
 * The confirmation that closes a run in the window (a search's fastest configs, a lesson's steps), as {@code tune}'s: the
 * engine's {@link Confirmation}, stopped by Stop. While it measures, the config it measures says {@code confirming} and
 * the status line says which round; once done, the grid marks the configs it measured again and its best is theirs.
 */
final class ClosingConfirmation {

    /** The confirmation under way or done, so that Stop ends it; null without one. */
    private volatile Confirmation confirmation;
    /** The config measured again now, and its row; null when none is. */
    private TuningEvent.Confirming step;
    private ConfigRow row;
    /** What the confirmation found, once done; null before, or without one. */
    private Confirmation.Result result;
    /** The measurements it started. */
    private int measurements;

    /** A run starts, closed by {@code next} (null: by nothing). */
    void start(Confirmation next) {
        confirmation = next;
        step = null;
        row = null;
        result = null;
        measurements = 0;
    }

    void stop() {
        Confirmation c = confirmation;
        if (c != null) c.stop();
    }

    /**
     * Measures the search's {@code top} fastest configs again, interleaved in {@value Confirmation#ROUNDS} rounds of fresh
     * processes, as {@code tune} does, telling {@code events} as it goes; null once done (its result is one of the events),
     * else why it did not end: the search's results stand.
     */
    String confirmSearch(List<TuningRecord> records, int top, RecordFile recordIn, Consumer<TuningEvent> events, BooleanSupplier stopRequested) {
        try {
            // Recorded as the window shows it: the project opened again, and show, best and the report, rank as this run did.
            var done = confirmation.run(records, top, Confirmation.ROUNDS, r -> r.configValues().key(), Confirmation.Progress.asEvents(top, events), recordIn);
            events.accept(new TuningEvent.Confirmed(done));
            return null;
        } catch (TuningException e) {
            return stopRequested.getAsBoolean() ? "confirmation stopped: the best is the search's" : "the confirmation could not run: " + e.getMessage();
        } catch (IOException e) {
            return "the confirmation could not be recorded in " + recordIn.path() + " (" + e.getMessage() + "): the best is the search's";
        }
    }

    /** {@code c}'s config is measured again now: its row says so, the one before says its status again; the progress counts it. */
    void confirming(TuningEvent.Confirming c, ConfigGridViewModel grid, RunProgress progress) {
        progress.confirming(++measurements, c.top() * c.rounds());
        restoreRow();
        step = c;
        row = grid.rowForTrial(c.config());
        row.setState("confirming");
    }

    /** The confirmation is done: the grid marks what it measured. */
    void confirmed(Confirmation.Result done, ConfigGridViewModel grid) {
        result = done;
        step = null;
        grid.confirm(done);
    }

    /** The run waits, or says something else: no round is under way. */
    void waiting() {
        step = null;
    }

    /** What the status line says while a round measures; null when none does. */
    String message(ConfigGridViewModel grid) {
        if (step == null) return null;
        return "Confirming the best " + step.top() + ", measured again in fresh processes: round " + step.round() + " of " + step.rounds()
                + ", No." + grid.numberOf(row);
    }

    /**
     * The run ended with {@code records}: a confirmation stopped midway leaves the search's figures; what it found, or ""
     * without a result. A run that measured nothing and confirmed nothing ends with the earlier confirmation standing
     * (its records carry it, as the record file ranks them): the grid marks it.
     */
    String ended(ConfigGridViewModel grid, List<TuningRecord> records) {
        restoreRow();
        step = null;
        row = null;
        if (result != null) return found(result, grid);
        long standing = records.stream().filter(r -> r.confirmation() != null).count();
        if (standing == 0) return "";
        grid.confirm(records);
        return "the earlier confirmation of the best " + standing + " stands";
    }

    private void restoreRow() {
        if (row != null && row.record() != null) row.setState(JudgedStatus.of(row.record()).text());
    }

    /**
     * What {@code done} found: {@code the best 3 measured again in 3 rounds: the ranking held}, or which config it
     * measured fastest when that was not the search's fastest ({@code No.7 measured fastest, not No.3}).
     */
    static String found(Confirmation.Result done, ConfigGridViewModel grid) {
        if (done.entries().isEmpty()) return "nothing to confirm";
        String measured = "the best " + done.entries().size() + " measured again in " + done.rounds() + " round" + (done.rounds() == 1 ? "" : "s") + ": ";
        if (done.rankingHeld()) return measured + "the ranking held";
        if (done.bestHeld()) return measured + "the best held, the order below it changed";
        String confirmedFastest = numberOf(grid, done.confirmedBest().orElseThrow());
        String searchFastest = numberOf(grid, done.entries().getFirst());
        return measured + confirmedFastest + " measured fastest, not " + searchFastest;
    }

    /** The grid's number of the config the confirmation measured as {@code entry} ({@code No.7}). */
    private static String numberOf(ConfigGridViewModel grid, Confirmation.Entry entry) {
        return grid.rows().stream().filter(r -> r.confirmation() != null && r.record().config().equals(entry.config())).findFirst()
                .map(r -> "No." + grid.numberOf(r)).orElse("a config no longer shown");
    }
}
