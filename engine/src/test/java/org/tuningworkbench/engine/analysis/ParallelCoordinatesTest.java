package org.tuningworkbench.engine.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.analysis.ParallelCoordinates.Scale;
import org.tuningworkbench.engine.record.Status;

class ParallelCoordinatesTest {

    @Test
    void powersOfTwoSitOnALogAxisCategoriesEvenlyAndSmallRangesLinearly() {
        Results results = Results.of(List.of(
                Recs.ok("BM=16,ORDER=ijk,U=1", 10),
                Recs.ok("BM=64,ORDER=ikj,U=2", 20),
                Recs.ok("BM=128,ORDER=kij,U=3", 40)));
        ParallelCoordinates pc = ParallelCoordinates.of(results);
        var bm = pc.axes().get(0);
        assertEquals(Scale.LOG, bm.scale());
        assertEquals(0, bm.positions().get(0), 1e-12);
        assertEquals(2 / 3.0, bm.positions().get(1), 1e-12);
        assertEquals(1, bm.positions().get(2), 1e-12);
        var order = pc.axes().get(1);
        assertEquals(Scale.CATEGORY, order.scale());
        assertEquals(List.of(0.0, 0.5, 1.0), order.positions());
        var u = pc.axes().get(2);
        assertEquals(Scale.LINEAR, u.scale());
        assertEquals(List.of(0.0, 0.5, 1.0), u.positions());
    }

    @Test
    void eachConfigIsALineToItsLatencyAndFailedOnesHaveNone() {
        Results results = Results.of(List.of(Recs.ok("A=1", 10), Recs.ok("A=2", 20), Recs.failed("A=3", Status.TIMEOUT), Recs.ok("B=5", 15)));
        ParallelCoordinates pc = ParallelCoordinates.of(results);
        assertFalse(pc.latency().log());
        assertEquals(4, pc.lines().size());
        assertEquals(0, pc.lines().get(0).latency());
        assertEquals(1, pc.lines().get(1).latency());
        assertTrue(pc.lines().get(2).failed());
        assertTrue(Double.isNaN(pc.lines().get(3).positions()[0]), "a config that does not set A has no place on A's axis");
        assertEquals(0.5, pc.lines().get(3).positions()[1]);
    }

    @Test
    void latenciesSpanningMoreThanTenTimesSitOnALogAxis() {
        ParallelCoordinates pc = ParallelCoordinates.of(Results.of(List.of(Recs.ok("A=1", 1), Recs.ok("A=2", 10), Recs.ok("A=3", 100))));
        assertTrue(pc.latency().log());
        assertEquals(0.5, pc.lines().get(1).latency(), 1e-12);
    }
}
