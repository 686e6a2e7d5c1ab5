package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.app.analysis.ResultsChartView;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.tiers.PerformanceFigures;
import org.tuningworkbench.tiers.PerformanceTest;

/** The views of why configs are fast, in the window: a click selects a config everywhere, a drag brushes the grid, 20,000 results stream. */
class ResultViewsTest extends WindowTest {

    /** The frame gaps of 20,000 results streaming, in target/performance/ResultViewsTest.txt. */
    private static final PerformanceFigures FIGURES = PerformanceFigures.of(ResultViewsTest.class);

    /**
     * A recorded space in Kernel Tuner's cache format: TILE × UNROLL × VEC × ORDER (the product is
     * {@code tiles * 10 * 10 * 20}), a latency that grows with TILE and ORDER over more than ten
     * times, and every 97th config failed.
     */
    private Path space(int tiles) throws Exception {
        var cache = new StringBuilder();
        int n = 0;
        for (int t = 1; t <= tiles; t++) {
            for (int u = 1; u <= 10; u++) {
                for (int v = 1; v <= 10; v++) {
                    for (int o = 1; o <= 20; o++) {
                        String key = t + "," + u + "," + v + "," + o;
                        String time = ++n % 97 == 0 ? "\"RuntimeFailedConfig\"" : String.format(Locale.ROOT, "%.4f", 0.1 * t * (1 + o) * (1 + 0.01 * u * v));
                        cache.append(cache.isEmpty() ? "" : ",\n").append(String.format(Locale.ROOT,
                                "\"%s\": {\"TILE\": %d, \"UNROLL\": %d, \"VEC\": %d, \"ORDER\": %d, \"time\": %s}", key, t, u, v, o, time));
                    }
                }
            }
        }
        String list = "[" + String.join(", ", java.util.stream.IntStream.rangeClosed(1, tiles).mapToObj(Integer::toString).toList()) + "]";
        String ten = "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]";
        String twenty = "[" + String.join(", ", java.util.stream.IntStream.rangeClosed(1, 20).mapToObj(Integer::toString).toList()) + "]";
        Path file = dir.resolve("space_" + tiles + ".json");
        Files.writeString(file, "{\"device_name\": \"Test GPU\", \"kernel_name\": \"test\", \"objective\": \"time\",\n"
                + "\"tune_params_keys\": [\"TILE\", \"UNROLL\", \"VEC\", \"ORDER\"],\n"
                + "\"tune_params\": {\"TILE\": " + list + ", \"UNROLL\": " + ten + ", \"VEC\": " + ten + ", \"ORDER\": " + twenty + "},\n"
                + "\"cache\": {\n" + cache + "\n}}\n");
        return file;
    }

    private ResultsChartView<?> show(FxRobot robot, String view) {
        robot.interact(() -> window.showView(view));
        WaitForAsyncUtils.waitForFxEvents();
        return window.resultViews().stream().filter(v -> window.chartsView().shown().chart() == v.chart()).findFirst().orElse(null);
    }

