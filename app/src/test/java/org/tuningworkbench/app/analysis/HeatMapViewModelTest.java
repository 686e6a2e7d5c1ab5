package org.tuningworkbench.app.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.app.analysis.Records.failed;
import static org.tuningworkbench.app.analysis.Records.ok;

import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.analysis.HeatMap;

class HeatMapViewModelTest {

    private final ResultsViewModel results = Records.results(
            ok("TILE=8,UNROLL=1,VEC=a", 100), ok("TILE=8,UNROLL=1,VEC=b", 80), ok("TILE=32,UNROLL=2,VEC=a", 10), failed("TILE=32,UNROLL=1,VEC=a"));
    private final HeatMapViewModel model = new HeatMapViewModel(results);

    @Test
    void startsWithTheFirstTwoParametersAndMarksFailedCells() {
        model.refresh();
        assertThat(model.rowsProperty().get()).isEqualTo("TILE");
        assertThat(model.columnsProperty().get()).isEqualTo("UNROLL");
        assertThat(model.map().cells().get(1).get(0).state()).isEqualTo(HeatMap.State.FAILED);
        assertThat(model.map().cells().get(0).get(1).state()).isEqualTo(HeatMap.State.EMPTY);
        assertThat(model.map().cells().get(0).get(0).latencyUs()).hasValue(80);
    }

    @Test
    void aClickedCellSelectsItsFastestConfigAndASelectedConfigIsFoundInItsCell() {
        model.refresh();
        assertThat(model.configIn(0, 0)).isEqualTo(2);
        assertThat(model.configIn(1, 0)).isEqualTo(4);
        assertThat(model.configIn(0, 1)).isEqualTo(-1);
        assertThat(model.cellOf(3)).containsExactly(1, 1);
    }

    @Test
    void theSameParameterTwiceHasNoMap() {
        model.refresh();
        model.columnsProperty().set("TILE");
        model.refresh();
        assertThat(model.map()).isNull();
    }

    /** No.3 does not set VEC: it keeps the source's "b", in that column, and selecting it finds its cell (it threw a NullPointerException). */
    @Test
    void aConfigKeepingTheSourcesValueIsInThatValuesCell() {
        var kept = Records.results(ok("TILE=8,VEC=a", 100), ok("TILE=32,VEC=a", 10), ok("TILE=8", 50));
        kept.keptProperty().set(java.util.Map.of("TILE", "8", "VEC", "b"));
        var heat = new HeatMapViewModel(kept);
        heat.refresh();
        assertThat(heat.map().columns().values()).containsExactly("a", "b");
        assertThat(heat.cellOf(3)).containsExactly(0, 1);
        assertThat(heat.configIn(0, 1)).isEqualTo(3);

        // Without the source, No.3 is on no cell, and selecting it says so rather than throwing.
        var unknown = Records.results(ok("TILE=8,VEC=a", 100), ok("TILE=32,VEC=b", 10), ok("TILE=8", 50));
        var without = new HeatMapViewModel(unknown);
        without.refresh();
        assertThat(without.cellOf(3)).isNull();
    }
}
