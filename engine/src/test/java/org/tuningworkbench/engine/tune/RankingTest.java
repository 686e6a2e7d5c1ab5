package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

class RankingTest {

    /** A config measured at {@code wall} µs a call, {@code kernel} µs of it in its kernels (null: not timed apart), with a metric. */
    private static TuningRecord record(String name, double wall, Double kernel, Double gflops) {
        var plain = TuningRecord.of(Map.of("X", name), Status.OK, List.of(wall, wall));
        var timing = TuningRecord.Timing.ofSamples(plain.samplesUs(), 1L).withKernel(kernel == null ? null : List.of(kernel, kernel), kernel, 1L);
        var s = plain.statistics();
        var statistics = s.withMetrics(gflops == null ? null : Map.of("GFLOP/s", gflops));
        return TuningRecord.builder().config(plain.config()).outcome(plain.outcome()).timing(timing).statistics(statistics).build();
    }

    private static List<String> names(Ranking ranking) {
        return ranking.ordered().stream().map(r -> r.config().get("X")).toList();
    }

    @Test
    void timeIsTheKernelsOwnTimeWhereTheDeviceTimedThemAsKernelTunerRanks() {
        // a: less wall time, more kernel time; b: the other way round.
        var records = List.of(record("a", 100, 90.0, null), record("b", 120, 60.0, null));
        assertThat(names(Ranking.of(records))).containsExactly("b", "a");
        assertThat(Ranking.of(records).percentOfBest(records.getFirst())).hasValueSatisfying(p -> assertThat(p).isCloseTo(66.67, org.assertj.core.api.Assertions.within(0.01)));
        assertThat(names(Ranking.of(List.of(record("a", 100, null, null), record("b", 120, null, null))))).containsExactly("a", "b");
    }

    @Test
    void aMetricWhereHigherIsBetterRanksTheHighestFirstAndRecordsWithoutItAfterTheOthers() {
        var gflops = new Objective("GFLOP/s", true);
        var records = List.of(record("slow", 100, null, 2.0), record("none", 10, null, null), record("fast", 50, null, 4.0),
                TuningRecord.of(Map.of("X", "broken"), Status.CRASH, List.of()));
        Ranking ranking = Ranking.of(records, gflops);
        assertThat(names(ranking)).containsExactly("fast", "slow", "none", "broken");
        assertThat(ranking.best()).hasValueSatisfying(b -> assertThat(b.config()).containsEntry("X", "fast"));
        assertThat(ranking.percentOfBest(records.getFirst())).contains(50.0);
        assertThat(ranking.percentOfBest(records.get(1))).isEmpty();
        assertThat(names(Ranking.of(records, new Objective("GFLOP/s", false)))).startsWith("slow", "fast");
    }

    @Test
    void theStrategyLearnsTheObjectiveAsACostLessIsBetter() {
        var gflops = new Objective("GFLOP/s", true);
        assertThat(Tuner.observation(record("a", 100, null, 4.0), gflops).latencyUs()).hasValue(0.25);
        assertThat(Tuner.observation(record("a", 100, null, null), gflops).ok()).isFalse();
        assertThat(Tuner.observation(record("a", 100, 80.0, null), Objective.TIME).latencyUs()).hasValue(80.0);
    }

    private static TuningRecord confirmed(TuningRecord r, Objective by, int rank, double value) {
        return r.confirmed(ConfirmedFigures.of("t", by, rank, rank, 2, List.of(value), List.of(value), value, value));
    }

    @Test
    void configsMeasuredAgainRankFirstInTheirConfirmedOrderAtTheirConfirmedFigures() {
        // The search measured "a" fastest; measured again, "b" was; "c" was not measured again, and its samples are faster than both confirmed figures.
        var records = List.of(confirmed(record("a", 100, null, null), Objective.TIME, 2, 130), confirmed(record("b", 110, null, null), Objective.TIME, 1, 120),
                record("c", 115, null, null), TuningRecord.of(Map.of("X", "broken"), Status.CRASH, List.of()));
        Ranking ranking = Ranking.of(records);
        assertThat(names(ranking)).containsExactly("b", "a", "c", "broken");
        assertThat(ranking.best()).hasValueSatisfying(b -> assertThat(b.config()).containsEntry("X", "b"));
        // Shares are of the confirmed figures: as the window's grid shows them.
        assertThat(ranking.percentOfBest(records.get(0))).hasValueSatisfying(p -> assertThat(p).isCloseTo(100 * 120.0 / 130, org.assertj.core.api.Assertions.within(1e-9)));
        assertThat(ranking.percentOfBest(records.get(2))).hasValueSatisfying(p -> assertThat(p).isCloseTo(100 * 120.0 / 115, org.assertj.core.api.Assertions.within(1e-9)));
    }

    @Test
    void aConfirmationRanksOnlyByTheObjectiveItWasMeasuredFor() {
        var gflops = new Objective("GFLOP/s", true);
        var records = List.of(confirmed(record("a", 100, null, 2.0), Objective.TIME, 1, 130), record("b", 90, null, 3.0));
        assertThat(names(Ranking.of(records))).containsExactly("a", "b");
        // The project's objective changed since: the copies rank by their samples.
        assertThat(names(Ranking.of(records, gflops))).containsExactly("b", "a");
        assertThat(Ranking.value(records.getFirst(), gflops)).hasValue(2.0);
    }

    @Test
    void everyRateOfAConfirmedConfigIsAtItsConfirmedMedian() {
        // 1 GB moved in 100 µs by the search's samples: 10,000 GB/s; its confirmed median is 125 µs.
        TuningRecord searched = record("a", 100, null, null);
        TuningRecord moved = searched.toBuilder().statistics(new TuningRecord.Statistics(100, 100, 100, 100, 0, 0, false, null, 10_000.0, null)).build();
        TuningRecord r = confirmed(moved, Objective.TIME, 1, 125);
        assertThat(Ranking.standingRate(r, TuningRecord::gbps)).isCloseTo(8_000, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(Ranking.standingRate(moved, TuningRecord::gbps)).isEqualTo(10_000);
        assertThat(Ranking.standingRate(r, TuningRecord::gflops)).isNull();
    }
}
