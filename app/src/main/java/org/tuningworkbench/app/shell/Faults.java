package org.tuningworkbench.app.shell;

import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;

/**
 * An exception on the JavaFX thread is a fault of the window: it is logged and shown, never lost.
 * The window's thread hands every one to its uncaught-exception handler: in the application the one
 * {@link #install} sets (log, then a dialog), in the window's tests one that fails the test.
 */
public final class Faults implements Thread.UncaughtExceptionHandler {

    private static final System.Logger LOG = System.getLogger("org.tuningworkbench.app");

    private final Dialogs dialogs;
    /** Faults met while a dialog about an earlier one is up: said in that dialog's successor, not one dialog each. */
    private final List<Throwable> waiting = new ArrayList<>();

    private Faults(Dialogs dialogs) {
        this.dialogs = dialogs;
    }

    /** Makes the current thread (the JavaFX thread) log and show its uncaught exceptions through {@code dialogs}. */
    public static void install(Dialogs dialogs) {
        Thread.currentThread().setUncaughtExceptionHandler(new Faults(dialogs));
    }

    /**
     * Hands {@code fault} to the current thread's handler and returns: the work that met it goes on
     * (a batch of results still reaches the views after the one that threw).
     */
    public static void report(Throwable fault) {
        Thread thread = Thread.currentThread();
        thread.getUncaughtExceptionHandler().uncaughtException(thread, fault);
    }

    /** Runs {@code step}; an exception it throws is reported, and the caller goes on. */
    public static void guard(Runnable step) {
        try {
            step.run();
        } catch (RuntimeException | Error e) {
            report(e);
        }
    }

    @Override
    public void uncaughtException(Thread thread, Throwable fault) {
        LOG.log(System.Logger.Level.ERROR, "Uncaught exception on " + thread.getName(), fault);
        waiting.add(fault);
        // A modal dialog cannot open during a pulse's animation or layout: it opens after it, once for those met meanwhile.
        if (waiting.size() == 1) Platform.runLater(this::show);
    }

    private void show() {
        var lines = new ArrayList<String>();
        for (Throwable fault : waiting) lines.addAll(describe(fault));
        int count = waiting.size();
        waiting.clear();
        dialogs.showProblem(count == 1 ? "The window met an internal error" : "The window met " + count + " internal errors",
                append(lines, "The rest of the window goes on; the full trace is in the log (standard error). Please report it."));
    }

    /** The exception and where it was thrown: its first frames, and its causes. */
    static List<String> describe(Throwable fault) {
        var lines = new ArrayList<String>();
        for (Throwable t = fault; t != null; t = t.getCause() == t ? null : t.getCause()) {
            lines.add((t == fault ? "" : "caused by ") + t);
            var frames = t.getStackTrace();
            for (int i = 0; i < Math.min(4, frames.length); i++) lines.add("    at " + frames[i]);
        }
        return lines;
    }

    private static List<String> append(List<String> lines, String last) {
        lines.add(last);
        return lines;
    }
}
