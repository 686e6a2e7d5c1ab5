package org.tuningworkbench.app.task;

import javafx.application.Platform;
import org.tuningworkbench.engine.process.BackgroundPriority;

/**
 * Runs each task on its own daemon thread and its callbacks on the JavaFX thread; a task that
 * {@linkplain BackgroundTask#givingWayToTheWindow gives way} runs at a lower priority.
 */
public final class FxTaskExecutor implements TaskExecutor {
    @Override
    public <V> void execute(BackgroundTask<V> task) {
        Thread.ofPlatform().daemon().name("workbench-task").start(() -> {
            if (task.givesWay()) BackgroundPriority.enter();
            try {
                V value = task.call();
                Platform.runLater(() -> task.succeeded(value));
            } catch (Exception e) {
                Platform.runLater(() -> task.failed(e));
            }
        });
    }
}
