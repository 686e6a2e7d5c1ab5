package org.tuningworkbench.engine.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.analysis.HeatMap;
import org.tuningworkbench.engine.space.Parameter;

/** A heat map's cells hold plain figures in one unit, which its legend names. */
class HeatMapChartTest {

    private static HeatMap.Cell cell(String row, String column, double us) {
        return new HeatMap.Cell(row, column, OptionalDouble.of(us), 1, 0);
    }

    @Test
    void theCellsFiguresShareTheUnitOfTheSlowestCell() {
        // conv2d-relu: cells from 0.52 ms to 159 ms.
        var map = new HeatMap(Parameter.of("TILE", List.of("8", "16")), Parameter.of("UNROLL", List.of("1", "2")), HeatMap.Statistic.MEDIAN,
                List.of(List.of(cell("8", "1", 13_700), cell("8", "2", 159_333)), List.of(cell("16", "1", 520), cell("16", "2", 9_996))));
        String svg = HeatMapChart.svg(map);
        assertThat(svg).contains(">13.7<", ">159<", ">0.52<", ">10.0<").contains("in ms;");
    }
}
