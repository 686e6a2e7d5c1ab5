package org.tuningworkbench.app.shell;

import java.nio.file.Path;
import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javafx.util.Duration;
import javax.imageio.ImageIO;
import org.tuningworkbench.app.icons.ApplicationIcon;
import org.tuningworkbench.app.project.RecentProjects;
import org.tuningworkbench.app.task.FxTaskExecutor;
import org.tuningworkbench.engine.recorded.PriorFiles;
import org.tuningworkbench.engine.recorded.RecordedSpaceException;
import org.tuningworkbench.engine.exec.TuneOptions;

/** The JavaFX application: one workbench window, optionally a screenshot of it. */
public final class WorkbenchApp extends Application {

    private static volatile LaunchOptions options;

    /** Starts JavaFX; returns when the window closes. */
    public static void launch(LaunchOptions launchOptions) {
        options = launchOptions;
        Application.launch(WorkbenchApp.class);
    }

    @Override
    public void start(Stage stage) {
        Stage[] holder = {stage};
        var dialogs = options.snapshot() != null ? new QuietDialogs() : new FxDialogs(() -> holder[0]);
        Faults.install(dialogs);
        var recent = RecentProjects.forUser();
        var model = new MainViewModel(new FxTaskExecutor(), TuneOptions.defaults(), dialogs, recent);
        var window = new MainWindow(model, dialogs, recent);
        // As large as the window was designed for, but never larger than the screen (a 1024×700 laptop panel).
        var screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        var scene = new Scene(window.root(), Math.min(1400, screen.getWidth()), Math.min(900, screen.getHeight()));
        window.installShortcuts(scene);
        // Below this width the run settings would squeeze the source, the grid and the log: View → Side Panel (Ctrl+B) shows them.
        window.setSidePanelShown(scene.getWidth() >= 1200);
        window.setTheme(options.dark() ? Theme.DARK : Theme.LIGHT);
        stage.titleProperty().bind(model.titleProperty());
        ApplicationIcon.applyTo(stage);
        stage.setScene(scene);
        // A screen smaller than the window was designed for (a projector's 1024×700): the window fills it, title bar on the
        // screen, rather than a window of the screen's size whose decorations push its title bar off the top.
        if (screen.getWidth() < 1400 || screen.getHeight() < 900) stage.setMaximized(true);
        stage.setOnCloseRequest(e -> {
            if (!model.confirmQuit()) {
                e.consume();
                return;
            }
            model.close();
        });
        stage.show();
        // The window is on the screen before the project is read, highlighted, laid out and drawn: that
        // work follows its first frame, and the status line says what is coming meanwhile.
        afterFirstFrame(() -> {
            if (options.project() != null) model.announceOpening(options.project());
        }, () -> {
            boolean opened = options.project() == null || model.open(options.project());
            try {
                model.run().priors().addRead(PriorFiles.read(options.priors()));
                if (options.strategy() != null) model.run().settings().strategyProperty().set(options.strategy());
            } catch (RecordedSpaceException e) {
                System.err.println("workbench: prior " + e.getMessage());
                if (options.snapshot() != null) exit(2);
            }
            if (options.snapshot() == null) return;
            if (!opened) {
                // The problem is printed above; a picture of an empty window would pass for the project's.
                System.err.println("workbench: no screenshot written: " + options.project() + " did not open");
                exit(2);
            }
            snapshotLater(scene, model, window, options.snapshot(), options.run());
        });
    }

    /**
     * Runs {@code meanwhile} in the pulse after the first frame, and {@code then} in the pulse after
     * that: the change {@code meanwhile} makes holds that pulse until the first frame is drawn (a pulse
     * with changes waits for the previous frame), so the first frame is on the screen before the work
     * {@code then} does keeps this thread, which also serves the screen, busy. {@code then} runs after
     * that pulse rather than in it, so it may ask a question: a dialog cannot wait for its answer during
     * a pulse's animation (opening a bare kernel asks to review the project drafted for it).
     */
    static void afterFirstFrame(Runnable meanwhile, Runnable then) {
        new javafx.animation.AnimationTimer() {
            private int pulses;

            @Override
            public void handle(long now) {
                pulses++;
                if (pulses == 2) meanwhile.run();
                if (pulses < 3) return;
                stop();
                Platform.runLater(then);
            }
        }.start();
    }

    private void snapshotLater(Scene scene, MainViewModel model, MainWindow window, Path file, boolean run) {
        Runnable take = () -> {
            // A chart is shown at once, so its tab is laid out before the picture is taken.
            if (options.view() != null && LaunchOptions.CHART_VIEWS.contains(options.view())) window.showView(options.view());
            // Lesson mode and a replay are shown as a person would open them, after the run if any.
            var notShown = options.openModesIn(window);
            if (notShown.isPresent()) {
                // The problem is printed above; the picture would show the window without what was asked for.
                System.err.println("workbench: no screenshot written: " + notShown.get() + " cannot be shown for " + options.project());
                exit(2);
                return;
            }
            var pause = new PauseTransition(Duration.millis(800));
            pause.setOnFinished(e -> {
                window.drainEvents();
                if (options.view() != null && LaunchOptions.CHART_VIEWS.contains(options.view())) window.showView(options.view());
                // Thousands of lines are painted off the JavaFX thread: the picture waits for them (5 s at most).
                long until = System.nanoTime() + 5_000_000_000L;
                var settle = new javafx.animation.Timeline(new javafx.animation.KeyFrame(Duration.millis(100)));
                settle.setCycleCount(javafx.animation.Animation.INDEFINITE);
                settle.getKeyFrames().setAll(new javafx.animation.KeyFrame(Duration.millis(100), tick -> {
                    if (!window.viewsSettled() && System.nanoTime() < until) return;
                    settle.stop();
                    exit(writeSnapshot(scene, file) ? 0 : 4);
                }));
                settle.play();
            });
            pause.play();
        };
        if (!run) {
            // The records the project holds reach the grid first: what was asked for is among them.
            window.drainEvents();
            options.showIn(model, false);
            take.run();
            return;
        }
        model.run().runningProperty().addListener((obs, was, now) -> {
            if (was && !now) {
                options.showIn(model, true);
                take.run();
            }
        });
        model.run(false);
        if (!model.run().isRunning()) take.run();
    }

    /** Whether the picture was written; when not, says why. */
    private static boolean writeSnapshot(Scene scene, Path file) {
        WritableImage image = scene.snapshot(null);
        try {
            if (file.toAbsolutePath().getParent() != null) java.nio.file.Files.createDirectories(file.toAbsolutePath().getParent());
            ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file.toFile());
            System.err.println("workbench: wrote " + file);
            return true;
        } catch (java.io.IOException e) {
            System.err.println("workbench: cannot write " + file + ": " + e.getMessage());
            return false;
        }
    }

    /**
     * Ends a screenshot's process with {@code code}: 2 when the project did not open or a lesson step
     * or replay asked for cannot be shown, 4 when the picture could not be written.
     */
    private static void exit(int code) {
        Platform.exit();
        System.exit(code);
    }
}
