package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import javafx.geometry.Point2D;
import javafx.geometry.VerticalDirection;
import org.assertj.core.data.Offset;
import org.assertj.core.data.Percentage;
import org.jfree.chart.fx.ChartViewer;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** The wheel on the window's latency chart zooms around the pointer: the config and the latency under it stay under it. */
class ChartWheelZoomTest extends WindowTest {

    @Test
    void theWheelOnTheLatencyChartKeepsTheValueUnderThePointerInPlace(FxRobot robot) throws Exception {
        // Thousands of configs from half a millisecond to 50: zoomed in, the latency axis's labels change width.
        int configs = 3000;
        var cache = new StringBuilder();
        for (int tile = 1; tile <= configs; tile++) {
            if (tile > 1) cache.append(", ");
            double spread = (tile * 37) % 100;
            cache.append("\"").append(tile).append("\": {\"TILE\": ").append(tile).append(", \"time\": ").append(0.5 + spread * spread / 200).append("}");
        }
        Path space = dir.resolve("space.json");
        Files.writeString(space, "{\"device_name\": \"Test GPU\", \"kernel_name\": \"test\", \"objective\": \"time\", \"tune_params_keys\": [\"TILE\"], "
                + "\"tune_params\": {\"TILE\": [" + String.join(", ", IntStream.rangeClosed(1, configs).mapToObj(Integer::toString).toList())
                + "]}, \"cache\": {" + cache + "}}");
        robot.interact(() -> assertThat(model.open(space)).isTrue());
        robot.interact(window::drainEvents);
        WaitForAsyncUtils.waitForFxEvents();
        var viewer = robot.lookup("#latencyChart").queryAs(ChartViewer.class);
        var canvas = viewer.getCanvas();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> canvas.getRenderingInfo() != null
                && canvas.getRenderingInfo().getPlotInfo().getDataArea().getWidth() > 0);
        var plot = viewer.getChart().getXYPlot();
        var area = canvas.getRenderingInfo().getPlotInfo().getDataArea();
        double x = area.getMinX() + area.getWidth() / 4;
        double y = area.getMinY() + area.getHeight() / 3;
        double config = plot.getDomainAxis().java2DToValue(x, area, plot.getDomainAxisEdge());
        double latency = plot.getRangeAxis().java2DToValue(y, area, plot.getRangeAxisEdge());
        double span = plot.getDomainAxis().getRange().getLength();
        Point2D onScreen = canvas.localToScreen(x, y);
        robot.moveTo(onScreen);
        robot.scroll(2, VerticalDirection.UP);
        WaitForAsyncUtils.waitForFxEvents();
        var zoomed = canvas.getRenderingInfo().getPlotInfo().getDataArea();
        assertThat(plot.getDomainAxis().getRange().getLength()).as("zoomed in").isLessThan(span);
        // Within a pixel: a pixel's width holds a few configs.
        double pixel = plot.getDomainAxis().getRange().getLength() / zoomed.getWidth();
        assertThat(plot.getDomainAxis().java2DToValue(x, zoomed, plot.getDomainAxisEdge())).as("the config under the pointer")
                .isCloseTo(config, Offset.offset(pixel));
        assertThat(plot.getRangeAxis().java2DToValue(y, zoomed, plot.getRangeAxisEdge())).as("the latency under the pointer")
                .isCloseTo(latency, Percentage.withPercentage(2));
    }
}
