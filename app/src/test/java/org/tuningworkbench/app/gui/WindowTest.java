package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.scene.Scene;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.app.RecordingDialogs;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.app.project.RecentProjects;
import org.tuningworkbench.app.shell.MainViewModel;
import org.tuningworkbench.app.shell.MainWindow;
import org.tuningworkbench.app.shell.Theme;
import org.tuningworkbench.app.task.FxTaskExecutor;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.fixtures.TinyProject;
import org.tuningworkbench.tiers.SystemTest;

/**
 * A test of the workbench window, headless (Monocle): before each test a fresh window over the real
 * engine is shown, light, 1200×760 (within the headless screen of 1280×800), with dialogs that answer
 * yes and remember what they showed, a recent list of its own, and a temporary folder for projects.
 */
@ExtendWith(ApplicationExtension.class)
@SystemTest
abstract class WindowTest {

    /** The builds and measured ceilings of every test of the class (a kernel built once serves them all). */
    @TempDir
    static Path cacheDir;

    @TempDir
    Path dir;

    protected final RecordingDialogs dialogs = new RecordingDialogs();
    protected MainViewModel model;
    protected MainWindow window;
    private Preferences preferences;
    /** The exceptions thrown on the JavaFX thread during the test: each fails it. */
    private final List<Throwable> faults = new java.util.concurrent.CopyOnWriteArrayList<>();

    @BeforeEach
    void showWindow() throws Exception {
        preferences = Preferences.userRoot().node("org/tuningworkbench/test-" + getClass().getSimpleName() + "-" + System.nanoTime());
        var recent = new RecentProjects(preferences);
        FxToolkit.setupStage(stage -> {
            // Every exception on the window's thread (a listener's, a pulse's, one a view reported) is a failure of the test.
            Thread.currentThread().setUncaughtExceptionHandler((thread, e) -> faults.add(e));
            model = new MainViewModel(new FxTaskExecutor(), TuneOptions.defaults(cacheDir).toBuilder().buildThreads(2).build(), dialogs, recent);
            window = new MainWindow(model, dialogs, recent);
            var scene = new Scene(window.root(), 1200, 760);
            window.installShortcuts(scene);
            window.setTheme(Theme.LIGHT);
            stage.setScene(scene);
            // The stage outlives the test class (a test that resized it would leave its size to the next): it takes the scene's.
            stage.sizeToScene();
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void forgetPreferences() throws Exception {
        preferences.removeNode();
    }

    @AfterEach
    void noExceptionOnTheWindowsThread() {
        WaitForAsyncUtils.waitForFxEvents();
        var traces = faults.stream().map(e -> {
            var out = new java.io.StringWriter();
            e.printStackTrace(new java.io.PrintWriter(out));
            return out.toString();
        }).toList();
        assertThat(traces).as("exceptions on the JavaFX thread").isEmpty();
    }

    /** Opens a tiny project of {@code configs} written into {@link #dir}. */
    protected void open(FxRobot robot, List<Map<String, String>> configs) throws Exception {
        Path project = TinyProject.create(dir, configs);
        robot.interact(() -> assertThat(model.open(project)).isTrue());
    }

    /** Presses Run and waits until the run has ended and its results are on the charts. */
    protected void runToTheEnd(FxRobot robot) throws Exception {
        robot.clickOn("#runButton");
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> !model.run().isRunning());
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(window::drainEvents);
    }

    @SuppressWarnings("unchecked")
    protected TableView<ConfigRow> table(FxRobot robot) {
        return (TableView<ConfigRow>) robot.lookup("#configTable").query();
    }
}
