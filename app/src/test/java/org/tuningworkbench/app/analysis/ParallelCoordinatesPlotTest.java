package org.tuningworkbench.app.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The figures beside an axis's ticks never run into each other, on a log-spaced axis too. */
class ParallelCoordinatesPlotTest {

    @Test
    void theCrowdedEndOfALogAxisIsThinnedAndItsSparseEndKeepsEveryFigure() {
        // 32, 40, …, 256 on a log axis 270 pixels long: the top ticks sit 4 pixels apart, the bottom ones 26.
        var positions = new ArrayList<Double>();
        for (int v = 32; v <= 256; v += 8) positions.add(Math.log(v / 32.0) / Math.log(256 / 32.0));
        double height = 270;
        List<Integer> shown = ParallelCoordinatesPlot.labelled(positions, height, ParallelCoordinatesPlot.TICK_GAP);
        for (int i = 1; i < shown.size(); i++) {
            assertThat((positions.get(shown.get(i)) - positions.get(shown.get(i - 1))) * height)
                    .as("pixels between ticks %d and %d", shown.get(i - 1), shown.get(i)).isGreaterThanOrEqualTo(ParallelCoordinatesPlot.TICK_GAP);
        }
        assertThat(shown).startsWith(0, 1, 2, 3).endsWith(positions.size() - 1);
    }

    @Test
    void evenlySpacedTicksWithRoomAreAllLabelled() {
        List<Double> positions = List.of(0.0, 0.25, 0.5, 0.75, 1.0);
        assertThat(ParallelCoordinatesPlot.labelled(positions, 300, ParallelCoordinatesPlot.TICK_GAP)).containsExactly(0, 1, 2, 3, 4);
        assertThat(ParallelCoordinatesPlot.labelled(List.of(0.0, 1.0), 10, ParallelCoordinatesPlot.TICK_GAP)).containsExactly(0, 1);
    }
}
