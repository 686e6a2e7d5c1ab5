package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.tiers.PerformanceFigures;
import org.tuningworkbench.tiers.PerformanceTest;
import org.tuningworkbench.tiers.SystemTest;

/** The latency chart takes results in batches: thousands of them, failed ones as crosses, and exports. */
@ExtendWith(ApplicationExtension.class)
@SystemTest
class LatencyChartTest {

    /** How long drawing 20,000 configs took, in target/performance/LatencyChartTest.txt. */
    private static final PerformanceFigures FIGURES = PerformanceFigures.of(LatencyChartTest.class);

    private final AtomicInteger selected = new AtomicInteger();
    private LatencyChart chart;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        chart = new LatencyChart(selected::set);
        stage.setScene(new Scene(chart.viewer(), 800, 500));
        stage.show();
    }

    private static TuningRecord record(int number, Status status, Double median) {
        return TuningRecord.builder().trial(number).time("t").project("p").config(Map.of("BM", Integer.toString(number)))
                .outcome(new TuningRecord.Outcome(status, status == Status.OK ? null : "failed", null))
                .timing(median == null ? null : TuningRecord.Timing.ofSamples(List.of(median, median * 1.1), 1L))
                .statistics(median == null ? null : new TuningRecord.Statistics(median, median, median * 1.1, median, 0.0, 0.0, false, null, null))
                .build();
    }

    @Test
    void thousandsOfResultsStreamInBatches(FxRobot robot) {
        robot.interact(() -> {
            for (int batch = 0; batch < 50; batch++) {
                var records = new ArrayList<TuningRecord>();
                var numbers = new ArrayList<Integer>();
                for (int i = 1; i <= 100; i++) {
                    int n = batch * 100 + i;
                    records.add(n % 97 == 0 ? record(n, Status.COMPILE_ERROR, null) : record(n, Status.OK, 10.0 + n % 13));
                    numbers.add(n);
                }
                chart.addAll(records, numbers, 1);
            }
        });
        assertThat(chart.itemCount()).isEqualTo(5000);
        robot.interact(chart::clear);
        assertThat(chart.itemCount()).isZero();
    }

    @Test
    void aHiddenChartKeepsResultsWithoutDrawingAndDrawsThemOnceWhenShown(FxRobot robot) {
        var draws = new AtomicInteger();
        robot.interact(() -> {
            chart.chart().addChangeListener(e -> draws.incrementAndGet());
            chart.setShown(false);
            for (int batch = 0; batch < 20; batch++) {
                var records = new ArrayList<TuningRecord>();
                var numbers = new ArrayList<Integer>();
                for (int i = 1; i <= 100; i++) {
                    records.add(record(batch * 100 + i, Status.OK, 10.0 + i));
                    numbers.add(batch * 100 + i);
                }
                chart.addAll(records, numbers, 1);
            }
        });
        assertThat(draws).hasValue(0);
        assertThat(chart.itemCount()).isEqualTo(2000);
        robot.interact(() -> chart.setShown(true));
        assertThat(draws).hasValue(1);
        assertThat(chart.itemCount()).isEqualTo(2000);
        assertThat(chart.tooltip(2000)).startsWith("No.2000\nBM = 2000");
    }

    @Test
    void aRightClickResetsTheZoomWithoutAMenuAndClearingForgetsTheZoom(FxRobot robot) {
        robot.interact(() -> chart.addAll(List.of(record(1, Status.OK, 10.0), record(2, Status.OK, 40.0)), List.of(1, 2), 1));
        var plot = (org.jfree.chart.plot.XYPlot) chart.chart().getPlot();
        robot.interact(() -> plot.getRangeAxis().setRange(5, 6));
        assertThat(plot.getRangeAxis().isAutoRange()).isFalse();
        robot.rightClickOn(chart.viewer());
        assertThat(plot.getRangeAxis().isAutoRange()).isTrue();
        assertThat(robot.listWindows()).hasSize(1);
        robot.interact(() -> plot.getDomainAxis().setRange(1.5, 1.7));
        robot.interact(chart::clear);
        robot.interact(() -> chart.addAll(List.of(record(1, Status.OK, 10.0)), List.of(1), 1));
        assertThat(plot.getDomainAxis().isAutoRange()).isTrue();
    }

    @Test
    void aConfigsNameIsInItsTooltip(FxRobot robot) {
        robot.interact(() -> chart.addAll(List.of(record(1, Status.OK, 5.0).toBuilder().name("cpp_packed_gemm_0").build(), record(2, Status.OK, 7.0)), List.of(1, 2), 1));
        assertThat(chart.tooltip(1)).startsWith("No.1 cpp_packed_gemm_0 (best)\nBM = 1");
        assertThat(chart.tooltip(2)).startsWith("No.2\nBM = 2");
    }

    @Test
    void aDeviceKernelsTooltipSplitsKernelTimeFromLaunchOverhead(FxRobot robot) {
        var timing = TuningRecord.Timing.ofSamples(List.of(50.0, 55.0), 1L).withKernel(List.of(30.0, 31.0), 30.5, 4L);
        var base = record(1, Status.OK, 50.0);
        var device = TuningRecord.builder().trial(1).time("t").project("p").config(base.config()).outcome(base.outcome()).timing(timing)
                .statistics(base.statistics()).build();
        robot.interact(() -> chart.addAll(List.of(device, record(2, Status.OK, 70.0)), List.of(1, 2), 1));
        assertThat(chart.tooltip(1)).contains("kernel " + Figures.micros(30.5) + ", launch overhead " + Figures.micros(19.5) + " (4 launches)");
        assertThat(chart.tooltip(2)).doesNotContain("kernel");
    }

    @Test
    void withOnlyFailedConfigsTheLatencyAxisStillSpansAMicrosecond(FxRobot robot) {
        robot.interact(() -> chart.addAll(List.of(record(1, Status.CRASH, null)), List.of(1), -1));
        var axis = ((org.jfree.chart.plot.XYPlot) chart.chart().getPlot()).getRangeAxis();
        assertThat(axis.getRange().getLength()).isGreaterThanOrEqualTo(1);
        assertThat(axis.getRange().getLowerBound()).isGreaterThanOrEqualTo(0);
        robot.interact(() -> chart.addAll(List.of(record(2, Status.OK, 50.0)), List.of(2), 2));
        assertThat(axis.getRange().getUpperBound()).as("timed results fit again").isGreaterThanOrEqualTo(50);
    }

    @Test
    void aBestWithinTheNoiseOfTheRunnerUpIsNotCrowned(FxRobot robot) {
        robot.interact(() -> chart.addAll(List.of(record(1, Status.OK, 5.0), record(2, Status.OK, 5.1)), List.of(1, 2), 1));
        var bars = ((org.jfree.chart.plot.XYPlot) chart.chart().getPlot()).getRenderer(0);
        assertThat(bars.getItemPaint(0, 0)).isEqualTo(org.tuningworkbench.app.chart.ChartStyle.BEST);
        robot.interact(() -> chart.setBestCaveat("not distinguishable from No.2"));
        assertThat(bars.getItemPaint(0, 0)).isEqualTo(org.tuningworkbench.app.chart.ChartStyle.FASTEST_WITHIN_NOISE);
        assertThat(chart.tooltip(1)).startsWith("No.1 (fastest, not distinguishable from No.2)");
    }

    @Test
    void theConfigsTheConfirmationMeasuredAgainHaveATickAtTheirConfirmedMedianUntilTheChartIsCleared(FxRobot robot) {
        var plot = (org.jfree.chart.plot.XYPlot) chart.chart().getPlot();
        robot.interact(() -> {
            chart.addAll(List.of(record(1, Status.OK, 5.0), record(2, Status.OK, 6.0), record(3, Status.OK, 9.0)), List.of(1, 2, 3), 1);
            chart.setConfirmed(Map.of(1, 5.5, 2, 5.2));
        });
        var ticks = plot.getAnnotations().stream().map(a -> (org.jfree.chart.annotations.XYLineAnnotation) a).toList();
        assertThat(ticks).hasSize(2);
        assertThat(ticks).extracting(t -> t.getX1() + 0.45, org.jfree.chart.annotations.XYLineAnnotation::getY1,
                        org.jfree.chart.annotations.XYLineAnnotation::getY2)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple(1.0, 5.5, 5.5), org.assertj.core.groups.Tuple.tuple(2.0, 5.2, 5.2));
        var items = plot.getLegendItems();
        assertThat(items.get(items.getItemCount() - 1).getLabel()).isEqualTo("confirmed median");
        assertThat(chart.tooltip(2)).endsWith("\nconfirmed median " + Figures.micros(5.2) + " (measured again in fresh processes)");
        assertThat(chart.tooltip(3)).doesNotContain("confirmed");
        robot.interact(() -> chart.clear());
        assertThat(plot.getAnnotations()).isEmpty();
        assertThat(plot.getLegendItems().getItemCount()).isEqualTo(4);
    }

    @Test
    void aQualifiedBestsPaleBarIsNamedInTheLegendAsTheFastestNotTheBest(FxRobot robot) {
        var plot = (org.jfree.chart.plot.XYPlot) chart.chart().getPlot();
        robot.interact(() -> {
            chart.addAll(List.of(record(1, Status.OK, 5.0), record(2, Status.OK, 5.1)), List.of(1, 2), 1);
            chart.setBestCaveat("not distinguishable from No.2, p = 0.70");
        });
        var items = plot.getLegendItems();
        var named = java.util.stream.IntStream.range(0, items.getItemCount()).mapToObj(items::get).toList();
        // The bar's colour, as the status bar's word: the fastest, not clearly the best.
        assertThat(named).anySatisfy(i -> {
            assertThat(i.getLabel()).isEqualTo("fastest, not clearly best");
            assertThat(i.getFillPaint()).isEqualTo(ChartStyle.FASTEST_WITHIN_NOISE);
        });
        assertThat(named).noneMatch(i -> i.getLabel().equals("best"));
        robot.interact(() -> chart.setBestCaveat(""));
        var settled = plot.getLegendItems();
        assertThat(java.util.stream.IntStream.range(0, settled.getItemCount()).mapToObj(i -> settled.get(i).getLabel())).contains("best")
                .doesNotContain("fastest, not clearly best");
    }

    @Test
    void theBaselinesLineHasAColourOfItsOwnAndIsInTheLegendWhileThereIsOne(FxRobot robot) {
        var plot = (org.jfree.chart.plot.XYPlot) chart.chart().getPlot();
        java.util.function.Supplier<List<String>> legend = () -> {
            var items = plot.getLegendItems();
            return java.util.stream.IntStream.range(0, items.getItemCount()).mapToObj(i -> items.get(i).getLabel()).toList();
        };
        assertThat(legend.get()).containsExactly("median, whiskers min–max", "best", "wrong result", "failed (no timing)");
        robot.interact(() -> chart.setBaseline(12.0, "OpenBLAS"));
        var line = (org.jfree.chart.plot.ValueMarker) plot.getRangeMarkers(org.jfree.chart.ui.Layer.FOREGROUND).iterator().next();
        assertThat(line.getPaint()).isEqualTo(ChartStyle.BASELINE).isNotIn(ChartStyle.WRONG, ChartStyle.OK, ChartStyle.BEST, ChartStyle.FAILED);
        // What it is, the legend says beside its dashed line: the line itself carries no label, which was drawn over the bars above it.
        assertThat(legend.get()).endsWith("baseline: OpenBLAS");
        assertThat(line.getLabel()).isNull();
        robot.interact(() -> chart.setBaseline(10.0, "OpenBLAS 10.00 µs"));
        assertThat(plot.getRangeMarkers(org.jfree.chart.ui.Layer.FOREGROUND)).hasSize(1);
        assertThat(legend.get()).endsWith("baseline: OpenBLAS 10.00 µs");
        robot.interact(() -> chart.setBaseline(null, null));
        assertThat(legend.get()).noneMatch(item -> item.startsWith("baseline"));
        assertThat(plot.getRangeMarkers(org.jfree.chart.ui.Layer.FOREGROUND)).isNullOrEmpty();
    }

    @Test
    void exportsPngAndSvg(FxRobot robot) throws Exception {
        robot.interact(() -> chart.addAll(List.of(record(1, Status.OK, 5.0), record(2, Status.CRASH, null)), List.of(1, 2), 1));
        ChartExport.write(chart.chart(), dir.resolve("latency.png"), 600, 400);
        ChartExport.write(chart.chart(), dir.resolve("latency.svg"), 600, 400);
        assertThat(Files.size(dir.resolve("latency.png"))).isGreaterThan(1000);
        assertThat(Files.readString(dir.resolve("latency.svg"))).contains("<svg");
    }

    @Test
    @PerformanceTest
    void twentyThousandConfigsDrawAFewBarsPerPixelColumnAlwaysTheBestAndAClickedColumnSelectsARealConfig(FxRobot robot) {
        var records = new ArrayList<TuningRecord>();
        var numbers = new ArrayList<Integer>();
        for (int n = 1; n <= 20_000; n++) {
            records.add(n == 12_345 ? record(n, Status.OK, 1.0)
                    : n % 50 == 0 ? record(n, Status.WRONG_RESULT, 9.0) : n % 97 == 0 ? record(n, Status.CRASH, null) : record(n, Status.OK, 10.0 + n % 13));
            numbers.add(n);
        }
        robot.interact(() -> chart.addAll(records, numbers, 12_345));
        var info = new org.jfree.chart.ChartRenderingInfo();
        for (int draw = 1; draw <= 3; draw++) {
            int drawing = draw;
            var took = new java.util.concurrent.atomic.AtomicLong();
            robot.interact(() -> {
                long start = System.nanoTime();
                chart.chart().draw(new java.awt.image.BufferedImage(800, 500, java.awt.image.BufferedImage.TYPE_INT_ARGB).createGraphics(),
                        new java.awt.Rectangle(800, 500), info);
                took.set(System.nanoTime() - start);
            });
            FIGURES.write(String.format(java.util.Locale.ROOT, "latency chart: 20,000 configs drawn at 800x500 in %.0f ms (drawing %d)", took.get() / 1e6, drawing));
            // Sanity, not speed (the host is shared): the drawing was timed, and it drew.
            assertThat(took.get()).as("drawing %d timed", drawing).isPositive();
            assertThat(info.getEntityCollection().getEntityCount()).as("entities of drawing %d", drawing).isPositive();
        }
        double width = info.getPlotInfo().getDataArea().getWidth();
        var drawn = new ArrayList<Integer>();
        for (Object e : info.getEntityCollection().getEntities()) {
            if (e instanceof org.jfree.chart.entity.XYItemEntity item) {
                drawn.add((int) Math.round(item.getDataset().getXValue(item.getSeriesIndex(), item.getItem())));
            }
        }
        // At most two bars per column (its tallest, its tallest wrong result) and a cross, and the best and the selected.
        assertThat(drawn.size()).as("bars and crosses drawn in %.0f pixel columns", width).isBetween((int) width / 2, (int) (4 * width));
        assertThat(drawn).as("the best config is drawn").contains(12_345);

        var canvas = chart.viewer().getCanvas();
        var areaShown = new java.util.concurrent.atomic.AtomicReference<java.awt.geom.Rectangle2D>();
        robot.interact(() -> areaShown.set(canvas.getRenderingInfo().getPlotInfo().getDataArea()));
        var area = areaShown.get();
        assertThat(area).isNotNull();
        robot.clickOn(canvas.localToScreen(area.getCenterX(), area.getMaxY() - 4));
        assertThat(selected.get()).as("the clicked column selects a config it holds").isBetween(1, 20_000);
        assertThat(chart.tooltip(selected.get())).startsWith("No." + selected.get() + "\nBM = " + selected.get());
    }

    @Test
    void barsThinnerThanTheirWhiskersStillReadAsTallAsTheirMedians(FxRobot robot) {
        // 2,000 configs at a median of 40 µs whose fastest samples took 10 µs: a pixel column holds several.
        var records = new ArrayList<TuningRecord>();
        var numbers = new ArrayList<Integer>();
        for (int n = 1; n <= 2_000; n++) {
            records.add(record(n, Status.OK, 40.0).toBuilder()
                    .statistics(new TuningRecord.Statistics(40.0, 10.0, 44.0, 40.0, 0.0, 0.0, false, null, null)).build());
            numbers.add(n);
        }
        robot.interact(() -> chart.addAll(records, numbers, -1));
        var image = new java.awt.image.BufferedImage(800, 500, java.awt.image.BufferedImage.TYPE_INT_ARGB);
        var info = new org.jfree.chart.ChartRenderingInfo();
        robot.interact(() -> chart.chart().draw(image.createGraphics(), new java.awt.Rectangle(800, 500), info));
        var area = info.getPlotInfo().getDataArea();
        var plot = chart.chart().getXYPlot();
        int y = (int) plot.getRangeAxis().valueToJava2D(30, area, plot.getRangeAxisEdge());
        int okColumns = 0;
        int columns = 0;
        for (int x = (int) area.getMinX() + 20; x < area.getMaxX() - 20; x += 7) {
            columns++;
            if (new java.awt.Color(image.getRGB(x, y), true).equals(ChartStyle.OK)) okColumns++;
        }
        // At 30 µs, below every median and above every minimum, the columns show their bars, not their whiskers.
        assertThat(okColumns).as("columns of the bars' colour at 30 µs, of %d", columns).isGreaterThan(columns * 9 / 10);
    }

    @Test
    void aFailedConfigsCrossOnTheScreenIsStampedAndStillCarriesItsTooltipAndClick(FxRobot robot) {
        var records = new ArrayList<TuningRecord>();
        var numbers = new ArrayList<Integer>();
        for (int n = 1; n <= 300; n++) {
            records.add(n % 7 == 0 ? record(n, Status.CRASH, null) : record(n, Status.OK, 10.0 + n % 13));
            numbers.add(n);
        }
        robot.interact(() -> chart.addAll(records, numbers, 1));
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        var crosses = new ArrayList<Integer>();
        robot.interact(() -> {
            var plot = (org.jfree.chart.plot.XYPlot) chart.chart().getPlot();
            for (Object e : chart.viewer().getCanvas().getRenderingInfo().getEntityCollection().getEntities()) {
                if (e instanceof org.jfree.chart.entity.XYItemEntity item && item.getDataset() == plot.getDataset(2)) {
                    crosses.add((int) Math.round(item.getDataset().getXValue(0, item.getItem())));
                }
            }
        });
        assertThat(crosses).isNotEmpty().allSatisfy(n -> assertThat(n % 7).isZero());
        assertThat(chart.tooltip(crosses.get(0))).contains("failed");
    }

    @Test
    void aLogAxisSpansTheResultsWhetherItCameBeforeOrAfterThem(FxRobot robot) {
        var records = new ArrayList<TuningRecord>();
        var numbers = new ArrayList<Integer>();
        for (int n = 1; n <= 3000; n++) {
            records.add(record(n, Status.OK, 5600.0 + n * 37 % 90000));
            numbers.add(n);
        }
        // The log axis first, then the results (a recorded space opened with the axis "by span"), then the other way round.
        robot.interact(() -> {
            chart.setLogScale(true);
            chart.addAll(records, numbers, 1);
        });
        assertLogRangeHugsTheResults(robot);
        robot.interact(() -> {
            chart.clear();
            chart.setLogScale(false);
            chart.addAll(records, numbers, 1);
            chart.setLogScale(true);
        });
        assertLogRangeHugsTheResults(robot);
    }

    /**
     * A log axis cleared for another project's results, all faster than the previous project's fastest, spans
     * them (it kept the old bars' floor, above every new bar: "Range(double, double): require lower <= upper").
     */
    @Test
    void aClearedLogAxisTakesResultsFasterThanThoseBefore(FxRobot robot) {
        var slow = new ArrayList<TuningRecord>();
        var fast = new ArrayList<TuningRecord>();
        var numbers = new ArrayList<Integer>();
        for (int n = 1; n <= 5; n++) {
            slow.add(record(n, Status.OK, 5_000.0 * n));
            fast.add(record(n, Status.OK, 10.0 * n));
            numbers.add(n);
        }
        robot.interact(() -> {
            chart.setLogScale(true);
            chart.addAll(slow, numbers, 1);
            chart.clear();
            chart.addAll(fast, numbers, 1);
        });
        assertThat(chart.itemCount()).isEqualTo(5);
        robot.interact(() -> {
            var range = chart.chart().getXYPlot().getRangeAxis().getRange();
            assertThat(range.getLowerBound()).isBetween(1.0, 10.0);
            assertThat(range.getUpperBound()).isBetween(55.0, 200.0);
        });
    }

    @Test
    void anEmptiedChartShowsNoneOfTheLastResultsScale(FxRobot robot) {
        var records = new ArrayList<TuningRecord>();
        var numbers = new ArrayList<Integer>();
        for (int n = 1; n <= 500; n++) {
            records.add(record(n, Status.OK, 9_000.0 + n));
            numbers.add(n);
        }
        robot.interact(() -> {
            chart.addAll(records, numbers, 1);
            chart.clear();
        });
        robot.interact(() -> {
            var plot = chart.chart().getXYPlot();
            assertThat(plot.getDomainAxis().getRange().getUpperBound()).isEqualTo(1.0);
            assertThat(plot.getRangeAxis().getRange().getUpperBound()).isEqualTo(1.0);
            assertThat(plot.getRangeAxis().getLabel()).doesNotContain("log");
            chart.setLogScale(true);
            assertThat(plot.getRangeAxis().getLabel()).contains("log scale");
            chart.addAll(records.subList(0, 3), numbers.subList(0, 3), 1);
            assertThat(plot.getDomainAxis().getRange().getUpperBound()).isBetween(3.0, 10.0);
        });
    }

    /** From below the fastest minimum (5.6 ms) to above the slowest maximum (about 105 ms), not decades beyond. */
    private void assertLogRangeHugsTheResults(FxRobot robot) {
        robot.interact(() -> {
            var range = chart.chart().getXYPlot().getRangeAxis().getRange();
            assertThat(range.getLowerBound()).isBetween(1_000.0, 5_600.0);
            assertThat(range.getUpperBound()).isBetween(105_000.0, 300_000.0);
        });
    }
}
