package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
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
}
