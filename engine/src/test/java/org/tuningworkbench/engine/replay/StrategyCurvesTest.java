package org.tuningworkbench.engine.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.recorded.RecordedSpace;
import org.tuningworkbench.engine.search.Observation;
import org.tuningworkbench.engine.search.Prior;

class StrategyCurvesTest {

    @Test
    void eachStrategyGetsACurvePerEvaluationAndTheLearningOnesASecondWithPriors() throws Exception {
        RecordedSpace space = ReplayTest.synthetic();
        // Another device that measured the same configs twice as fast.
        var observations = new ArrayList<Observation>();
        for (TuningRecord r : space.records()) {
            observations.add(r.ok() ? Observation.ok(r.configValues(), r.medianUs() / 2) : Observation.failed(r.configValues()));
        }
        List<Prior> priors = List.of(new Prior("other.json", observations));
        var done = new ArrayList<Integer>();
        var curves = StrategyCurves.of(space, List.of("random", "model"), priors, 30, 4, done::add);
        assertThat(curves).extracting(StrategyCurves.Curve::label).containsExactly("random", "model", "model with priors");
        assertThat(done).hasSize(StrategyCurves.runs(List.of("random", "model"), priors, 4)).endsWith(12);
        for (var c : curves) {
            assertThat(c.median()).hasSize(30);
            for (int i = 1; i < 30; i++) assertThat(c.median()[i]).isGreaterThanOrEqualTo(c.median()[i - 1]);
            for (int i = 0; i < 30; i++) assertThat(c.p10()[i]).isLessThanOrEqualTo(c.median()[i]).isGreaterThanOrEqualTo(0);
            assertThat(c.p90()[29]).isLessThanOrEqualTo(1.0);
        }
        // The prior ranks the configs as this device does: its best is the first trial.
        assertThat(curves.get(2).median()[0]).isEqualTo(1.0);
        assertThat(curves.get(1).median()[0]).isLessThan(1.0);
    }

    @Test
    void aRunShorterThanTheBudgetKeepsItsLastFraction() {
        RecordedSpace space = ReplayTest.synthetic();
        var first = space.records().stream().filter(TuningRecord::ok).limit(2).toList();
        double[] curve = StrategyCurves.curve(space.optimum(), first, 4);
        assertThat(curve[3]).isEqualTo(curve[1]).isGreaterThan(0);
        assertThat(StrategyCurves.curve(space.optimum(), List.of(), 2)).containsExactly(0, 0);
    }
}
