package org.tuningworkbench.app.chart;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.application.Platform;
import org.tuningworkbench.engine.process.BackgroundPriority;

/**
 * Work of a view that is pure computation (the engine's analysis of 20,000 records, painting their
 * lines) done off the JavaFX thread, on one daemon thread the views share. Of the requests that pile
 * up while one runs, only the latest runs; its result is handed over on the JavaFX thread.
 */
public final class Background<T> {

    private static final ExecutorService THREAD = Executors.newSingleThreadExecutor(r -> {
        // The analyses give way to the window's drawing: on a busy machine they wait, not the frames.
        var t = new Thread(() -> {
            BackgroundPriority.enter();
            r.run();
        }, "result-views");
        t.setDaemon(true);
        return t;
    });

    /** How long the thread has worked, all told. */
    private static final java.util.concurrent.atomic.AtomicLong BUSY_NANOS = new java.util.concurrent.atomic.AtomicLong();

    private final AtomicReference<Supplier<T>> next = new AtomicReference<>();
    private final Consumer<T> deliver;

    /** {@code deliver} takes each result on the JavaFX thread. */
    public Background(Consumer<T> deliver) {
        this.deliver = deliver;
    }

    /** Runs {@code work} off the JavaFX thread, instead of any request still waiting. */
    public void request(Supplier<T> work) {
        if (next.getAndSet(work) != null) return;  // the waiting run takes this request instead
        THREAD.execute(() -> {
            Supplier<T> latest = next.getAndSet(null);
            if (latest == null) return;
            long start = System.nanoTime();
            try {
                T result = latest.get();
                Platform.runLater(() -> deliver.accept(result));
            } catch (RuntimeException e) {
                Platform.runLater(() -> {
                    throw e;
                });
            } finally {
                BUSY_NANOS.addAndGet(System.nanoTime() - start);
            }
        });
    }

    /** How long the views' background thread has worked since it started: the difference over a while is its load. */
    public static long busyNanos() {
        return BUSY_NANOS.get();
    }
}
