package org.tuningworkbench.app.analysis;

import java.awt.geom.Rectangle2D;
import java.util.function.Supplier;
import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.util.Duration;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.interaction.ChartMouseEventFX;
import org.jfree.chart.fx.interaction.ChartMouseListenerFX;
import org.jfree.chart.plot.Plot;
import org.tuningworkbench.app.chart.Background;
import org.tuningworkbench.app.chart.ChartStyle;
import org.tuningworkbench.app.chart.RasterizedChart;

/**
 * A view of the results drawn by one chart: it redraws from its view model when the results change
 * while it is shown (at most four times a second while results stream, so 20,000 of them never
 * stall the window; less often when the analyses in the background take longer, so they keep at most
 * half a core of a machine the window shares with the run), marks the selected config, and selects
 * the config under a click.
 */
public abstract class ResultsChartView<A> {

    private static final Duration REDRAW_EVERY = Duration.millis(250);
    /** Up to this many results are analysed on the JavaFX thread as a view redraws; more in the background. */
    static final int ANALYSED_AT_ONCE = 500;

    protected final ResultsViewModel results;
    protected final RasterizedChart chart;
    protected final ChartViewer viewer;
    /** The view's choices above its chart: on a pane too narrow for one line they wrap onto the next. */
    protected final FlowPane controls = new FlowPane(8, 4);
    protected boolean dark;
    private final BorderPane root;
    private final Label message = new Label();
    private final PauseTransition later = new PauseTransition(REDRAW_EVERY);
    private boolean stale = true;
    private boolean shown;
    private long lastDrawNanos;
    /** The background thread's work, all told, when the view last redrew. */
    private long busyAtRedraw;
    private boolean redrawing;
    /** The analyses asked for and the last one drawn, counted: one that comes back after a newer one was drawn is dropped. */
    private long requested;
    private long drawn;
    private record Analysed<A>(long number, A value) {}
    private final Background<Analysed<A>> background = new Background<>(this::delivered);

