package org.tuningworkbench.app.shell;

import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.animation.Animation;
import javafx.animation.AnimationTimer;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.util.Duration;
import org.tuningworkbench.app.chart.LatencyChart;
import org.tuningworkbench.app.chart.TrialsChart;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.app.run.RunViewModel;

/**
 * The run's results on their way to the window's views. The engine's events are applied in batches,
 * at most one a frame: the first event of a batch asks for a drain in the next pulse; until it runs,
 * later events join it. Nothing runs while nothing happens (a timer running every frame would keep a
 * core busy in an idle window); while a run goes on, the time elapsed and left move once a second.
 */
final class ResultsFeed {

    /** A frame's share of applying events: the rest of the frame lays out and draws. */
    private static final long DRAIN_BUDGET_NANOS = 8_000_000L;

    private final MainViewModel model;
    private final LatencyChart latency;
    private final TrialsChart trials;
    /** Runs after each batch that brought results (the lesson's pane takes them in). */
    private final Runnable afterResults;
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    private final AnimationTimer drainInNextPulse = new AnimationTimer() {
        @Override
        public void handle(long now) {
            stop();
            drainScheduled.set(false);
            drain(DRAIN_BUDGET_NANOS);
            // What did not fit in this frame's budget is applied in the next one.
            if (model.run().eventsWaiting() && drainScheduled.compareAndSet(false, true)) start();
        }
    };

    ResultsFeed(MainViewModel model, LatencyChart latency, TrialsChart trials, Runnable afterResults) {
        this.model = model;
        this.latency = latency;
        this.trials = trials;
        this.afterResults = afterResults;
        var clock = new Timeline(new KeyFrame(Duration.seconds(1), e -> drain(DRAIN_BUDGET_NANOS)));
        clock.setCycleCount(Animation.INDEFINITE);
        model.run().runningProperty().addListener((obs, was, now) -> {
            if (now) clock.play();
            else clock.stop();
        });
        model.run().setOnEventsWaiting(() -> {
            if (drainScheduled.compareAndSet(false, true)) Platform.runLater(drainInNextPulse::start);
        });
    }

    /** Applies every waiting event now; the frame timer does this on its own. */
    void drainAll() {
        drain(Long.MAX_VALUE);
    }

    private void drain(long budgetNanos) {
        List<RunViewModel.Result> results = model.run().drain(budgetNanos);
        // drain() also moves the progress text on; without results there is nothing more to draw, but a new best (the
        // run's confirmation measured another config fastest again).
        if (results.isEmpty()) {
            ConfigRow best = model.grid().best();
            Faults.guard(() -> latency.addAll(List.of(), List.of(), best == null ? -1 : model.grid().numberOf(best)));
            return;
        }
        // The batch reaches the results every view and the report read first, then each chart: one that throws
        // is reported and the others still take the batch in.
        var records = results.stream().map(RunViewModel.Result::record).toList();
        Faults.guard(() -> model.results().add(results));
        Faults.guard(() -> {
            ConfigRow best = model.grid().best();
            latency.addAll(records, results.stream().map(RunViewModel.Result::number).toList(), best == null ? -1 : model.grid().numberOf(best));
        });
        var fromPriors = new BitSet();
        for (int i = 0; i < results.size(); i++) if (results.get(i).advised()) fromPriors.set(i);
        Faults.guard(() -> trials.addAll(records, fromPriors, model.results().objective()));
        Faults.guard(model::refreshSelection);
        Faults.guard(afterResults);
    }
}
