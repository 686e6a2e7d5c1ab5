package org.tuningworkbench.engine.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.Fingerprint;
import org.tuningworkbench.engine.exec.Executor;
import org.tuningworkbench.engine.recorded.Fixtures;
import org.tuningworkbench.engine.recorded.KernelTunerCache;
import org.tuningworkbench.engine.recorded.RecordedSpace;
import org.tuningworkbench.engine.recorded.RecordedSpaces;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.space.Parameter;

class ReplayTest {

    /** 20 x 20 configs, every tenth failed; the time grows with the distance from (7, 13). */
    static RecordedSpace synthetic() {
        var a = new ArrayList<Long>();
        for (long i = 0; i < 20; i++) a.add(i * 4);
        var records = new ArrayList<TuningRecord>();
        for (int i = 0; i < 20; i++) {
            for (int j = 0; j < 20; j++) {
                var config = new LinkedHashMap<String, String>();
                config.put("a", Long.toString(i * 4L));
                config.put("b", Integer.toString(j));
                double us = 100 + Math.abs(i - 7) * 10 + Math.abs(j - 13) * 3;
                records.add((i * 20 + j) % 10 == 9 ? RecordedSpace.failed(config, Status.CRASH, "RuntimeFailedConfig")
                        : RecordedSpace.measured(config, List.of(us, us + 1, us - 1)));
            }
        }
        var b = new ArrayList<Long>();
        for (long j = 0; j < 20; j++) b.add(j);
        return new RecordedSpace("synthetic", "Test GPU", "bowl", "time", List.of(Parameter.of("a", a), Parameter.of("b", b)), records);
    }

    @Test
    void theExecutorAnswersFromTheRecordsAndFailsWhatTheyDoNotHold() throws Exception {
        RecordedSpace space = KernelTunerCache.read(Fixtures.file("kt-small.json"));
        try (var executor = new ReplayExecutor(space)) {
            TuningRecord.Identity identity = executor.open(Executor.Listener.NONE);
            assertThat(identity.source()).isEqualTo(Fingerprint.of("kt-small", "vector_add"));
            assertThat(identity.device()).isEqualTo("Test GPU 1000");
            assertThat(identity.toolchain()).isEqualTo("recorded");

            TuningRecord best = executor.measure(config("32", "1")).orElseThrow().record();
            assertThat(best.status()).isEqualTo(Status.OK);
            assertThat(best.samplesUs()).containsExactly(1100.0, 900.0, 1000.0, 1000.0);

            TuningRecord crashed = executor.measure(config("64", "1")).orElseThrow().record();
            assertThat(crashed.outcome()).isEqualTo(new TuningRecord.Outcome(Status.CRASH, "RuntimeFailedConfig", null));

            TuningRecord excluded = executor.measure(config("16", "4")).orElseThrow().record();
            assertThat(excluded.outcome()).isEqualTo(new TuningRecord.Outcome(Status.INVALID_CONFIG, "not in the recorded space", null));
            assertThat(excluded.config()).isEqualTo(Map.of("block_size_x", "16", "tile_size", "4"));
        }
    }

    @Test
    void aReplayedRunIsTheTuningLoopWithinItsBudget() throws Exception {
        RecordedSpace space = KernelTunerCache.read(Fixtures.file("kt-small.json"));
        List<TuningRecord> run = Replay.run(space, "grid", 4, 1);
        assertThat(run).extracting(TuningRecord::configValues)
                .containsExactlyElementsOf(space.records().subList(0, 4).stream().map(TuningRecord::configValues).toList());
        assertThat(run).extracting(TuningRecord::trial).containsExactly(1, 2, 3, 4);
        assertThat(run).allSatisfy(r -> {
            assertThat(r.strategy()).isEqualTo("grid");
            assertThat(r.toolchain()).isEqualTo("recorded");
            assertThat(r.device()).isEqualTo("Test GPU 1000");
        });
        assertThat(run.get(3).status()).isEqualTo(Status.COMPILE_ERROR);
        assertThat(Replay.run(space, "grid", 100, 1)).hasSize(6);
    }

    @Test
    void theSameSeedGivesTheSameTrialsAndAnotherSeedOthers() throws Exception {
        RecordedSpace space = synthetic();
        List<String> first = keys(Replay.run(space, "random", 50, 7));
        List<String> again = keys(Replay.run(space, "random", 50, 7));
        List<String> other = keys(Replay.run(space, "random", 50, 8));
        assertThat(first).hasSize(50).doesNotHaveDuplicates();
        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
        assertThat(keys(Replay.run(space, "random", 20, 7))).isEqualTo(first.subList(0, 20));
    }

    @Test
    void theScoreIsTheFractionOfTheOptimumOverSeedsAndTheEvaluationsTo95Percent() {
        double optimum = 100;
        List<TuningRecord> none = List.of(failed(), failed());
        List<TuningRecord> slow = List.of(ok(200), failed(), ok(125));
        List<TuningRecord> late = List.of(ok(300), ok(104), ok(100));
        List<TuningRecord> early = List.of(ok(105), ok(400));
        assertThat(ReplayScore.fraction(optimum, none)).isZero();
        assertThat(ReplayScore.fraction(optimum, slow)).isEqualTo(0.8);
        assertThat(ReplayScore.evalsToReach(optimum, slow, 0.95)).isEmpty();
        assertThat(ReplayScore.evalsToReach(optimum, late, 0.95)).isEqualTo(OptionalInt.of(2));
        assertThat(ReplayScore.evalsToReach(optimum, early, 0.95)).isEqualTo(OptionalInt.of(1));

        ReplayScore score = ReplayScore.of("random", 3, optimum, List.of(none, slow, late, early));
        // Fractions 0, 0.8, 1/1.05, 1: median between 0.8 and 0.952; p10 at 0.3 of the way from 0 to 0.8.
        assertThat(score.median()).isCloseTo((0.8 + 1 / 1.05) / 2, within(1e-12));
        assertThat(score.p10()).isCloseTo(0.24, within(1e-12));
        // Evaluations 1, 2, never, never: the lower middle of an even count.
        assertThat(score.evalsTo95()).isEqualTo(OptionalInt.of(2));
        assertThat(ReplayScore.of("random", 3, optimum, List.of(none, slow, late)).evalsTo95()).isEmpty();
    }

    private static TuningRecord ok(double us) {
        return TuningRecord.of(Map.of("a", "1"), Status.OK, List.of(us));
    }

    private static TuningRecord failed() {
        return TuningRecord.of(Map.of("a", "1"), Status.CRASH, List.of());
    }

    private static List<String> keys(List<TuningRecord> run) {
        return run.stream().map(r -> r.configValues().key()).toList();
    }

    private static Config config(String block, String tile) {
        var values = new LinkedHashMap<String, String>();
        values.put("block_size_x", block);
        values.put("tile_size", tile);
        return new Config(values);
    }
}
