package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.jfree.data.Range;
import org.jfree.data.general.DatasetUtils;
import org.jfree.data.xy.XYSeries;
import org.junit.jupiter.api.Test;

class KnownBoundsTest {

    private static final Range EVERYWHERE = new Range(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);

    @Test
    void barsKnowTheBoundsAPassOverTheirItemsWouldFindAndMakeThatPassOnlyForPartOfTheConfigs() {
        var bars = new KnownBounds.Bars("median");
        List<String> keys = List.of("median");
        assertThat(bars.getDomainBounds(keys, true)).isNull();
        assertThat(bars.getRangeBounds(keys, EVERYWHERE, true)).isNull();
        for (int n = 1; n <= 20_000; n++) bars.series().append(n, 10 + n % 97, 9 + n % 97 - n % 5, 11 + n % 97 + n % 7);
        bars.series().append(20_001, 5000, 4000, 6000);
        for (boolean interval : new boolean[] {true, false}) {
            assertThat(bars.getDomainBounds(keys, interval)).isEqualTo(DatasetUtils.iterateToFindDomainBounds(bars, keys, interval));
            assertThat(bars.getRangeBounds(keys, EVERYWHERE, interval)).isEqualTo(DatasetUtils.iterateToFindRangeBounds(bars, keys, EVERYWHERE, interval));
            assertThat(bars.getRangeBounds(interval)).isEqualTo(DatasetUtils.iterateToFindRangeBounds(bars, keys, EVERYWHERE, interval));
        }
        // Zoomed in to configs 100–200: their latencies only, not No.20001's.
        var zoomed = new Range(100, 200);
        assertThat(bars.getRangeBounds(keys, zoomed, true)).isEqualTo(DatasetUtils.iterateToFindRangeBounds(bars, keys, zoomed, true))
                .satisfies(r -> assertThat(r.getUpperBound()).isLessThan(200));
        assertThat(bars.getDomainBounds(List.of(), true)).isNull();
        bars.series().clear();
        assertThat(bars.getDomainBounds(true)).isNull();
        assertThat(bars.getRangeBounds(keys, EVERYWHERE, true)).isNull();
    }

    @Test
    void pointsKnowTheBoundsAPassOverTheirItemsWouldFind() {
        var trials = new XYSeries("trials", false, true);
        var points = new KnownBounds.Points(trials);
        List<String> keys = List.of("trials");
        for (int n = 1; n <= 20_000; n++) trials.add(n, 10.0 + (n * 7919) % 113 / 10.0, false);
        assertThat(points.getDomainBounds(keys, false)).isEqualTo(DatasetUtils.iterateToFindDomainBounds(points, keys, false));
        assertThat(points.getRangeBounds(keys, EVERYWHERE, false)).isEqualTo(DatasetUtils.iterateToFindRangeBounds(points, keys, EVERYWHERE, false));
        var zoomed = new Range(10, 12);
        assertThat(points.getRangeBounds(keys, zoomed, false)).isEqualTo(DatasetUtils.iterateToFindRangeBounds(points, keys, zoomed, false));
    }

    @Test
    void barsKeepEachItemsNumberMedianAndExtremesInArraysAsTheItemsHaveThem() {
        var bars = new KnownBounds.Bars("median");
        var series = bars.series();
        for (int n = 1; n <= 1000; n++) series.append(n * 3, 10 + n % 97, 9 + n % 97 - n % 5, 11 + n % 97 + n % 7);
        for (int item = 0; item < series.getItemCount(); item++) {
            assertThat(series.numbers()[item]).isEqualTo(series.getX(item).doubleValue());
            assertThat(series.medians()[item]).isEqualTo(series.getYValue(item));
            assertThat(series.mins()[item]).isEqualTo(series.getYLowValue(item));
            assertThat(series.maxes()[item]).isEqualTo(series.getYHighValue(item));
        }
        series.clear();
        series.append(7, 1, 0.5, 2);
        assertThat(series.numbers()[0]).isEqualTo(7);
        assertThat(series.maxes()[0]).isEqualTo(2);
    }

    @Test
    void fixedPointsKnowTheirBoundsAndThoseOfPartOfThem() {
        var points = new FixedPoints("configs");
        List<String> keys = List.of("configs");
        assertThat(points.getRangeBounds(keys, EVERYWHERE, false)).isNull();
        double[] x = {0.1, 1.2, 0.9, 2.1};
        double[] y = {5, 50, 7, 500};
        points.set(x, y);
        assertThat(points.getDomainBounds(false)).isEqualTo(new Range(0.1, 2.1));
        assertThat(points.getRangeBounds(keys, EVERYWHERE, false)).isEqualTo(new Range(5, 500));
        assertThat(points.getRangeBounds(keys, new Range(0, 1), false)).isEqualTo(new Range(5, 7));
        assertThat(points.getYValue(0, 3)).isEqualTo(500);
    }

    @Test
    void pointsThatOnlyGrowKeepTheirValuesInArraysAndADrawingCopiesThem() {
        var trials = new KnownBounds.Points.Series("trials");
        var points = new KnownBounds.Points(trials);
        for (int n = 1; n <= 1000; n++) trials.add(n, 10.0 + n % 13, false);
        var scatter = Scatter.of(new org.jfree.chart.plot.XYPlot(points, new org.jfree.chart.axis.NumberAxis(), new org.jfree.chart.axis.NumberAxis(), null),
                points, 0, new java.awt.geom.Rectangle2D.Double(0, 0, 100, 100), "look");
        assertThat(scatter.size()).isEqualTo(1000);
        for (int item = 0; item < 1000; item++) {
            assertThat(scatter.x()[item]).isEqualTo(trials.getX(item).doubleValue());
            assertThat(scatter.y()[item]).isEqualTo(trials.getY(item).doubleValue());
        }
        trials.add(1001, 99.0, false);
        assertThat(scatter.size()).as("a drawing's copy stays as it was").isEqualTo(1000);
        trials.clear();
        trials.add(5, 6.0, false);
        assertThat(trials.xValues()).containsExactly(5.0);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> trials.remove(0)).isInstanceOf(UnsupportedOperationException.class);
    }
}
