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
}
