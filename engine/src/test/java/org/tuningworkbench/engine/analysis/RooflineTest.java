package org.tuningworkbench.engine.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.fixtures.ConfigText;

class RooflineTest {

    private final Ceilings ceilings = new Ceilings("test CPU, 2 cores", 200, 512, 20, "2026-01-01T00:00:00Z", "test");

    @Test
    void eachSuccessSitsAtTheProjectsIntensityWithItsAchievedGflops() {
        // 2e6 FLOP and 1e6 bytes a call: 2 FLOP/byte; 100 µs is 20 GFLOP/s.
        var roofline = Roofline.of(List.of(Recs.ok("A=1", 100), Recs.failed("A=2", Status.CRASH), Recs.ok("A=3", 400)),
                Recs.ok("", 50).asBaseline("BLAS"), OptionalDouble.of(2e6), OptionalDouble.of(1e6), Optional.of(ceilings)).orElseThrow();
        assertEquals(2, roofline.configs().size());
        assertEquals(2, roofline.configs().getFirst().intensity(), 1e-12);
        assertEquals(20, roofline.configs().getFirst().gflops(), 1e-9);
        assertEquals(40, roofline.baseline().orElseThrow().gflops(), 1e-9);
        assertEquals(20, roofline.bestGflops().orElseThrow(), 1e-9);
        assertEquals(0.5, roofline.configs().getFirst().ofAttainable(ceilings), 1e-9);
    }

    @Test
    void theCeilingsMeetAtTheRidge() {
        assertEquals(10, ceilings.ridge());
        assertEquals(40, ceilings.attainable(2));
        assertEquals(200, ceilings.attainable(50));
    }

    @Test
    void withoutTheProjectsWorkARecordsGflopsAndGbpsGiveItsPlace() {
        var s = new TuningRecord.Statistics(10, 10, 10, 10, 0, 0, false, 8.0, 2.0);
        var r = TuningRecord.builder().config(ConfigText.parse("A=1")).statistics(s).build();
        var roofline = Roofline.of(List.of(r), null, OptionalDouble.empty(), OptionalDouble.empty(), Optional.empty()).orElseThrow();
        assertEquals(4, roofline.configs().getFirst().intensity());
        assertEquals(8, roofline.configs().getFirst().gflops());
        assertTrue(roofline.ceilings().isEmpty());
    }

    @Test
    void noWorkNoRoofline() {
        assertTrue(Roofline.of(List.of(Recs.ok("A=1", 5)), null, OptionalDouble.of(1e6), OptionalDouble.empty(), Optional.of(ceilings)).isEmpty());
    }
}
