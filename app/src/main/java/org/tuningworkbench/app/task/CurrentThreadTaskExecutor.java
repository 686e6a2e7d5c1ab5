package org.tuningworkbench.app.task;

/** Runs each task at once on the calling thread, callbacks included: view models become testable without a window. */
public final class CurrentThreadTaskExecutor implements TaskExecutor {
    @Override
    public <V> void execute(BackgroundTask<V> task) {
        V value;
        try {
            value = task.call();
        } catch (Exception e) {
            task.failed(e);
            return;
        }
        task.succeeded(value);
    }
}