    /** A view of {@code plot}, drawn on the screen as one image ({@link RasterizedChart}), with a legend when {@code legend}. */
    protected ResultsChartView(ResultsViewModel results, Plot plot, boolean legend, String id) {
        this.results = results;
        this.chart = new RasterizedChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, legend);
        ChartStyle.apply(chart, false);
        viewer = RasterizedChart.viewer(chart);
        viewer.setId(id);
        ChartStyle.panWithCtrl(viewer);
        message.getStyleClass().add("chart-hint");
        message.setWrapText(true);
        message.setMaxSize(420, Region.USE_PREF_SIZE);
        message.setMouseTransparent(true);
        controls.setAlignment(Pos.CENTER_LEFT);
        controls.setPadding(new Insets(4, 8, 4, 8));
        root = new BorderPane(new StackPane(viewer, message), controls, null, null, null);
        later.setOnFinished(e -> {
            if (shown && stale) redrawOrWait();
        });
        results.versionProperty().addListener((obs, was, now) -> changed());
        results.selectedProperty().addListener((obs, was, now) -> {
            if (shown && !stale) markSelected(now.intValue());
        });
        results.scale().logProperty().addListener((obs, was, now) -> changed());
        viewer.addChartMouseListener(new ChartMouseListenerFX() {
            @Override
            public void chartMouseClicked(ChartMouseEventFX event) {
                var info = viewer.getCanvas().getRenderingInfo();
                var trigger = event.getTrigger();
                if (info == null || trigger.getButton() != javafx.scene.input.MouseButton.PRIMARY || !trigger.isStillSincePress()) return;
                int number = configAt(event.getTrigger().getX(), event.getTrigger().getY(), info.getPlotInfo().getDataArea());
                if (number > 0) results.selectedProperty().set(number);
            }

            @Override
            public void chartMouseMoved(ChartMouseEventFX event) {}
        });
    }

    public Node root() { return root; }
    public JFreeChart chart() { return chart; }
    public ChartViewer viewer() { return viewer; }

    public void setDark(boolean value) {
        dark = value;
        ChartStyle.apply(chart, value);
        changed();
    }

    /** Another project opened: the view forgets its zoom and the choices it made for the last one's parameters. */
    public final void reset() {
        forget();
        ChartStyle.resetZoom(chart);
        changed();
    }

    /** Forgets the choices this view keeps (parameters chosen, brushes); none by default. */
    protected void forget() {}

    /** Redraws now if it is shown and behind the results (a screenshot is about to be taken). */
    public void catchUp() {
        if (shown && stale) redraw();
    }

    /** Whether its tab is shown: a hidden view does not redraw, and catches up when it is shown. */
    public void setShown(boolean value) {
        shown = value;
        if (shown && stale) redraw();
    }

    /** Something the view shows changed (results, a choice): redraw now, or soon if it redrew a moment ago. */
    protected final void changed() {
        // A choice the redraw itself settles (the first parameter shown) is already in what it draws.
        if (redrawing) return;
        stale = true;
        if (!shown) return;
        redrawWhenDue();
    }

    /**
     * Redraws now if the last redraw is long enough ago and its analysis came back, or schedules it: at
     * least {@link #REDRAW_EVERY} apart, and at least twice as long as the background work done since.
     */
    private void redrawWhenDue() {
        if (later.getStatus() != javafx.animation.Animation.Status.RUNNING) redrawOrWait();
    }

    private void redrawOrWait() {
        long every = Math.max((long) (REDRAW_EVERY.toMillis() * 1_000_000), 2 * (Background.busyNanos() - busyAtRedraw));
        long wait = lastDrawNanos + every - System.nanoTime();
        if (wait <= 0 && drawn == requested) {
            redraw();
        } else if (wait > 0) {
            later.setDuration(Duration.millis(Math.max(1, wait / 1e6)));
            later.play();
        }
        // Otherwise the analysis still out redraws when it comes back.
    }

    /** Whether what it draws is up to date with the results (an analysis in the background has come back). */
    public boolean settled() {
        return !shown || !stale && drawn == requested;
    }

    /**
     * Redraws from the results now: analysed here when they are few, in the background when there are
     * thousands (the engine's analyses are pure), the chart rebuilt when the analysis is done.
     */
    public final void redraw() {
        later.stop();
        stale = false;
        lastDrawNanos = System.nanoTime();
        busyAtRedraw = Background.busyNanos();
        Supplier<A> analysis = analysis();
        long number = ++requested;
        if (results.all().size() < ANALYSED_AT_ONCE) {
            draw(new Analysed<>(number, analysis.get()));
        } else {
            // Shown for the first time: nothing drawn until the analysis is back (empty axes would be drawn twice).
            if (drawn == 0) chart.setHeld(true);
            background.request(() -> new Analysed<>(number, analysis.get()));
        }
    }

    private void delivered(Analysed<A> done) {
        if (done.number() <= drawn) return;
        if (!shown) {
            stale = true;
            return;
        }
        draw(done);
        if (stale) redrawWhenDue();
    }

    /** Rebuilds the chart from {@code analysed}, in one chart change. */
    private void draw(Analysed<A> analysed) {
        drawn = analysed.number();
        redrawing = true;
        chart.setNotify(false);
        try {
            rebuild(analysed.value());
            markSelected(results.selectedProperty().get());
            ChartStyle.apply(chart, dark);
        } finally {
            redrawing = false;
            chart.setHeld(false);
            chart.setNotify(true);
        }
        String why = emptyMessage();
        message.setText(why);
        message.setVisible(!why.isEmpty());
    }


    /**
     * The view model's analysis of the results, its inputs (the records, the choices) taken now on the
     * JavaFX thread; the work itself is pure, and may run on another thread.
     */
    protected abstract Supplier<A> analysis();

    /** Takes an analysis into the view model, and the view model's state into the chart's datasets and axes. */
    protected abstract void rebuild(A analysed);

    /** Marks config {@code number} (or nothing, for -1). */
    protected abstract void markSelected(int number);

    /** The config under the point ({@code x}, {@code y}) of the canvas, or -1. */
    protected abstract int configAt(double x, double y, Rectangle2D dataArea);

    /** What to say when there is nothing to draw, or "". */
    protected abstract String emptyMessage();
}
