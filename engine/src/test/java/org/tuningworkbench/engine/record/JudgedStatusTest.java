package org.tuningworkbench.engine.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.verify.Verification;

class JudgedStatusTest {

    private static TuningRecord sampled(List<Double> samples) {
        return TuningRecord.of(Map.of("BM", "32"), Status.OK, samples);
    }

    private static ConfirmedFigures rounds(int rank, List<Double> rounds) {
        double median = rounds.stream().sorted().toList().get(rounds.size() / 2);
        return ConfirmedFigures.of("t", Objective.TIME, rank, rank, 3, rounds, rounds, median, median);
    }

    @Test
    void theConfirmedRankComesRightAfterTheOutcomeAndBeforeTheJudgements() {
        var r = sampled(List.of(10.0, 10.0, 10.0));
        var ahead = r.toBuilder().timing(r.timing().withStop("stopped by racing", Racing.Stop.AHEAD)).verification(Verification.none()).build();
        var status = JudgedStatus.of(ahead.confirmed(rounds(2, List.of(10.0, 10.1, 10.2))));
        assertThat(status.text()).isEqualTo("ok · confirmed #2 · stopped ahead · not verified");
        assertThat(status.marks()).isEqualTo("confirmed #2 · stopped ahead · not verified");
        assertThat(status.doubtful()).isTrue();
        assertThat(JudgedStatus.doubtful(status.text())).isTrue();
    }

    @Test
    void aConfirmedConfigIsNoisyByTheRoundsItsFigureRestsOnNotBySamplesItNoLongerStandsAt() {
        var quiet = sampled(List.of(10.0, 10.0, 10.0));
        var status = JudgedStatus.of(quiet.confirmed(rounds(1, List.of(8.0, 12.0, 16.0))));
        assertThat(status.judgements()).containsExactly("noisy");
        assertThat(status.text()).isEqualTo("ok · confirmed #1 · noisy");
        assertThat(JudgedStatus.of(quiet).text()).isEqualTo("ok");
        assertThat(JudgedStatus.of(quiet).marks()).isEmpty();
    }

    @Test
    void aFailedConfigSaysItsOutcomeAlone() {
        var crashed = TuningRecord.of(Map.of("BM", "32"), Status.CRASH, List.of());
        assertThat(JudgedStatus.of(crashed).text()).isEqualTo(Status.CRASH.label());
        assertThat(JudgedStatus.of(crashed).doubtful()).isFalse();
    }

    @Test
    void raceOutIsNotADoubtOfTheFigure() {
        assertThat(JudgedStatus.doubtful("ok · raced out")).isFalse();
        assertThat(JudgedStatus.doubtful("ok · confirmed #1 · unsteady")).isTrue();
    }

    @Test
    void aStatusSaysWhatTheEngineJudgedOfItsMeasurement() {
        var steady = TuningRecord.of(Map.of("UNROLL", "2"), Status.OK, List.of(10.0, 10.1, 9.9));
        assertThat(JudgedStatus.of(steady).text()).isEqualTo("ok");
        var noisy = TuningRecord.of(Map.of("UNROLL", "2"), Status.OK, List.of(10.0, 20.0, 5.0));
        assertThat(JudgedStatus.of(noisy).text()).isEqualTo("ok · noisy");
        var unverified = TuningRecord.builder().trial(1).config(steady.config()).outcome(steady.outcome()).timing(steady.timing())
                .statistics(steady.statistics()).steadiness(new TuningRecord.Steadiness(40.0, 12.0, 40.0, true, 1))
                .verification(Verification.none()).build();
        assertThat(JudgedStatus.of(unverified).text()).isEqualTo("ok · unsteady · not verified");
        assertThat(JudgedStatus.of(TuningRecord.of(Map.of(), Status.COMPILE_ERROR, List.of())).text()).isEqualTo("compile error");
    }
}
