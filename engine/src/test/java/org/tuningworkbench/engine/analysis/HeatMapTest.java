package org.tuningworkbench.engine.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.analysis.HeatMap.State;
import org.tuningworkbench.engine.analysis.HeatMap.Statistic;
import org.tuningworkbench.engine.record.Status;

class HeatMapTest {

    private final Results results = Results.of(List.of(
            Recs.ok("BM=16,BN=16,U=1", 30),
            Recs.ok("BM=16,BN=16,U=2", 10),
            Recs.ok("BM=16,BN=16,U=4", 50),
            Recs.failed("BM=16,BN=32,U=1", Status.WRONG_RESULT),
            Recs.ok("BM=32,BN=16,U=1", 20),
            Recs.failed("BM=32,BN=16,U=2", Status.CRASH)));

    @Test
    void aCellHoldsTheBestOrTheMedianOfItsConfigs() {
        HeatMap best = HeatMap.of(results, "BM", "BN", Statistic.BEST);
        assertEquals(List.of("16", "32"), best.rows().values());
        assertEquals(10, best.cells().get(0).get(0).latencyUs().orElseThrow());
        assertEquals(3, best.cells().get(0).get(0).measured());
        HeatMap median = HeatMap.of(results, "BM", "BN", Statistic.MEDIAN);
        assertEquals(30, median.cells().get(0).get(0).latencyUs().orElseThrow());
        assertEquals(10, best.fastest().orElseThrow());
        assertEquals(20, best.slowest().orElseThrow());
    }

    @Test
    void failedAndEmptyCellsAreMarked() {
        HeatMap map = HeatMap.of(results, "BM", "BN", Statistic.BEST);
        HeatMap.Cell failed = map.cells().get(0).get(1);
        assertEquals(State.FAILED, failed.state());
        assertTrue(failed.latencyUs().isEmpty());
        assertEquals(State.EMPTY, map.cells().get(1).get(1).state());
        HeatMap.Cell mixed = map.cells().get(1).get(0);
        assertEquals(State.MEASURED, mixed.state());
        assertEquals(1, mixed.failed());
    }

    @Test
    void aCategoricalParameterAndASingleValueMakeAMap() {
        Results r = Results.of(List.of(Recs.ok("ORDER=ikj,V=8", 4), Recs.ok("ORDER=ijk,V=8", 6)));
        HeatMap map = HeatMap.of(r, "ORDER", "V", Statistic.MEDIAN);
        assertEquals(2, map.cells().size());
        assertEquals(1, map.cells().getFirst().size());
        assertEquals("ikj", map.cells().getFirst().getFirst().rowValue());
    }

    @Test
    void anUnknownOrRepeatedParameterIsRefusedByName() {
        var unknown = assertThrows(IllegalArgumentException.class, () -> HeatMap.of(results, "BM", "BK", Statistic.BEST));
        assertTrue(unknown.getMessage().contains("`BK`"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> HeatMap.of(results, "BM", "BM", Statistic.BEST));
    }
}
