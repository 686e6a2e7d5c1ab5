package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** A drawing shows per pixel column its tallest bar with the column's whisker, the tallest marked bar and the bars always drawn. */
class DrawnColumnsTest {

    private static BitSet of(int... items) {
        var set = new BitSet();
        for (int i : items) set.set(i);
        return set;
    }

    @Test
    void eachColumnDrawsItsTallestBarWithTheWhiskerOfAllItsItemsAndTheTallestMarkedAndTheAlwaysDrawnOnTop() {
        // Items 0-2 in column 10, 3-4 in column 11, 5 outside the area (10 to 20); arrays longer than the items, as kept.
        double[] x = {10.1, 10.5, 10.9, 11.2, 11.7, 40, 0};
        double[] height = {5, 9, 7, 3, 4, 100, 0};
        double[] low = {4, 8, 1, 2, 3, 0, 0};
        double[] high = {6, 10, 8, 30, 5, 200, 0};
        var drawn = DrawnColumns.pick(6, 10, 10, x, height, low, high, of(0, 2), of(3, 5));

        assertThat(drawn.tallest(1)).isTrue();
        assertThat(drawn.tallest(4)).isTrue();
        assertThat(drawn.tallest(0) || drawn.tallest(2) || drawn.tallest(3) || drawn.tallest(5)).isFalse();
        // Of the marked 0 and 2, the taller 2; the always drawn 3; not 5, outside the area.
        assertThat(drawn.drawnItems()).isEqualTo(of(1, 2, 3, 4));
        assertThat(drawn.emphasised(2)).isTrue();
        assertThat(drawn.emphasised(3)).isTrue();
        assertThat(drawn.lowest(1)).isEqualTo(1);
        assertThat(drawn.highest(1)).isEqualTo(10);
        assertThat(drawn.highest(4)).isEqualTo(30);
    }
}
