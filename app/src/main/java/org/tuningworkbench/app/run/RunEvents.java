package org.tuningworkbench.app.run;

import java.util.Queue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import org.tuningworkbench.engine.tune.TuningEvent;

/**
 * A run's events on their way to the window: the run's thread adds them, the window takes them once
 * a frame. A run that streams thousands a second waits for the window rather than running ahead of it.
 */
final class RunEvents {

    /** Events that may wait for a window that drains them before the run waits for it. */
    static final int MOST_WAITING = 2000;
    /** A window that took nothing for this long is not draining (its thread is held): the run goes on without it. */
    private static final long WINDOW_GONE_NANOS = 1_000_000_000L;

    /** The events the window has not applied yet; a queue that counts its events, as a run asks how many wait after each. */
    private final Queue<TuningEvent> events = new LinkedBlockingQueue<>();
    /** Whether the run stops: it waits for the window no longer. */
    private final BooleanSupplier stopping;
    /** When the window last took events (or a run started). */
    private volatile long drainedAtNanos;
    private volatile Runnable onWaiting = () -> { };
    private volatile boolean paced;

    RunEvents(BooleanSupplier stopping) {
        this.stopping = stopping;
    }

    /**
     * Called, from any thread, when events wait to be drained: the window schedules one drain for
     * them, so nothing runs while nothing happens. While it is set, a run waits for the window when
     * {@value #MOST_WAITING} events wait ({@link #addFromRun}).
     */
    void setOnWaiting(Runnable action) {
        onWaiting = action;
        paced = true;
    }

    /** An event the window made itself (records shown from a file): it never waits. */
    void add(TuningEvent event) {
        events.add(event);
        onWaiting.run();
    }

    /**
     * An event of the run, sent from the run's thread. A replay is computation alone and sends
     * thousands of events a second: run ahead of the window, it would take a core from the window's
     * drawing and keep every result twice over. So it waits, while the window drains, until fewer
     * than {@value #MOST_WAITING} events wait. A run that measures sends a few a second and never waits.
     */
    void addFromRun(TuningEvent event) {
        if (paced && !Platform.isFxApplicationThread()) {
            while (events.size() >= MOST_WAITING && !stopping.getAsBoolean() && System.nanoTime() - drainedAtNanos < WINDOW_GONE_NANOS) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            }
        }
        add(event);
    }

    /** The window takes events from now on (a run starts, or a drain begins). */
    void draining() {
        drainedAtNanos = System.nanoTime();
    }

    /** The next event, or null when none waits. */
    TuningEvent poll() {
        return events.poll();
    }

    void clear() {
        events.clear();
    }

    boolean isEmpty() {
        return events.isEmpty();
    }

    int size() {
        return events.size();
    }
}
