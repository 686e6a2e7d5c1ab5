package org.tuningworkbench.engine.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.analysis.ParameterEffect.Others;
import org.tuningworkbench.engine.record.Status;

class ParameterEffectTest {

    // A: 1 is fast, 2 is slow; ORDER matters little; one config of A=2 crashes.
    private final Results results = Results.of(List.of(
            Recs.ok("A=1,ORDER=ijk", 10),
            Recs.ok("A=1,ORDER=ikj", 12),
            Recs.ok("A=2,ORDER=ijk", 40),
            Recs.failed("A=2,ORDER=ikj", Status.CRASH),
            Recs.ok("A=4,ORDER=ikj", 30)));

    @Test
    void eachValueHasTheSpreadOfItsConfigsAndItsFailures() {
        ParameterEffect a = ParameterEffect.of(results, Others.FREE).getFirst();
        assertEquals("A", a.parameter().name());
        assertEquals(List.of("1", "2", "4"), a.values().stream().map(ParameterEffect.ValueEffect::value).toList());
        var one = a.values().get(0);
        assertEquals(2, one.latency().orElseThrow().count());
        assertEquals(10, one.latency().orElseThrow().min());
        assertEquals(11, one.latency().orElseThrow().median());
        assertEquals(12, one.latency().orElseThrow().max());
        assertEquals(0, one.failed());
        var two = a.values().get(1);
        assertEquals(1, two.latency().orElseThrow().count());
        assertEquals(1, two.failed());
        assertEquals(2, two.count());
        assertEquals("1", a.fastestValue().orElseThrow().value());
        assertEquals(40 / 11.0, a.influence(), 1e-12);
    }

    @Test
    void atTheBestOnlyConfigsDifferingFromItInThatParameterCount() {
        List<ParameterEffect> effects = ParameterEffect.of(results, Others.AT_BEST);
        ParameterEffect a = effects.get(0);
        // The best is A=1,ORDER=ijk: along A only ORDER=ijk configs count.
        assertEquals(10, a.values().get(0).latency().orElseThrow().median());
        assertEquals(40, a.values().get(1).latency().orElseThrow().median());
        assertEquals(0, a.values().get(1).failed());
        assertTrue(a.values().get(2).latency().isEmpty(), "A=4 is only measured with ORDER=ikj");
        ParameterEffect order = effects.get(1);
        assertEquals(12, order.values().get(1).latency().orElseThrow().median());
        assertEquals(1, order.values().get(1).count());
        assertEquals(Others.AT_BEST, order.others());
    }

    @Test
    void theMostInfluentialParameterComesFirst() {
        var ranked = ParameterEffect.byInfluence(ParameterEffect.of(results, Others.FREE));
        assertEquals(List.of("A", "ORDER"), ranked.stream().map(e -> e.parameter().name()).toList());
    }

    @Test
    void aParameterWithOneValueHasNoInfluenceToMeasure() {
        var effect = ParameterEffect.of(Results.of(List.of(Recs.ok("A=1", 3), Recs.ok("A=1,B=2", 4))), Others.FREE).getFirst();
        assertEquals(1, effect.values().size());
        assertTrue(Double.isNaN(effect.influence()));
    }

    @Test
    void whenNothingSucceededTheEffectAroundTheBestIsEmptyAndTheFreeOneCountsFailures() {
        Results failed = Results.of(List.of(Recs.failed("A=1", Status.COMPILE_ERROR), Recs.failed("A=2", Status.TIMEOUT)));
        assertTrue(ParameterEffect.of(failed, Others.AT_BEST).getFirst().values().stream().allMatch(v -> v.count() == 0));
        var free = ParameterEffect.of(failed, Others.FREE).getFirst();
        assertEquals(1, free.values().get(0).failed());
        assertTrue(free.values().get(0).latency().isEmpty());
    }

    @Test
    void twentyThousandConfigsAreGroupedInOnePass() {
        var records = new java.util.ArrayList<org.tuningworkbench.engine.record.TuningRecord>();
        for (int i = 0; i < 20_000; i++) {
            records.add(Recs.ok("A=" + i % 20 + ",B=" + i / 20 % 10 + ",C=" + i / 200 % 10 + ",D=" + i / 2000, 1 + i % 97));
        }
        Results many = Results.of(records);
        var effects = ParameterEffect.of(many, Others.FREE);
        assertEquals(1000, effects.getFirst().values().getFirst().latency().orElseThrow().count());
        var atBest = ParameterEffect.of(many, Others.AT_BEST);
        assertEquals(20, atBest.getFirst().values().size());
        assertEquals(20, atBest.getFirst().values().stream().mapToInt(ParameterEffect.ValueEffect::count).sum());
    }
}
