package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

class ConfirmationJudgeTest {

    private static final Objective GFLOPS = new Objective("gflops", true);

    private static TuningRecord ok(int number, double medianUs) {
        return TuningRecord.of(Map.of("X", Integer.toString(number)), Status.OK, List.of(medianUs));
    }

    /** A record of {@code medianUs} whose metric {@code gflops} is {@code gflops}. */
    private static TuningRecord ok(int number, double medianUs, double gflops) {
        TuningRecord r = ok(number, medianUs);
        return r.toBuilder().statistics(r.statistics().withMetrics(Map.of("gflops", gflops))).build();
    }

    /** Each config's rounds: pairs of a config's number and its rounds' medians. */
    private static Map<String, List<TuningRecord>> rounds(Object... pairs) {
        var out = new LinkedHashMap<String, List<TuningRecord>>();
        for (int i = 0; i < pairs.length; i += 2) {
            int number = (Integer) pairs[i];
            var again = new ArrayList<TuningRecord>();
            for (double us : (List<Double>) pairs[i + 1]) again.add(ok(number, us));
            out.put(ok(number, 0).configValues().key(), again);
        }
        return out;
    }

    private static Confirmation.Result judge(List<TuningRecord> top, Map<String, List<TuningRecord>> rounds, Objective objective) {
        return Confirmation.judge(top, rounds, objective, "2026-11-28T06:00:00Z", r -> r.config().toString());
    }

    @Test
    void theRankingHoldsWhenTheConfirmedMediansKeepTheOrder() {
        var top = List.of(ok(3, 10), ok(1, 12), ok(2, 15));
        var result = judge(top, rounds(3, List.of(10.5, 9.0, 11.0), 1, List.of(12.0, 13.0, 12.5), 2, List.of(15.0, 14.0, 16.0)), Objective.TIME);
        assertThat(result.rankingHeld()).isTrue();
        assertThat(result.bestHeld()).isTrue();
        assertThat(result.rounds()).isEqualTo(3);
        assertThat(result.entries().getFirst().confirmedMedianUs()).isEqualTo(10.5);
        // Each entry's record is the search's, with what the rounds measured of it.
        var first = result.entries().getFirst();
        assertThat(first.record().samplesUs()).isEqualTo(top.getFirst().samplesUs());
        assertThat(first.figures().roundMediansUs()).containsExactly(10.5, 9.0, 11.0);
        assertThat(first.figures().ranks(Objective.TIME)).isTrue();
        assertThat(first.figures().top()).isEqualTo(3);
    }

    @Test
    void aSwapBelowTheBestKeepsTheBestButNotTheRanking() {
        var top = List.of(ok(3, 10), ok(1, 12), ok(2, 15));
        var result = judge(top, rounds(3, List.of(10.0), 1, List.of(16.0), 2, List.of(14.0)), Objective.TIME);
        assertThat(result.rankingHeld()).isFalse();
        assertThat(result.bestHeld()).isTrue();
        assertThat(result.entries()).extracting(Confirmation.Entry::confirmedRank).containsExactly(1, 3, 2);
    }

    @Test
    void aNewBestIsReported() {
        var top = List.of(ok(3, 10), ok(1, 12));
        var result = judge(top, rounds(3, List.of(13.0, 13.0), 1, List.of(11.0, 12.0)), Objective.TIME);
        assertThat(result.bestHeld()).isFalse();
        assertThat(result.confirmedBest()).hasValueSatisfying(e -> assertThat(e.config()).containsEntry("X", "1"));
    }

    @Test
    void aMetricObjectiveRanksByItsConfirmedValueInItsDirectionNotByTime() {
        // No.1 is faster by time in every round, but No.2 does more GFLOP/s (it does more work): by the objective No.2 is best.
        var top = List.of(ok(1, 10, 50), ok(2, 12, 40));
        var again = new LinkedHashMap<String, List<TuningRecord>>();
        again.put(top.get(0).configValues().key(), List.of(ok(1, 10, 50), ok(1, 10.5, 48), ok(1, 9.5, 52)));
        again.put(top.get(1).configValues().key(), List.of(ok(2, 11, 60), ok(2, 11.5, 58), ok(2, 12, 55)));
        var result = judge(top, again, GFLOPS);
        assertThat(result.entries()).extracting(Confirmation.Entry::confirmedRank).containsExactly(2, 1);
        assertThat(result.bestHeld()).isFalse();
        assertThat(result.entries().get(1).confirmedValue()).isEqualTo(58.0);
        assertThat(result.entries().get(1).confirmedMedianUs()).isEqualTo(11.5);
        assertThat(result.entries().get(1).figures().ranks(GFLOPS)).isTrue();
        assertThat(result.entries().get(1).figures().ranks(Objective.TIME)).isFalse();
    }

    @Test
    void byTimeTheKernelsOwnTimeRanksWhereTheDeviceTimedIt() {
        // Two configs whose wall times order them one way and whose kernels' own times the other: time ranks by the kernels'.
        var top = List.of(ok(1, 10), ok(2, 11));
        TuningRecord a = ok(1, 10);
        TuningRecord b = ok(2, 11);
        a = a.toBuilder().timing(a.timing().withKernel(List.of(9.0), 9.0, 1L)).build();
        b = b.toBuilder().timing(b.timing().withKernel(List.of(5.0), 5.0, 1L)).build();
        var again = new LinkedHashMap<String, List<TuningRecord>>();
        again.put(top.get(0).configValues().key(), List.of(a));
        again.put(top.get(1).configValues().key(), List.of(b));
        var result = judge(top, again, Objective.TIME);
        assertThat(result.entries()).extracting(Confirmation.Entry::confirmedRank).containsExactly(2, 1);
        assertThat(result.entries().get(1).confirmedValue()).isEqualTo(5.0);
        assertThat(result.entries().get(1).confirmedMedianUs()).isEqualTo(11.0);
    }

    @Test
    void theConfirmedRecordsStandInTheRunsRecordsAndRankAsTheConfirmationDid() {
        var searched = List.of(ok(1, 10), ok(2, 11), ok(3, 12), ok(4, 20));
        var result = judge(searched.subList(0, 3), rounds(1, List.of(14.0), 2, List.of(13.0), 3, List.of(12.5)), Objective.TIME);
        List<TuningRecord> confirmed = result.over(searched);
        // No.4 was not measured again: its search record stays; the best is the one measured fastest again, though No.1's samples are faster.
        assertThat(confirmed.get(3)).isSameAs(searched.get(3));
        assertThat(Ranking.of(confirmed, Objective.TIME).best()).hasValueSatisfying(b -> assertThat(b.config()).containsEntry("X", "3"));
        assertThat(Ranking.of(confirmed, Objective.TIME).ordered()).extracting(r -> r.config().get("X")).containsExactly("3", "2", "1", "4");
    }
}
