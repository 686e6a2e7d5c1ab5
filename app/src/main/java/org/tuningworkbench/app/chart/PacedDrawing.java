package org.tuningworkbench.app.chart;

import javafx.animation.PauseTransition;
import javafx.util.Duration;
import org.jfree.chart.JFreeChart;

/**
 * When a chart holding thousands of items draws: at once for a small chart, at most four times a
 * second for a large one while results stream in (each drawing of 20,000 bars takes a frame or more).
 * Between drawings the chart does not notify, so the results taken in meanwhile cost no drawing.
 */
final class PacedDrawing {

    /** Beyond this many items a chart draws at most every {@link #EVERY}. */
    static final int LARGE = 2000;
    private static final Duration EVERY = Duration.millis(250);

    private final JFreeChart chart;
    private final PauseTransition later = new PauseTransition(EVERY);
    private long lastNanos;

    PacedDrawing(JFreeChart chart) {
        this.chart = chart;
        later.setOnFinished(e -> now());
    }

    /** The chart changed with {@code items} items in it: draw it now, or soon if it drew a moment ago. */
    void changed(int items) {
        if (items <= LARGE || System.nanoTime() - lastNanos >= EVERY.toMillis() * 1_000_000) now();
        else if (later.getStatus() != javafx.animation.Animation.Status.RUNNING) later.play();
    }

    /** Draws now (a drawing waiting is done with it). */
    void now() {
        later.stop();
        lastNanos = System.nanoTime();
        chart.setNotify(true);
    }

    /** Nothing to draw later: the chart is hidden, and draws when shown. */
    void cancel() {
        later.stop();
    }
}
