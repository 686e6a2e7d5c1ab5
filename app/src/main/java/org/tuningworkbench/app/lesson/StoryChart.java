package org.tuningworkbench.app.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.tuningworkbench.engine.analysis.Claims;
import org.tuningworkbench.engine.analysis.LessonFigures;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * The lesson's story in one picture: a bar per step, its speed-up over step 1 (and the baseline's,
 * when the project has one), by the rule every claim uses, so a step with too few samples has no
 * bar but says so; under each bar, its GFLOP/s as a share of this machine's measured peak, when known.
 */
final class StoryChart extends VBox {

    /** The tallest bar, in pixels. */
    private static final double HEIGHT = 64;

    /**
     * One bar: its label under it, its speed-up (empty: too few samples), whether the test tells it from step 1 (a bar
     * it cannot tell reads {@code ≈1.04×}), its share of the peak (NaN: unknown), whether it is the shown step.
     */
    record Bar(String label, OptionalDouble speedUp, boolean distinct, double peakShare, boolean current, boolean baseline) {}

    private final Label title = new Label();

    StoryChart() {
        title.getStyleClass().add("muted");
        title.setWrapText(true);
        title.setMinWidth(0);
        setId("storyChart");
        getStyleClass().add("story-chart");
        setSpacing(2);
    }

    /** The chart's title, for the pane to place beside its own controls. */
    Label title() {
        return title;
    }

    /** The bars of {@code figures}, the step at {@code current} (0-based) marked, then the baseline's, when measured. */
    static List<Bar> bars(LessonFigures figures, int current, TuningRecord baseline, Double peakGflops) {
        var bars = new ArrayList<Bar>();
        for (LessonFigures.StepFigures step : figures.steps()) {
            TuningRecord r = step.record();
            double share = peakGflops == null || r == null || r.gflops() == null ? Double.NaN : r.gflops() / peakGflops;
            boolean distinct = step.index() == 0 || step.againstStepOne().significant();
            bars.add(new Bar(Integer.toString(step.index() + 1), step.speedUpOverFirst(), distinct, share, step.index() == current, false));
        }
        if (baseline != null && baseline.ok()) {
            double share = peakGflops == null || baseline.gflops() == null ? Double.NaN : baseline.gflops() / peakGflops;
            boolean distinct = !figures.steps().isEmpty() && Claims.compare(baseline, figures.steps().getFirst().record()).significant();
            bars.add(new Bar("baseline", figures.baselineSpeedUp(baseline), distinct, share, false, true));
        }
        return bars;
    }

    void show(List<Bar> bars) {
        getChildren().clear();
        double tallest = bars.stream().map(Bar::speedUp).filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble).max().orElse(1);
        var row = new HBox(6);
        row.setAlignment(Pos.BOTTOM_LEFT);
        for (Bar bar : bars) row.getChildren().add(column(bar, tallest));
        title.setText("Speed-up over step 1" + (bars.stream().anyMatch(b -> !Double.isNaN(b.peakShare())) ? " · share of the measured peak" : ""));
        getChildren().add(row);
    }

    private static VBox column(Bar bar, double tallest) {
        var value = new Label(bar.speedUp().isPresent() ? (bar.distinct() ? "" : "≈") + String.format(Locale.ROOT, "%.2f×", bar.speedUp().getAsDouble()) : "—");
        value.getStyleClass().add("story-value");
        var rect = new Region();
        rect.getStyleClass().addAll("story-bar", bar.baseline() ? "story-baseline" : bar.current() ? "story-current" : "story-step");
        double height = bar.speedUp().isPresent() ? Math.max(2, HEIGHT * bar.speedUp().getAsDouble() / tallest) : 0;
        rect.setMinSize(28, height);
        rect.setPrefSize(28, height);
        rect.setMaxSize(Double.MAX_VALUE, height);
        var label = new Label(bar.label());
        label.getStyleClass().add(bar.current() ? "story-label-current" : "story-label");
        var share = new Label(Double.isNaN(bar.peakShare()) ? "" : String.format(Locale.ROOT, "%.0f%%", 100 * bar.peakShare()));
        share.getStyleClass().add("muted");
        var column = new VBox(1, value, rect, label, share);
        column.setAlignment(Pos.BOTTOM_CENTER);
        HBox.setHgrow(column, Priority.ALWAYS);
        Tooltip.install(column, new Tooltip(bar.speedUp().isPresent()
                ? (bar.baseline() ? "The baseline" : "Step " + bar.label()) + String.format(Locale.ROOT, ": %.2f× step 1's speed", bar.speedUp().getAsDouble())
                        + (bar.distinct() ? "" : " (the test cannot tell it from step 1)")
                        + (Double.isNaN(bar.peakShare()) ? "" : String.format(Locale.ROOT, ", %.0f%% of this machine's measured peak", 100 * bar.peakShare()))
                : (bar.baseline() ? "The baseline" : "Step " + bar.label()) + ": too few samples to compare with step 1 (Measure Lesson takes enough)"));
        return column;
    }
}
