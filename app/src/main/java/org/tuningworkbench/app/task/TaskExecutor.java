package org.tuningworkbench.app.task;

/** Runs {@link BackgroundTask}s: in the background in the window, on the calling thread in tests. */
public interface TaskExecutor {
    <V> void execute(BackgroundTask<V> task);
}
