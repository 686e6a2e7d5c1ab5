package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import javafx.event.Event;
import javafx.geometry.Point2D;
import javafx.geometry.VerticalDirection;
import javafx.scene.input.ScrollEvent;
import org.assertj.core.data.Offset;
import org.assertj.core.data.Percentage;
import org.jfree.chart.fx.ChartCanvas;
import org.jfree.chart.fx.ChartViewer;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** The wheel on the window's latency chart zooms around the pointer, by as much as it turned. */
class ChartWheelZoomTest extends WindowTest {

    @Test
    void theWheelOnTheLatencyChartKeepsTheValueUnderThePointerInPlace(FxRobot robot) throws Exception {
        var canvas = latencyChart(robot);
        var plot = canvas.getChart().getXYPlot();
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

    @Test
    void aTrackpadZoomsByAsMuchAsItMovedAndASidewaysSwipeNotAtAll(FxRobot robot) throws Exception {
        var canvas = latencyChart(robot);
        var axis = canvas.getChart().getXYPlot().getDomainAxis();
        var area = canvas.getRenderingInfo().getPlotInfo().getDataArea();
        double x = area.getCenterX();
        double y = area.getCenterY();
        double span = axis.getRange().getLength();
        // A trackpad sends a swipe as events of a few pixels (a notch is 40): the viewer's own zoom took each for a whole notch.
        robot.interact(() -> Event.fireEvent(canvas, scroll(canvas, x, y, 0, -4)));
        assertThat(axis.getRange().getLength()).as("a tenth of a notch inwards")
                .isCloseTo(span * Math.pow(1.1, -0.1), Percentage.withPercentage(0.5));
        double before = axis.getRange().getLength();
        robot.interact(() -> Event.fireEvent(canvas, scroll(canvas, x, y, 30, 0)));
        assertThat(axis.getRange().getLength()).as("a sideways swipe").isEqualTo(before);
    }

    /** A turn at ({@code x}, {@code y}) of {@code canvas}, 40 pixels a notch. */
    private static ScrollEvent scroll(ChartCanvas canvas, double x, double y, double deltaX, double deltaY) {
        Point2D scene = canvas.localToScene(x, y);
        Point2D screen = canvas.localToScreen(x, y);
        return new ScrollEvent(ScrollEvent.SCROLL, scene.getX(), scene.getY(), screen.getX(), screen.getY(), false, false, false, false, false, false, deltaX, deltaY, deltaX, deltaY,
                40, 40, ScrollEvent.HorizontalTextScrollUnits.NONE, 0, ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, null);
    }

    /**
     * The window's latency chart, drawn, over a recorded space of thousands of configs from half a millisecond to 50:
     * zoomed in, the latency axis's labels change width.
     */
    private ChartCanvas latencyChart(FxRobot robot) throws Exception {
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
        var canvas = robot.lookup("#latencyChart").queryAs(ChartViewer.class).getCanvas();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> canvas.getRenderingInfo() != null
                && canvas.getRenderingInfo().getPlotInfo().getDataArea().getWidth() > 0);
        return canvas;
    }
}
