package org.tuningworkbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.stats.SampleStatistics;

class RacingFiguresTest {

    /** A record of config BM={@code bm} with the given samples (µs per call), calls per sample, first call and build time. */
    private static TuningRecord measured(int bm, List<Double> samplesUs, long calls, Double firstCallUs, Double buildMs) {
        var stats = SampleStatistics.of(samplesUs.stream().mapToDouble(Double::doubleValue).toArray());
        return TuningRecord.builder().config(Map.of("BM", Integer.toString(bm))).status(Status.OK)
                .timing(TuningRecord.Timing.ofSamples(samplesUs, calls).withFirstCallUs(firstCallUs))
                .statistics(TuningRecord.Statistics.of(stats))
                .builtWith(buildMs == null ? null : new TuningRecord.Build(buildMs, true, List.of())).build();
    }

    private static TuningRecord ok(int bm, double medianUs) {
        return TuningRecord.of(Map.of("BM", Integer.toString(bm)), Status.OK, List.of(medianUs));
    }

    private static Config bm(int value) {
        return new Config(Map.of("BM", Integer.toString(value)));
    }

    @Test
    void aPickWithinThreePercentOfTheFastestReMeasuredIsRight() {
        var truth = new LinkedHashMap<String, Double>();
        truth.put(bm(16).key(), 100.0);
        truth.put(bm(32).key(), 102.9);
        truth.put(bm(64).key(), 103.1);
        assertThat(RacingFigures.pickBehind(truth, bm(16).key())).isZero();
        assertThat(RacingFiguresTest.isWithin(truth, 32)).isTrue();
        assertThat(RacingFiguresTest.isWithin(truth, 64)).isFalse();
        assertThat(RacingFigures.pickBehind(truth, bm(64).key())).isCloseTo(0.031, within(1e-9));
    }

    @Test
    void exactlyThreePercentBehindCountsAsWithin() {
        assertThat(RacingFigures.within(1.03 - 1, 0.03)).isTrue();
        assertThat(RacingFigures.within(0.0301, 0.03)).isFalse();
    }

    private static boolean isWithin(Map<String, Double> truth, int pick) {
        return RacingFigures.within(RacingFigures.pickBehind(truth, bm(pick).key()), 0.03);
    }

    @Test
    void aPickThatWasNotReMeasuredIsAnError() {
        assertThatThrownBy(() -> RacingFigures.pickBehind(Map.of(bm(16).key(), 100.0), bm(32).key()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not re-measured");
    }

    @Test
    void theTruthIsTheBruteForceTopFiveAndThePickWhenItIsNotAmongThem() {
        var brute = List.of(ok(1, 50), ok(2, 10), ok(3, 30), ok(4, 20), ok(5, 60), ok(6, 40), ok(7, 70));
        assertThat(RacingFigures.truthCandidates(brute, bm(7), 5)).extracting(r -> r.config().get("BM"))
                .containsExactly("2", "4", "3", "6", "1", "7");
        assertThat(RacingFigures.truthCandidates(brute, bm(3), 5)).extracting(r -> r.config().get("BM"))
                .containsExactly("2", "4", "3", "6", "1");
        assertThatThrownBy(() -> RacingFigures.truthCandidates(brute, bm(99), 5)).hasMessageContaining("not among the brute-force records");
    }

    @Test
    void theRatioIsTheRacingWallOverTheBruteForceWall() {
        assertThat(RacingFigures.ratio(30, 90)).isCloseTo(1.0 / 3, within(1e-12));
        assertThatThrownBy(() -> RacingFigures.ratio(30, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theEngineTimeIsTheWallBeyondTimedCallsAndBuildsPerConfig() {
        // 3 samples of 4 calls of 1000 µs and a first call of 1500 µs: 13.5 ms; a raced-out config with 2 samples of 2 calls of 3000 µs: 12 ms.
        var records = List.of(measured(16, List.of(1000.0, 1000.0, 1000.0), 4, 1500.0, 20.0), measured(32, List.of(3000.0, 3000.0), 2, null, 5.0));
        assertThat(records.getFirst().timedCallsUs()).isEqualTo(13_500);
        assertThat(RacingFigures.timedCallsMs(records)).isCloseTo(25.5, within(1e-9));
        assertThat(RacingFigures.buildMs(records)).isEqualTo(25);
        assertThat(RacingFigures.samples(records)).isEqualTo(5);
        assertThat(RacingFigures.engineMsPerConfig(100, RacingFigures.timedCallsMs(records), RacingFigures.buildMs(records), records.size()))
                .isCloseTo((100 - 25.5 - 25) / 2, within(1e-9));
    }

    @Test
    void thePartSumsUpItsRoundsAndJudgesThePicksOnlyOverTenRounds() {
        var round = new BenchReport.RacingRound(90, 30, 25, 5, 1.0 / 3, 448, 200, 40, 3, 1, 20, 0, 25, "a", "a", "a", 0, true, List.of(), "1 1 1");
        var missed = new BenchReport.RacingRound(100, 50, 45, 5, 0.5, 448, 220, 38, 2, 0, 40, 0, 35, "a", "b", "a", 4, false, List.of(), "1 1 1");
        var three = BenchReport.Racing.of(64, 7, 3, 3, 5, 4, 15, "1 1 1", List.of(round, missed, round));
        assertThat(three.ratio()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(three.ratioMet()).isTrue();
        assertThat(three.picksWithin()).isEqualTo(2);
        assertThat(three.picksMet()).as("three rounds cannot judge a goal of 9 in 10").isFalse();
        assertThat(three.engineMsPerConfig()).isEqualTo(25);
        var ten = new java.util.ArrayList<BenchReport.RacingRound>();
        for (int i = 0; i < 9; i++) ten.add(round);
        ten.add(missed);
        assertThat(BenchReport.Racing.of(64, 7, 3, 3, 5, 4, 15, "1 1 1", ten).picksMet()).isTrue();
        ten.set(0, missed);
        assertThat(BenchReport.Racing.of(64, 7, 3, 3, 5, 4, 15, "1 1 1", ten).picksMet()).isFalse();
    }
}
