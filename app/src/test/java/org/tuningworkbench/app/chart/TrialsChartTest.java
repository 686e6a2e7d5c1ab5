package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.entity.XYItemEntity;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.tiers.SystemTest;

/** The trials chart draws what a screen can show of thousands of trials, and the best so far exactly. */
@ExtendWith(ApplicationExtension.class)
@SystemTest
class TrialsChartTest {

    private TrialsChart chart;

    @Start
    void start(Stage stage) {
        chart = new TrialsChart();
        stage.setScene(new Scene(chart.viewer(), 800, 500));
        stage.show();
    }

    private static TuningRecord record(int number, double median) {
        return TuningRecord.builder().trial(number).time("t").project("p").config(Map.of("BM", Integer.toString(number))).status(Status.OK)
                .timing(TuningRecord.Timing.ofSamples(List.of(median, median * 1.1), 1L))
                .statistics(new TuningRecord.Statistics(median, median, median * 1.1, median, 0.0, 0.0, false, null, null)).build();
    }

    @Test
    void twentyThousandTrialsDrawAFewPointsPerPixelColumnAndTheBestSoFarAtEachImprovement(FxRobot robot) {
        var records = new ArrayList<TuningRecord>();
        for (int n = 1; n <= 20_000; n++) records.add(record(n, n == 15_000 ? 1.0 : 10.0 + (n * 7919) % 113 / 10.0));
        robot.interact(() -> {
            chart.addAll(records.subList(0, 10_000));
            chart.addAll(records.subList(10_000, 20_000));
        });
        var info = new ChartRenderingInfo();
        robot.interact(() -> chart.chart().draw(new java.awt.image.BufferedImage(800, 500, java.awt.image.BufferedImage.TYPE_INT_ARGB).createGraphics(),
                new java.awt.Rectangle(800, 500), info));
        double width = info.getPlotInfo().getDataArea().getWidth();
        var points = new ArrayList<Integer>();
        for (Object e : info.getEntityCollection().getEntities()) {
            if (e instanceof XYItemEntity item && item.getDataset() == ((XYPlot) chart.chart().getPlot()).getDataset(0)) {
                points.add((int) Math.round(item.getDataset().getXValue(item.getSeriesIndex(), item.getItem())));
            }
        }
        double height = info.getPlotInfo().getDataArea().getHeight();
        // The fastest and slowest of each column, and one per marker-sized cell of 6 pixels.
        double bound = 2 * width + (width / 6 + 1) * (height / 6 + 1);
        assertThat(points.size()).as("trials drawn in %.0f × %.0f pixels", width, height).isBetween((int) width, (int) bound);
        assertThat(points).as("the fastest trial is drawn").contains(15_000);
        var bestSoFar = ((XYPlot) chart.chart().getPlot()).getDataset(1);
        int steps = bestSoFar.getItemCount(0);
        assertThat(steps).as("the best so far: each improvement and the last trial").isLessThan(20);
        assertThat(bestSoFar.getXValue(0, steps - 1)).isEqualTo(20_000);
        assertThat(bestSoFar.getYValue(0, steps - 1)).isEqualTo(1.0);
    }

