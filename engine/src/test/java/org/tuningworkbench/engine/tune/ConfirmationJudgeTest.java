package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

class ConfirmationJudgeTest {

    private static TuningRecord ok(int number, double medianUs) {
        return TuningRecord.of(Map.of("X", Integer.toString(number)), Status.OK, List.of(medianUs));
    }

    private static Map<String, List<Double>> medians(Object... pairs) {
        var out = new LinkedHashMap<String, List<Double>>();
        for (int i = 0; i < pairs.length; i += 2) out.put(ok((Integer) pairs[i], 0).configValues().key(), (List<Double>) pairs[i + 1]);
        return out;
    }

    @Test
    void theRankingHoldsWhenTheConfirmedMediansKeepTheOrder() {
        var top = List.of(ok(3, 10), ok(1, 12), ok(2, 15));
        var result = Confirmation.judge(top, medians(3, List.of(10.5, 9.0, 11.0), 1, List.of(12.0, 13.0, 12.5), 2, List.of(15.0, 14.0, 16.0)), 3, r -> r.config().toString());
        assertThat(result.rankingHeld()).isTrue();
        assertThat(result.bestHeld()).isTrue();
        assertThat(result.entries().getFirst().confirmedMedianUs()).isEqualTo(10.5);
    }

    @Test
    void aSwapBelowTheBestKeepsTheBestButNotTheRanking() {
        var top = List.of(ok(3, 10), ok(1, 12), ok(2, 15));
        var result = Confirmation.judge(top, medians(3, List.of(10.0), 1, List.of(16.0), 2, List.of(14.0)), 1, r -> r.config().toString());
        assertThat(result.rankingHeld()).isFalse();
        assertThat(result.bestHeld()).isTrue();
        assertThat(result.entries()).extracting(Confirmation.Entry::confirmedRank).containsExactly(1, 3, 2);
    }

    @Test
    void aNewBestIsReported() {
        var top = List.of(ok(3, 10), ok(1, 12));
        var result = Confirmation.judge(top, medians(3, List.of(13.0, 13.0), 1, List.of(11.0, 12.0)), 2, r -> r.config().toString());
        assertThat(result.bestHeld()).isFalse();
    }
}
