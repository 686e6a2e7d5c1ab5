package org.tuningworkbench.app.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.app.analysis.Records.ok;
import static org.tuningworkbench.app.analysis.Records.withWork;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.analysis.Ceilings;

class RooflineViewModelTest {

    @Test
    void withoutWorkThereIsNoRooflineAndItSaysWhy() {
        var results = Records.results(ok("TILE=8", 100));
        var model = new RooflineViewModel(results, Optional::empty);
        model.refresh();
        assertThat(model.roofline()).isNull();
        assertThat(model.why()).contains("flops and bytes");
    }

    @Test
    void aRecordedSpaceIsSaidToCarryNoWorkRatherThanAProjectToGiveNone() {
        var records = java.util.List.of(ok("TILE=8", 100), ok("TILE=16", 50));
        var space = new org.tuningworkbench.engine.recorded.RecordedSpace("gemm", "Test GPU", "Xgemm", "time",
                java.util.List.of(org.tuningworkbench.engine.space.Parameter.of("TILE", java.util.List.of("8", "16"))), records);
        var results = Records.results(records.toArray(org.tuningworkbench.engine.record.TuningRecord[]::new));
        results.projectProperty().set(org.tuningworkbench.engine.replay.RecordedProject.of(java.nio.file.Path.of("gemm.json.gz"), space,
                org.tuningworkbench.engine.project.SearchSettings.DEFAULT));
        var model = new RooflineViewModel(results, Optional::empty);
        model.refresh();
        assertThat(model.roofline()).isNull();
        assertThat(model.why()).isEqualTo("No config can be placed: a recorded space carries no work (FLOP and bytes of a call) to place its configs on a roofline.");
    }

    @Test
    void noResultsSaySo() {
        var model = new RooflineViewModel(new ResultsViewModel(), Optional::empty);
        model.refresh();
        assertThat(model.why()).startsWith("No results yet");
    }

    @Test
    void everyConfigWithItsWorkIsAPointTheBaselineItsOwnAndTheCeilingsAreTheMeasuredOnes() {
        var ceilings = new Ceilings("cpu", 250, 512, 20, "2026-11-22T00:00:00Z", "test");
        var results = Records.results(withWork(ok("TILE=8", 100), 50, 10), withWork(ok("TILE=16", 50), 100, 10), ok("TILE=32", 20));
        results.baselineProperty().set(withWork(ok("TILE=0", 40), 125, 5));
        var model = new RooflineViewModel(results, () -> Optional.of(ceilings));
        model.refresh();
        assertThat(model.why()).isEmpty();
        assertThat(model.roofline().configs()).extracting(p -> results.numberOf(p.record())).containsExactly(1, 2);
        assertThat(model.roofline().configs().get(1).intensity()).isEqualTo(10);
        assertThat(model.roofline().baseline()).hasValueSatisfying(b -> assertThat(b.intensity()).isEqualTo(25));
        assertThat(model.roofline().ceilings()).contains(ceilings);
    }
}