    @Test
    void onTheScreenTwentyThousandTrialsArePaintedOffTheJavaFxThreadIntoOneImageThatShowsThem(FxRobot robot) throws Exception {
        var records = new ArrayList<TuningRecord>();
        for (int n = 1; n <= 20_000; n++) records.add(record(n, n == 15_000 ? 1.0 : 10.0 + (n * 7919) % 113 / 10.0));
        robot.interact(() -> chart.addAll(records));
        var canvas = chart.viewer().getCanvas();
        org.testfx.util.WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> {
            var painted = new java.util.concurrent.atomic.AtomicBoolean();
            robot.interact(() -> painted.set(canvas.getRenderingInfo() != null && chart.painted()));
            return painted.get();
        });
        var plot = (XYPlot) chart.chart().getPlot();
        var entities = new java.util.concurrent.atomic.AtomicInteger();
        var snapshot = new java.util.concurrent.atomic.AtomicReference<javafx.scene.image.WritableImage>();
        var area = new java.util.concurrent.atomic.AtomicReference<java.awt.geom.Rectangle2D>();
        robot.interact(() -> {
            for (Object e : canvas.getRenderingInfo().getEntityCollection().getEntities()) {
                if (e instanceof XYItemEntity item && item.getDataset() == plot.getDataset(0)) entities.incrementAndGet();
            }
            area.set(canvas.getRenderingInfo().getPlotInfo().getDataArea());
            snapshot.set(canvas.snapshot(null, null));
        });
        assertThat(entities.get()).as("trials drawn one by one on the canvas").isZero();
        // The fastest trial, alone at the bottom of the chart, is in the image; beside it the plot is bare.
        int x = (int) Math.round(plot.getDomainAxis().valueToJava2D(15_000, area.get(), plot.getDomainAxisEdge()));
        int y = (int) Math.round(plot.getRangeAxis().valueToJava2D(1.0, area.get(), plot.getRangeAxisEdge()));
        var pixels = snapshot.get().getPixelReader();
        assertThat(pixels.getArgb(x, y)).as("the fastest trial's marker").isNotEqualTo(pixels.getArgb(x - 12, y));
    }

    /** A record of {@code median} µs whose kernel reports {@code gflops} as its metric {@code GFLOPs}. */
    private static TuningRecord withMetric(int number, double median, double gflops) {
        return record(number, median).toBuilder()
                .statistics(new TuningRecord.Statistics(median, median, median * 1.1, median, 0.0, 0.0, false, null, null, Map.of("GFLOPs", gflops))).build();
    }

    @Test
    void theBestSoFarFollowsTheProjectsObjectiveAsTheGridRanks(FxRobot robot) {
        var plot = (XYPlot) chart.chart().getPlot();
        var objective = new org.tuningworkbench.engine.project.Objective("GFLOPs", true);
        // Trial 2 is faster by the clock, trial 3 the best by the objective (most GFLOPs).
        robot.interact(() -> chart.addAll(List.of(withMetric(1, 5.0, 100), withMetric(2, 3.0, 90), withMetric(3, 4.0, 150)), new java.util.BitSet(), objective));
        var best = plot.getDataset(1);
        assertThat(best.getItemCount(0)).isEqualTo(2);
        assertThat(best.getXValue(0, 0)).isEqualTo(1.0);
        assertThat(best.getXValue(0, 1)).isEqualTo(3.0);
        assertThat(best.getYValue(0, 1)).isEqualTo(4.0);
    }

    @Test
    void theTrialsTakenOnThePriorsWordAreMarkedAndNamedInTheLegend(FxRobot robot) {
        var plot = (XYPlot) chart.chart().getPlot();
        robot.interact(() -> chart.addAll(List.of(record(1, 5.0), record(2, 4.0))));
        assertThat(plot.getDataset(2).getItemCount(0)).isZero();
        assertThat(legend(plot)).doesNotContain("from the priors' advice");
        var fromPriors = new java.util.BitSet();
        fromPriors.set(0);
        fromPriors.set(2);
        robot.interact(() -> chart.addAll(List.of(record(3, 3.0), record(4, 6.0), record(5, 2.0)), fromPriors));
        assertThat(plot.getDataset(2).getItemCount(0)).isEqualTo(2);
        assertThat(plot.getDataset(2).getXValue(0, 0)).isEqualTo(3.0);
        assertThat(plot.getDataset(2).getXValue(0, 1)).isEqualTo(5.0);
        assertThat(legend(plot)).contains("from the priors' advice");
        robot.interact(chart::clear);
        assertThat(plot.getDataset(2).getItemCount(0)).isZero();
        assertThat(legend(plot)).doesNotContain("from the priors' advice");
    }

    private static List<String> legend(XYPlot plot) {
        var out = new ArrayList<String>();
        var items = plot.getLegendItems();
        for (int i = 0; i < items.getItemCount(); i++) out.add(items.get(i).getLabel());
        return out;
    }
}
