package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import java.awt.Color;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.GrayPaintScale;
import org.jfree.chart.title.PaintScaleLegend;
import org.junit.jupiter.api.Test;

class ChartStyleTest {

    @Test
    void aColourScaleReadsInEitherTheme() {
        var chart = new JFreeChart(new XYPlot());
        var scaleAxis = new NumberAxis("best latency (ms)");
        var scale = new PaintScaleLegend(new GrayPaintScale(), scaleAxis);
        chart.addSubtitle(scale);
        for (boolean dark : new boolean[] {true, false}) {
            ChartStyle.apply(chart, dark);
            assertThat(scale.getBackgroundPaint()).isEqualTo(ChartStyle.background(dark));
            assertThat(scaleAxis.getLabelPaint()).isEqualTo(ChartStyle.text(dark));
            assertThat(scaleAxis.getTickLabelPaint()).isEqualTo(ChartStyle.text(dark));
        }
    }

    @Test
    void aMarkersLabelReadsInEitherTheme() {
        var plot = new XYPlot();
        var chart = new JFreeChart(plot);
        var baseline = new ValueMarker(12.0, ChartStyle.BASELINE, new java.awt.BasicStroke(1f));
        baseline.setLabel("baseline: OpenBLAS 12 µs");
        plot.addRangeMarker(baseline);
        for (boolean dark : new boolean[] {true, false}) {
            ChartStyle.apply(chart, dark);
            assertThat(baseline.getLabelPaint()).isEqualTo(ChartStyle.text(dark));
            Color behind = baseline.getLabelBackgroundColor();
            assertThat(new Color(behind.getRed(), behind.getGreen(), behind.getBlue())).isEqualTo(ChartStyle.background(dark));
        }
    }
}
