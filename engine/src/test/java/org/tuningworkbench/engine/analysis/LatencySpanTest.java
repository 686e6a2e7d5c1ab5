package org.tuningworkbench.engine.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.record.Status;

class LatencySpanTest {

    @Test
    void moreThanTenTimesWantsALogScale() {
        var span = LatencySpan.of(List.of(Recs.ok("A=1", 2), Recs.ok("A=2", 25), Recs.failed("A=3", Status.CRASH))).orElseThrow();
        assertEquals(12.5, span.ratio());
        assertTrue(span.wantsLogScale());
    }

    @Test
    void exactlyTenTimesOrLessStaysLinear() {
        assertFalse(LatencySpan.of(List.of(Recs.ok("A=1", 3), Recs.ok("A=2", 30))).orElseThrow().wantsLogScale());
        assertFalse(LatencySpan.of(List.of(Recs.ok("A=1", 3))).orElseThrow().wantsLogScale());
    }

    @Test
    void noSuccessNoSpan() {
        assertTrue(LatencySpan.of(List.of(Recs.failed("A=1", Status.COMPILE_ERROR))).isEmpty());
        assertTrue(LatencySpan.of(List.of()).isEmpty());
    }
}
