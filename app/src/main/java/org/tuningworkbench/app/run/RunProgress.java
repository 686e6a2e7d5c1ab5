package org.tuningworkbench.app.run;

import java.time.Duration;
import java.time.Instant;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.tuningworkbench.app.configs.Figures;

/** How far a run is: the configs done of those planned, the time elapsed and the time left ({@code 3 / 5 · 0:12 elapsed · about 0:08 left}). */
final class RunProgress {

    private final ReadOnlyIntegerWrapper done = new ReadOnlyIntegerWrapper();
    private final ReadOnlyIntegerWrapper total = new ReadOnlyIntegerWrapper();
    private final ReadOnlyDoubleWrapper fraction = new ReadOnlyDoubleWrapper();
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");
    private Instant startedAt;
    /** The configs measured in this run, not taken from the record file: the time left is theirs. */
    private int measured;
    /** While the run's closing confirmation measures: the measurement under way and how many it takes in all; 0 before. */
    private int confirming;
    private int confirmations;

    /** A run of {@code planned} configs starts now. */
    void start(int planned) {
        done.set(0);
        total.set(Math.max(1, planned));
        fraction.set(-1);
        measured = 0;
        confirming = 0;
        startedAt = Instant.now();
        text.set("0 / " + planned);
    }

    /** The engine planned {@code planned} trials: nothing of them is done yet. */
    void planned(int planned) {
        total.set(planned);
        fraction.set(0);
        done.set(0);
    }

    /** Nothing is under way (results shown from a file, a project opened). */
    void clear() {
        done.set(0);
        total.set(0);
        fraction.set(0);
        text.set("");
    }

    /** The run could not start. */
    void failed() {
        fraction.set(0);
    }

    /** {@code shown} configs' results wait to be shown, none of them measured now. */
    void shown(int shown) {
        total.set(shown);
    }

    /** A config finished; {@code resumed} when its record came from the record file rather than being measured. */
    void finished(boolean resumed) {
        done.set(done.get() + 1);
        if (!resumed) measured++;
    }

    /** The time since the run started. */
    Duration elapsed() {
        return startedAt == null ? Duration.ZERO : Duration.between(startedAt, Instant.now());
    }

    int total() {
        return total.get();
    }

    /** The run's closing confirmation measures again: its {@code measuring}th measurement of {@code total}. */
    void confirming(int measuring, int total) {
        confirming = measuring;
        confirmations = total;
        fraction.set((double) (measuring - 1) / total);
    }

    /** The count, the time elapsed and the time left (from the configs measured so far), while the run goes on. */
    void update() {
        if (startedAt == null) return;
        Duration elapsed = elapsed();
        if (confirming > 0) {
            text.set("confirming " + confirming + " / " + confirmations + " · " + Figures.duration(elapsed) + " elapsed");
            return;
        }
        int n = done.get();
        int all = total.get();
        if (all > 0 && n > 0) fraction.set((double) n / all);
        String left = "";
        if (measured > 0 && n < all) {
            Duration each = elapsed.dividedBy(measured);
            left = " · about " + Figures.duration(each.multipliedBy(all - n)) + " left";
        }
        text.set(n + " / " + all + " · " + Figures.duration(elapsed) + " elapsed" + left);
    }

    /** The run ended: the count alone, and the bar as full as the configs done make it. */
    void complete() {
        confirming = 0;
        text.set(done.get() + " / " + total.get());
        fraction.set(total.get() == 0 ? 1 : (double) done.get() / total.get());
    }

    ReadOnlyIntegerProperty doneProperty() { return done.getReadOnlyProperty(); }
    ReadOnlyIntegerProperty totalProperty() { return total.getReadOnlyProperty(); }
    ReadOnlyDoubleProperty fractionProperty() { return fraction.getReadOnlyProperty(); }
    ReadOnlyStringProperty textProperty() { return text.getReadOnlyProperty(); }
}
