package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.tuningworkbench.tiers.SystemTest;

/** Only the shown tab's view is in the scene: a hidden chart is neither styled, laid out nor drawn. */
@ExtendWith(ApplicationExtension.class)
@SystemTest
class ChartsViewTest {

    private final Label latency = new Label("latency view");
    private final Label trials = new Label("trials view");
    private final java.util.List<Boolean> trialsToldShown = new java.util.ArrayList<>();
    private final Label heatMap = new Label("heat map view");
    private final java.util.List<Boolean> heatMapToldShown = new java.util.ArrayList<>();
    private int heatMapBuilt;
    private ChartsView charts;

    @Start
    void start(Stage stage) {
        charts = new ChartsView(extension -> {});
        charts.add(new ChartsView.ChartTab("Latency per config", "latency", new JFreeChart(new XYPlot()), latency));
        charts.add(new ChartsView.ChartTab("Trials over time", "trials", new JFreeChart(new XYPlot()), trials, trialsToldShown::add));
        charts.add(new ChartsView.ChartTab("Heat map", "heatmap", () -> {
            heatMapBuilt++;
            return new ChartsView.View(new JFreeChart(new XYPlot()), heatMap, heatMapToldShown::add);
        }));
        stage.setScene(new Scene((javafx.scene.Parent) charts.root(), 600, 400));
        stage.show();
    }

    @Test
    void aViewJoinsTheSceneWhenItsTabIsShownAndLeavesItWhenAnotherIs(FxRobot robot) {
        assertThat(latency.getScene()).isNotNull();
        assertThat(trials.getScene()).isNull();
        assertThat(trialsToldShown).containsExactly(false);

        robot.interact(() -> assertThat(charts.show("trials")).isTrue());
        assertThat(trialsToldShown).containsExactly(false, true);
        assertThat(trials.getScene()).isNotNull();
        assertThat(latency.getScene()).isNull();
        assertThat(charts.shown().fileStem()).isEqualTo("trials");

        robot.clickOn("Latency per config");
        assertThat(latency.getScene()).isNotNull();
        assertThat(trials.getScene()).isNull();
        assertThat(charts.shown().fileStem()).isEqualTo("latency");
        assertThat(trialsToldShown).containsExactly(false, true, false);
    }

    @Test
    void aViewBuiltOnDemandIsBuiltOnceWhenItsTabIsFirstShownAndToldNothingBefore(FxRobot robot) {
        assertThat(heatMapBuilt).isZero();
        assertThat(heatMapToldShown).isEmpty();
        robot.interact(() -> assertThat(charts.show("trials")).isTrue());
        assertThat(heatMapBuilt).isZero();

        robot.clickOn("Heat map");
        assertThat(heatMapBuilt).isEqualTo(1);
        assertThat(heatMap.getScene()).isNotNull();
        assertThat(heatMapToldShown).containsExactly(true);
        assertThat(charts.shown().chart()).isNotNull();

        robot.clickOn("Latency per config");
        robot.clickOn("Heat map");
        assertThat(heatMapBuilt).isEqualTo(1);
        assertThat(heatMapToldShown).containsExactly(true, false, true);
    }
}
