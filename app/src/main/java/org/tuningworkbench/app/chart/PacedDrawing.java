package org.tuningworkbench.app.chart;

import javafx.animation.PauseTransition;
import javafx.util.Duration;
import org.jfree.chart.JFreeChart;

/**
 * When a chart holding thousands of items draws: at once for a small chart, at most four times a
 * second for a large one while results stream in (each drawing of 20,000 bars takes a frame or more),
 * and not at all while its tab is hidden. Results still go into its datasets as they come, batch by
 * batch, with the chart silent (its axes find their ranges without a pass over the items, see
 * {@link LatencyChart}); shown again, the chart draws them once.
 */
final class PacedDrawing {

    /** Beyond this many items a chart draws at most every {@link #EVERY}. */
    static final int LARGE = 2000;
    private static final Duration EVERY = Duration.millis(250);

    private final JFreeChart chart;
    private final PauseTransition later = new PauseTransition(EVERY);
    private long lastNanos;
    private boolean shown = true;

    PacedDrawing(JFreeChart chart) {
        this.chart = chart;
        later.setOnFinished(e -> now());
    }

    /** Silences the chart before its datasets change: a batch of results is one change, drawn by {@link #changed}. */
    void changing() {
        chart.setNotify(false);
    }

    /** The chart changed with {@code items} items in it: draw it now, or soon if it drew a moment ago, or when shown. */
    void changed(int items) {
        if (!shown) return;
        if (items <= LARGE || System.nanoTime() - lastNanos >= EVERY.toMillis() * 1_000_000) now();
        else if (later.getStatus() != javafx.animation.Animation.Status.RUNNING) later.play();
    }

    /** Draws now (a drawing waiting is done with it); nothing while hidden. */
    void now() {
        later.stop();
        if (!shown) return;
        lastNanos = System.nanoTime();
        chart.setNotify(true);
    }

    /** Whether the chart's tab is shown: hidden, it neither draws nor means to; shown, it draws at once. */
    void setShown(boolean value) {
        shown = value;
        if (value) {
            now();
        } else {
            later.stop();
            chart.setNotify(false);
        }
    }

    boolean shown() {
        return shown;
    }
}
