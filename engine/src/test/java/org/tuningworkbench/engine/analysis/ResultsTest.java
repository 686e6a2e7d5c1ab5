package org.tuningworkbench.engine.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.space.Parameter;

class ResultsTest {

    @Test
    void numbersAreSortedByValueAndCategoriesKeepTheirFirstSeenOrder() {
        Results results = Results.of(List.of(
                Recs.ok("BM=128,ORDER=ikj,ALPHA=1.5", 10),
                Recs.ok("BM=16,ORDER=ijk,ALPHA=0.25", 20),
                Recs.failed("BM=32,ORDER=kij,ALPHA=1e1", Status.CRASH)));
        Parameter bm = results.parameter("BM").orElseThrow();
        assertEquals(Parameter.Kind.INTEGER, bm.kind());
        assertEquals(List.of("16", "32", "128"), bm.values());
        Parameter order = results.parameter("ORDER").orElseThrow();
        assertEquals(Parameter.Kind.CATEGORICAL, order.kind());
        assertEquals(List.of("ikj", "ijk", "kij"), order.values());
        Parameter alpha = results.parameter("ALPHA").orElseThrow();
        assertEquals(Parameter.Kind.REAL, alpha.kind());
        assertEquals(List.of("0.25", "1.5", "1e1"), alpha.values());
    }

    @Test
    void declaredParametersKeepTheirCategoriesOrderAndGainValuesOnlyTheRecordsHold() {
        var declared = List.of(new Parameter("ORDER", Parameter.Kind.CATEGORICAL, List.of("kij", "ijk")),
                new Parameter("BM", Parameter.Kind.INTEGER, List.of("64", "16")));
        Results results = Results.of(declared, List.of(Recs.ok("ORDER=ikj,BM=32", 1)));
        assertEquals(List.of("kij", "ijk", "ikj"), results.parameter("ORDER").orElseThrow().values());
        assertEquals(List.of("16", "32", "64"), results.parameter("BM").orElseThrow().values());
    }

    @Test
    void theBestIsTheFastestSuccess() {
        Results results = Results.of(List.of(Recs.ok("A=1", 5), Recs.failed("A=2", Status.TIMEOUT), Recs.ok("A=3", 2)));
        assertEquals("3", results.best().orElseThrow().config().get("A"));
    }
}
