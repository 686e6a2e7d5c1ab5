package org.tuningworkbench.app.task;

import java.util.function.Consumer;
import org.tuningworkbench.engine.process.BackgroundPriority;

/**
 * Long work for the window: {@link #call()} runs off the JavaFX thread, then exactly one of the
 * callbacks runs on it. Tests run the same task on their own thread with {@link CurrentThreadTaskExecutor}.
 */
public abstract class BackgroundTask<V> {

    private Consumer<V> onSuccess = v -> { };
    private Consumer<Exception> onFailure = e -> { };
    private boolean givesWay;

    protected abstract V call() throws Exception;

    public BackgroundTask<V> onSuccess(Consumer<V> action) {
        this.onSuccess = action;
        return this;
    }

    public BackgroundTask<V> onFailure(Consumer<Exception> action) {
        this.onFailure = action;
        return this;
    }

    /**
     * Marks the task as computation that gives way to the window's drawing: the window runs it on a
     * thread of lower priority ({@link BackgroundPriority}). Never
     * for a task that starts measured programs: they would inherit the lower priority.
     */
    public BackgroundTask<V> givingWayToTheWindow() {
        this.givesWay = true;
        return this;
    }

    /** Whether the task {@linkplain #givingWayToTheWindow gives way} to the window's drawing. */
    public boolean givesWay() {
        return givesWay;
    }

    void succeeded(V value) {
        onSuccess.accept(value);
    }

    void failed(Exception e) {
        onFailure.accept(e);
    }

    /** A task from a lambda. */
    public static <V> BackgroundTask<V> of(Work<V> work) {
        return new BackgroundTask<>() {
            @Override
            protected V call() throws Exception {
                return work.call();
            }
        };
    }

    @FunctionalInterface
    public interface Work<V> {
        V call() throws Exception;
    }
}
