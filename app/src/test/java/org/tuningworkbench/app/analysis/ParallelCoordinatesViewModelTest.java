package org.tuningworkbench.app.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tuningworkbench.app.analysis.Records.failed;
import static org.tuningworkbench.app.analysis.Records.ok;

import org.junit.jupiter.api.Test;

/** Brushing: ranges on axes keep the configs whose lines pass through all of them, and the grid shows only those. */
class ParallelCoordinatesViewModelTest {

    private final ResultsViewModel results = Records.results(
            ok("TILE=8,UNROLL=1", 100), ok("TILE=16,UNROLL=1", 50), ok("TILE=32,UNROLL=2", 10), ok("TILE=64,UNROLL=2", 20),
            failed("TILE=64,UNROLL=1"));
    private final ParallelCoordinatesViewModel model = new ParallelCoordinatesViewModel(results);

    @Test
    void aBrushOnAParameterAxisKeepsTheConfigsInItsRange() {
        model.refresh();
        assertThat(results.brushedProperty().get()).isNull();
        // TILE is on a log axis (8…64): 16 and 32 sit at 1/3 and 2/3.
        model.brush(0, new ParallelCoordinatesViewModel.Brush(0.9, 0.2));
        assertThat(results.brushedProperty().get()).containsExactlyInAnyOrder(2, 3);
    }

    @Test
    void brushesOnSeveralAxesKeepOnlyWhatPassesThemAllAndAFailedConfigIsNotOnTheLatencyAxis() {
        model.refresh();
        model.brush(1, new ParallelCoordinatesViewModel.Brush(0.5, 1));
        assertThat(results.brushedProperty().get()).containsExactlyInAnyOrder(3, 4);
        model.brush(model.latencyAxis(), new ParallelCoordinatesViewModel.Brush(0, 0.05));
        assertThat(results.brushedProperty().get()).containsExactly(3);
        model.brush(1, new ParallelCoordinatesViewModel.Brush(0, 0.5));
        assertThat(results.brushedProperty().get()).isEmpty();
    }

    @Test
    void clearingTheBrushesOrTheResultsShowsEveryConfigAgain() {
        model.refresh();
        model.brush(0, new ParallelCoordinatesViewModel.Brush(0, 0.1));
        model.clearBrushes();
        assertThat(results.brushedProperty().get()).isNull();
        model.brush(0, new ParallelCoordinatesViewModel.Brush(0, 0.1));
        results.clear();
        model.refresh();
        assertThat(results.brushedProperty().get()).isNull();
        assertThat(model.brushes()).isEmpty();
    }

    @Test
    void anAxisThatIsNotThereIsRefused() {
        model.refresh();
        assertThatThrownBy(() -> model.brush(3, new ParallelCoordinatesViewModel.Brush(0, 1)))
                .hasMessageContaining("no axis 3 (there are 3)");
    }
}
