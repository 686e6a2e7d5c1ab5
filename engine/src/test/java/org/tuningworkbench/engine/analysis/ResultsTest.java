package org.tuningworkbench.engine.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
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

    /** linear-relu's Order: one config sets it, the others keep the source's "ijk"; a parameter every config keeps is no axis. */
    @Test
    void aConfigKeepingTheSourcesValueIsPlacedAtThatValueInEveryAnalysis() {
        var kept = java.util.Map.of("ORDER", "ijk", "BM", "64", "UNUSED", "1");
        Results results = Results.of(List.of(Recs.ok("BM=16,ORDER=ikj", 10), Recs.ok("BM=32", 20), Recs.ok("BM=16", 30)), kept);
        assertEquals(List.of("ikj", "ijk"), results.parameter("ORDER").orElseThrow().values());
        assertEquals(List.of("BM", "ORDER"), results.parameters().stream().map(Parameter::name).toList());
        assertEquals("ijk", results.value(results.records().get(1), "ORDER"));
        assertEquals(java.util.Map.of("BM", "32", "ORDER", "ijk"), results.valuesOf(results.records().get(1)));

        HeatMap map = HeatMap.of(results, "ORDER", "BM", HeatMap.Statistic.BEST);
        assertEquals(2, map.rows().size());
        var effect = ParameterEffect.of(results, ParameterEffect.Others.FREE).stream().filter(e -> e.parameter().name().equals("ORDER")).findFirst().orElseThrow();
        assertEquals(List.of(1, 2), effect.values().stream().map(ParameterEffect.ValueEffect::count).toList());
        var lines = ParallelCoordinates.of(results).lines();
        assertEquals(0, lines.stream().filter(l -> java.util.Arrays.stream(l.positions()).anyMatch(Double::isNaN)).count());
    }

    /** {@code r} with its kernel's reported {@code GFLOPs} metric. */
    private static TuningRecord withGflopsMetric(TuningRecord r, double gflops) {
        var st = r.statistics();
        return r.toBuilder().statistics(new TuningRecord.Statistics(st.medianUs(), st.minUs(), st.maxUs(), st.meanUs(), st.stddevUs(), st.cv(),
                st.noisy(), null, null, java.util.Map.of("GFLOPs", gflops))).build();
    }

    @Test
    void theBestFollowsTheObjectiveAsTheGridAndTheCommandLineRank() {
        TuningRecord fast = withGflopsMetric(Recs.ok("A=1", 10), 50);
        TuningRecord slow = withGflopsMetric(Recs.ok("A=2", 20), 90);
        Results results = Results.of(List.of(fast, slow));
        assertEquals(fast, results.best().orElseThrow());
        Objective gflops = new Objective("GFLOPs", true);
        assertEquals(slow, results.best(gflops).orElseThrow());
    }
}
