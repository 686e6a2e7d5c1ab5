package org.tuningworkbench.engine.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress on stderr: on a terminal one line rewritten in place, elsewhere a plain line per
 * finished config, so logs stay readable.
 */
final class Progress {
    private final PrintWriter err;
    private final boolean terminal;
    private final long start = System.nanoTime();
    private int total;
    private int done;
    private boolean lineShown;

    Progress(PrintWriter err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    void start(int total, int alreadyRecorded) {
        this.total = total;
        err.println("Tuning " + total + " config" + (total == 1 ? "" : "s")
                + (alreadyRecorded > 0 ? " (" + alreadyRecorded + " already recorded, not measured again)" : ""));
        err.flush();
    }

    void measuring(int number) {
        if (!terminal) return;
        err.print("\r[" + done + "/" + total + "] " + elapsed() + " measuring No." + number + "   ");
        err.flush();
        lineShown = true;
    }

    void finished() {
        done++;
        if (terminal) return;
        err.println("[" + done + "/" + total + "] " + elapsed());
        err.flush();
    }

    void clear() {
        if (!lineShown) return;
        err.print("\r" + " ".repeat(60) + "\r");
        err.flush();
        lineShown = false;
    }

    private String elapsed() {
        return String.format(Locale.ROOT, "%.1fs", (System.nanoTime() - start) / 1e9);
    }
}
