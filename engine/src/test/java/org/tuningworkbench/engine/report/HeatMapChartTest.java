package org.tuningworkbench.engine.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A heat map's cells hold plain figures in one unit, which its legend names. */
class HeatMapChartTest {

    @Test
    void theCellsFiguresShareTheUnitOfTheSlowestCell() {
        // conv2d-relu: cells from 10.3 ms to 159 ms.
        var ms = HeatMapChart.CellUnit.of(159_333);
        assertThat(ms.name()).isEqualTo("ms");
        assertThat(ms.figure(13_700)).isEqualTo("13.7");
        assertThat(ms.figure(159_333)).isEqualTo("159");
        assertThat(ms.figure(520)).isEqualTo("0.52");
        assertThat(ms.figure(9_996)).as("rounded up to 10, in the next width").isEqualTo("10.0");

        assertThat(HeatMapChart.CellUnit.of(850).name()).isEqualTo("µs");
        assertThat(HeatMapChart.CellUnit.of(850).figure(5.658)).isEqualTo("5.66");
        assertThat(HeatMapChart.CellUnit.of(2.5e6).name()).isEqualTo("s");
        assertThat(HeatMapChart.CellUnit.of(2.5e6).figure(2.5e6)).isEqualTo("2.50");
    }
}