    @Test
    void clickingAPointOfTheParameterEffectSelectsItsConfigInTheGridTheEditorAndTheLog(FxRobot robot) throws Exception {
        Path space = space(1);
        robot.interact(() -> assertThat(model.open(space)).isTrue());
        robot.interact(window::drainEvents);
        ResultsChartView<?> effect = show(robot, "effect");
        // A point with no other within 5 pixels, so the click can only mean it.
        var point = new java.util.concurrent.atomic.AtomicReference<javafx.geometry.Point2D>();
        var number = new java.util.concurrent.atomic.AtomicInteger();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> {
            robot.interact(() -> number.set(isolatedPoint(effect)));
            return number.get() > 0;
        });
        robot.interact(() -> point.set(screenPointOf(effect, number.get())));
        robot.clickOn(point.get().getX(), point.get().getY());
        WaitForAsyncUtils.waitForFxEvents();
        int n = number.get();
        ConfigRow row = model.grid().rows().get(n - 1);
        assertThat(model.results().selectedProperty().get()).isEqualTo(n);
        assertThat(model.selectedProperty().get()).isSameAs(row);
        assertThat(table(robot).getSelectionModel().getSelectedItem()).isSameAs(row);
        assertThat(model.editor().shownLabelProperty().get()).isEqualTo("No." + n);
        assertThat(model.selectedLogProperty().get()).startsWith("No." + n);
    }

    /** A config whose point on the strip has no other point within 5 pixels; -1 before the view drew. */
    private static int isolatedPoint(ResultsChartView<?> view) {
        var info = view.viewer().getCanvas().getRenderingInfo();
        if (info == null || info.getPlotInfo().getDataArea().getWidth() < 10) return -1;
        var plot = (org.jfree.chart.plot.XYPlot) view.chart().getPlot();
        var area = info.getPlotInfo().getDataArea();
        var strip = plot.getDataset(0);
        int n = strip.getItemCount(0);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = plot.getDomainAxis().valueToJava2D(strip.getXValue(0, i), area, plot.getDomainAxisEdge());
            y[i] = plot.getRangeAxis().valueToJava2D(strip.getYValue(0, i), area, plot.getRangeAxisEdge());
        }
        for (int i = 0; i < n; i++) {
            boolean alone = area.contains(x[i], y[i]);
            for (int j = 0; j < n && alone; j++) alone = j == i || Math.hypot(x[i] - x[j], y[i] - y[j]) > 5;
            if (alone) return ((org.tuningworkbench.app.analysis.ParameterEffectView) view).numberAt(i);
        }
        return -1;
    }

    /** Where config {@code number}'s point is on the screen, from the strip the view drew; null before it drew. */
    private static javafx.geometry.Point2D screenPointOf(ResultsChartView<?> view, int number) {
        var info = view.viewer().getCanvas().getRenderingInfo();
        if (info == null || info.getPlotInfo().getDataArea().getWidth() < 10) return null;
        var plot = (org.jfree.chart.plot.XYPlot) view.chart().getPlot();
        var area = info.getPlotInfo().getDataArea();
        var strip = plot.getDataset(0);
        var results = ((org.tuningworkbench.app.analysis.ParameterEffectView) view);
        for (int i = 0; i < strip.getItemCount(0); i++) {
            if (results.numberAt(i) != number) continue;
            double x = plot.getDomainAxis().valueToJava2D(strip.getXValue(0, i), area, plot.getDomainAxisEdge());
            double y = plot.getRangeAxis().valueToJava2D(strip.getYValue(0, i), area, plot.getRangeAxisEdge());
            return view.viewer().getCanvas().localToScreen(x, y);
        }
        return null;
    }

    @Test
    void theHeatMapsChoicesOfLongParameterNamesShowTheirLabelsAndNamesWhole(FxRobot robot) throws Exception {
        Path space = Files.writeString(dir.resolve("long_names.json"), """
                {"device_name": "Test GPU", "kernel_name": "test", "objective": "time",
                "tune_params_keys": ["loop_unroll_factor_channel", "block_size_y"],
                "tune_params": {"loop_unroll_factor_channel": [0, 1], "block_size_y": [32, 64]},
                "cache": {
                "0,32": {"loop_unroll_factor_channel": 0, "block_size_y": 32, "time": 1.0},
                "0,64": {"loop_unroll_factor_channel": 0, "block_size_y": 64, "time": 2.0},
                "1,32": {"loop_unroll_factor_channel": 1, "block_size_y": 32, "time": 3.0},
                "1,64": {"loop_unroll_factor_channel": 1, "block_size_y": 64, "time": 4.0}
                }}
                """);
        robot.interact(() -> assertThat(model.open(space)).isTrue());
        robot.interact(window::drainEvents);
        show(robot, "heatmap");
        javafx.scene.Node rows = robot.lookup("#heatMapRows").query();
        robot.interact(() -> {
            // The controls: each parameter's label and choice side by side, then the statistic's choice.
            var controls = (javafx.scene.Parent) rows.getParent().getParent();
            controls.applyCss();
            controls.layout();
            var shownControls = controls.getChildrenUnmodifiable().stream()
                    .flatMap(n -> n instanceof javafx.scene.layout.HBox pair ? pair.getChildren().stream() : java.util.stream.Stream.of(n)).toList();
            for (var node : shownControls) {
                String whole = node instanceof javafx.scene.control.Label label ? label.getText()
                        : node.getId() != null && node.getId().startsWith("heatMap") ? ((javafx.scene.control.ChoiceBox<?>) node).getValue().toString() : null;
                if (whole == null) continue;
                var shown = (javafx.scene.text.Text) node.lookup(".text");
                assertThat(shown.getText()).as(node.getId() == null ? "label " + whole : node.getId()).isEqualTo(whole);
            }
        });
    }

    @Test
    void inAPaneAsNarrowAsAProjectorsTheHeatMapsChoicesWrapRatherThanRunOffItsEdge(FxRobot robot) throws Exception {
        Path space = Files.writeString(dir.resolve("narrow.json"), """
                {"device_name": "Test GPU", "kernel_name": "test", "objective": "time",
                "tune_params_keys": ["loop_unroll_factor_channel", "block_size_y"],
                "tune_params": {"loop_unroll_factor_channel": [0, 1], "block_size_y": [32, 64]},
                "cache": {
                "0,32": {"loop_unroll_factor_channel": 0, "block_size_y": 32, "time": 1.0},
                "1,64": {"loop_unroll_factor_channel": 1, "block_size_y": 64, "time": 4.0}
                }}
                """);
        robot.interact(() -> assertThat(model.open(space)).isTrue());
        robot.interact(window::drainEvents);
        show(robot, "heatmap");
        var heat = (org.tuningworkbench.app.analysis.HeatMapView) window.resultViews().getLast();
        javafx.scene.Node rows = robot.lookup("#heatMapRows").query();
        robot.interact(() -> {
            // The chart pane of a 1024 px window beside the source: about 480 px.
            var root = (javafx.scene.layout.Region) heat.root();
            root.applyCss();
            root.resize(480, 400);
            root.layout();
            var controls = (javafx.scene.layout.Region) rows.getParent().getParent();
            controls.layout();
            for (var node : controls.getChildrenUnmodifiable()) {
                double right = root.sceneToLocal(node.localToScene(node.getLayoutBounds())).getMaxX();
                assertThat(right).as(node.toString()).isLessThanOrEqualTo(root.getWidth());
            }
        });
    }

    @Test
    void draggingAlongAnAxisOfTheParallelCoordinatesNarrowsTheGridAndClearingTheBrushesWidensItAgain(FxRobot robot) throws Exception {
        Path space = space(1);
        robot.interact(() -> assertThat(model.open(space)).isTrue());
        robot.interact(window::drainEvents);
        ResultsChartView<?> parallel = show(robot, "parallel");
        var canvas = parallel.viewer().getCanvas();
        // 2,000 lines are analysed and painted off the JavaFX thread: the axes to drag along come with them.
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> canvas.getRenderingInfo() != null
                && ((org.tuningworkbench.app.analysis.ParallelCoordinatesView) parallel).settled());
        var axes = new java.util.concurrent.atomic.AtomicReference<java.awt.geom.Rectangle2D>();
        robot.interact(() -> axes.set(org.tuningworkbench.app.analysis.ParallelCoordinatesView.axesArea(canvas.getRenderingInfo())));
        // The axes shown: UNROLL, VEC, ORDER (TILE has one value), then the latency. Drag from above ORDER's top down a quarter.
        var a = axes.get();
        double x = a.getX() + a.getWidth() * 2 / 3;
        var from = canvas.localToScreen(x, a.getMinY() - 4);
        var to = canvas.localToScreen(x, a.getMinY() + a.getHeight() * 0.25);
        robot.drag(from.getX(), from.getY()).dropTo(to.getX(), to.getY());
        WaitForAsyncUtils.waitForFxEvents();
        // ORDER 1…20 on a log axis: its top quarter holds the values from 20^0.75 ≈ 9.5 up, 11 of the 20, 100 configs each.
        var shown = table(robot).getItems();
        assertThat(shown).allSatisfy(row -> assertThat(Integer.parseInt(row.values().get("ORDER"))).isGreaterThanOrEqualTo(10));
        assertThat(shown).hasSize(1100);
        assertThat(model.results().brushedProperty().get()).hasSize(1100);

        robot.clickOn("#clearBrushes");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(model.results().brushedProperty().get()).isNull();
        assertThat(table(robot).getItems()).hasSize(2000);
    }

    @Test
    @PerformanceTest
    void twentyThousandResultsStreamIntoTheShownViewWithoutStallingTheWindow(FxRobot robot) throws Exception {
        Path space = space(10);
        robot.interact(() -> {
            assertThat(model.open(space)).isTrue();
            model.run().settings().budgetProperty().set(0);
            model.run().settings().strategyProperty().set("grid");
        });
        robot.interact(window::drainEvents);
        assertThat(model.grid().rows()).hasSize(20_000);
        // The heaviest view shown while the results stream in, twice: the first replay after the window opened
        // (its code met for the first time, compiled as it goes) and the next, as a person replaying again sees it.
        show(robot, "parallel");
        for (String replay : List.of("first replay", "second replay")) {
            var gaps = new FrameGaps(window.root().getScene());
            var runAt = new java.util.concurrent.atomic.AtomicLong();
            javafx.beans.value.ChangeListener<Boolean> runStarts = (obs, was, now) -> {
                if (now) runAt.set(System.nanoTime());
            };
            robot.interact(() -> {
                model.run().runningProperty().addListener(runStarts);
                gaps.start();
            });
            robot.clickOn("#runButton");
            WaitForAsyncUtils.waitFor(600, TimeUnit.SECONDS, () -> !model.run().isRunning());
            robot.interact(() -> {
                gaps.stop();
                model.run().runningProperty().removeListener(runStarts);
            });
            robot.interact(window::drainEvents);
            // The frame that answers the click on Run (the earlier results leave every view) apart from the frames of the stream after it.
            var streamed = gaps.drawn().after(runAt.get());
            FIGURES.write(String.format(Locale.ROOT, "views: parallel coordinates shown while 20,000 replayed results streamed in (%s): the Run click's frame %.0f ms;"
                    + " then worst drawn-frame gap %.0f ms (ended %.2f s after Run; 95%% within %.0f ms, %d frames drawn); worst pulse gap %.0f ms (ended %s UTC, %.2f s after Run) over %d pulses in %.1f s"
                    + " (95%% of gaps within %.0f ms; the JavaFX thread worked %.1f s of it; load average %.1f)",
                    replay, gaps.drawn().frameOfMs(runAt.get()), streamed.worstMs(), (streamed.worstEnded() - runAt.get()) / 1e9, streamed.percentileMs(95), streamed.count(), gaps.worstMs(), gaps.worstEnded(),
                    gaps.worstAfterSeconds(), gaps.frames(), gaps.seconds(), gaps.percentileMs(95), gaps.fxThreadSeconds(), FrameGaps.load()));
            // Nothing timed is asserted (the host is shared): only that the window kept drawing frames all along, so the
            // figures above describe frames that were drawn.
            assertThat(gaps.frames()).isGreaterThan(1);
            assertThat(streamed.count()).as("frames drawn while the results streamed").isGreaterThan(1);
            assertThat(model.results().records()).hasSize(20_000);
            assertThat(model.grid().rows()).hasSize(20_000);
        }
        for (String view : List.of("effect", "heatmap", "roofline", "latency", "trials")) {
            var switching = new FrameGaps(window.root().getScene());
            robot.interact(switching::start);
            var shownAt = java.time.LocalTime.now(java.time.ZoneOffset.UTC);
            show(robot, view);
            WaitForAsyncUtils.sleep(500, TimeUnit.MILLISECONDS);
            robot.interact(switching::stop);
            FIGURES.write(String.format(Locale.ROOT, "views: %s drawn with 20,000 results: worst drawn-frame gap %.0f ms, worst pulse gap %.0f ms"
                    + " (shown %s UTC, the worst pulse gap ended %.2f s after; load average %.1f)",
                    view, switching.drawn().worstMs(), switching.worstMs(), shownAt, switching.worstAfterSeconds(), FrameGaps.load()));
            assertThat(switching.frames()).as("pulses while %s was shown", view).isGreaterThan(1);
        }
        assertThat(model.results().scale().log()).isTrue();
        assertThat(dialogs.problems).isEmpty();
    }

    /**
     * The gaps between JavaFX pulses, as an animation timer sees them, and the JavaFX thread's own work meanwhile; and the
     * gaps between frames the renderer finished drawing, what a person sees. A pulse does not wait for the frame before it
     * to be drawn unless it has something to draw itself, so the timer goes on ticking while the renderer paints a long
     * frame; to see such a frame as the stall it is, the timer changes a small label's opacity every pulse (as a busy
     * indicator would), so that each pulse has a frame to draw, and the drawn frames are timed as the renderer finishes them.
     */
    private static final class FrameGaps extends AnimationTimer {
        private final javafx.scene.Scene scene;
        private final javafx.scene.Node ticking;
        private final DrawnFrames drawn = new DrawnFrames();
        private final java.util.List<Long> gaps = new java.util.ArrayList<>();
        private long first;
        private long last;
        private long worst;
        /** When the worst gap ended, on the wall clock (to find it in a flight recording). */
        private java.time.Instant worstEnded;
        /** How long after the first frame the worst gap ended. */
        private long worstAfter;
        private int frames;
        private long cpuAtStart;
        private long cpu;

        FrameGaps(javafx.scene.Scene scene) {
            this.scene = scene;
            this.ticking = scene.lookup(".project-name");
        }

        @Override
        public void start() {
            cpuAtStart = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
            com.sun.javafx.perf.PerformanceTracker.getSceneTracker(scene).setOnRenderedFrameTask(drawn::frame);
            super.start();
        }

        @Override
        public void stop() {
            super.stop();
            com.sun.javafx.perf.PerformanceTracker.getSceneTracker(scene).setOnRenderedFrameTask(null);
            ticking.setOpacity(1);
            cpu = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuAtStart;
        }

        @Override
        public void handle(long now) {
            ticking.setOpacity(frames % 2 == 0 ? 0.99 : 1);
            if (last != 0) {
                if (now - last > worst) {
                    worstEnded = java.time.Instant.now();
                    worstAfter = now - first;
                }
                worst = Math.max(worst, now - last);
                gaps.add(now - last);
            } else {
                first = now;
            }
            last = now;
            frames++;
        }

        double worstMs() { return worst / 1e6; }
        java.time.LocalTime worstEnded() { return worstEnded == null ? null : java.time.LocalTime.ofInstant(worstEnded, java.time.ZoneOffset.UTC); }
        double percentileMs(int p) {
            var sorted = gaps.stream().sorted().toList();
            return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, sorted.size() * p / 100)) / 1e6;
        }
        double worstAfterSeconds() { return worstAfter / 1e9; }
        double fxThreadSeconds() { return cpu / 1e9; }
        /** The host's load average over the last minute (other processes share its cores). */
        static double load() { return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(); }
        int frames() { return frames; }
        double seconds() { return (last - first) / 1e9; }
        DrawnFrames drawn() { return drawn; }
    }

    /** When the renderer finished each frame (it tells so on its own thread). */
    private static final class DrawnFrames {
        private final java.util.List<Long> at = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

        void frame() {
            at.add(System.nanoTime());
        }

        /** The gap that ended with the first frame drawn after {@code nanos}: the frame of what happened then. */
        double frameOfMs(long nanos) {
            synchronized (at) {
                for (int i = 1; i < at.size(); i++) if (at.get(i) >= nanos) return (at.get(i) - at.get(i - 1)) / 1e6;
                return 0;
            }
        }

        /** The frames drawn after the first frame drawn after {@code nanos}. */
        DrawnFrames after(long nanos) {
            var later = new DrawnFrames();
            synchronized (at) {
                at.stream().dropWhile(t -> t < nanos).forEach(later.at::add);
            }
            return later;
        }

        private java.util.List<Long> gaps() {
            synchronized (at) {
                var gaps = new java.util.ArrayList<Long>();
                for (int i = 1; i < at.size(); i++) gaps.add(at.get(i) - at.get(i - 1));
                return gaps;
            }
        }

        int count() { return at.size(); }
        /** When the frame that ended the worst gap was drawn. */
        long worstEnded() {
            synchronized (at) {
                int worst = 0;
                for (int i = 1; i < at.size(); i++) if (worst == 0 || at.get(i) - at.get(i - 1) > at.get(worst) - at.get(worst - 1)) worst = i;
                return worst == 0 ? 0 : at.get(worst);
            }
        }
        double worstMs() { return gaps().stream().mapToLong(Long::longValue).max().orElse(0) / 1e6; }
        double percentileMs(int p) {
            var sorted = gaps().stream().sorted().toList();
            return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, sorted.size() * p / 100)) / 1e6;
        }
    }

    /** Configs that keep the source's value of a parameter (UNROLL = 1, SPIN = 0 in the kernel) are shown at that value in every view. */
    @Test
    void configsKeepingTheSourcesValueAreShownAtItInEveryView(FxRobot robot) throws Exception {
        open(robot, List.of(java.util.Map.of("UNROLL", "2"), java.util.Map.of("UNROLL", "4", "SPIN", "1000"), java.util.Map.of("SPIN", "0")));
        runToTheEnd(robot);
        assertThat(model.results().all()).hasSize(3);

        show(robot, "effect");
        var effect = (org.tuningworkbench.app.analysis.ParameterEffectView) window.resultViews().getLast();
        robot.interact(() -> effect.model().parameterProperty().set("UNROLL"));
        robot.interact(() -> window.showView("effect"));
        robot.interact(() -> assertThat(effect.model().effect().values()).extracting(v -> v.value()).containsExactly("1", "2", "4"));

        show(robot, "heatmap");
        robot.interact(() -> model.selectNumber(3));
        var heat = (org.tuningworkbench.app.analysis.HeatMapView) window.resultViews().getLast();
        robot.interact(() -> assertThat(heat.model().cellOf(3)).isNotNull());

        show(robot, "parallel");
        var parallel = (org.tuningworkbench.app.analysis.ParallelCoordinatesView) window.resultViews().getLast();
        robot.interact(() -> {
            assertThat(parallel.model().coordinates().axes()).extracting(a -> a.parameter().name()).containsExactly("UNROLL", "SPIN");
            assertThat(parallel.model().coordinates().lines()).allSatisfy(l -> assertThat(l.positions()).doesNotContain(Double.NaN));
        });
    }
}
