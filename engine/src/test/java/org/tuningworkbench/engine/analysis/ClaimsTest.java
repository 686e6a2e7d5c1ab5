package org.tuningworkbench.engine.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.stats.Comparison;

class ClaimsTest {

    private static TuningRecord measured(String unroll, List<Double> samples) {
        return TuningRecord.of(Map.of("UNROLL", unroll), Status.OK, samples);
    }

    /** A record racing stopped by {@code rule}, with the reason the measured program gave. */
    private static TuningRecord racedOut(String unroll, List<Double> samples, String rule, String reason) {
        var plain = measured(unroll, samples);
        var timing = TuningRecord.Timing.ofSamples(samples, 1L).withStop(reason, rule);
        return TuningRecord.builder().config(plain.config()).outcome(plain.outcome()).timing(timing).statistics(plain.statistics()).build();
    }

    private static final List<Double> BEST = List.of(10.0, 10.3, 10.1, 10.6, 9.9, 10.8, 10.5);

    /**
     * Racing once dropped configs as "slower" that Compare then called ties (p = 0.866, p = 0.214):
     * racing stops a config by its own rule, against the best of that moment. The comparison now
     * gives the test's verdict and racing's reason beside it, named as racing's rule, not as a verdict.
     */
    @Test
    void aConfigRacedOutThatTheTestCannotTellFromTheBestIsCalledATieWithRacingsOwnReason() {
        var tie = racedOut("4", List.of(10.2, 10.9, 10.4), "median",
                "raced out after 3 samples: its median 10.40 µs is slower than the best's slowest sample (an outlier aside), 10.35 µs");
        var best = measured("2", BEST);
        String said = Claims.versus("No.4", tie, "No.2", best);
        assertThat(Claims.compare(tie, best).verdict()).isEqualTo(Comparison.Verdict.NOT_DISTINGUISHABLE);
        assertThat(said).startsWith("No.4 and No.2 are not distinguishable: ")
                .contains("; racing stopped No.4 by its own rule, not this test: raced out after 3 samples: its median 10.40 µs");
        assertThat(said).doesNotContain("faster than").doesNotContain("slower than No.");
        var nearTie = racedOut("8", List.of(10.0, 11.0, 10.4, 10.9), "median", "raced out after 4 samples: its median 10.65 µs is slower than ...");
        assertThat(Claims.versus("No.8", nearTie, "No.2", best)).startsWith("No.8 and No.2 are not distinguishable: ");
    }

    @Test
    void aRacedOutConfigTheTestFindsSlowerIsSlowerByTheTestWithRacingsReasonBeside() {
        var slow = racedOut("4", List.of(14.0, 14.2, 14.1, 14.3), "margin", "raced out after 4 samples: its median 14.15 µs is past 1.30× the best's median, 10.30 µs");
        String said = Claims.versus("No.2", measured("2", BEST), "No.4", slow);
        assertThat(said).startsWith("No.2 is 1.37× faster than No.4 (medians; 95% interval ").contains("racing stopped No.4 by its own rule");
    }

    @Test
    void aConfigTheConfirmationMeasuredAgainIsComparedOnItsRoundsWithoutRacingsReasonOfItsSearchSamples() {
        // Racing stopped No.7's search sampling; the confirmation then measured it again, racing aside, and the verdict rests
        // on those rounds: racing's reason of the search samples said beside it spoke of samples the verdict does not use.
        var ahead = racedOut("7", List.of(18.73, 18.68, 18.87), "ahead", "ahead of the best after 3 samples: its slowest 18.87 ms ...");
        var rounds = List.of(18.5, 18.62, 18.69, 18.6);
        var confirmed = ahead.confirmed(ConfirmedFigures.of("t", Objective.TIME, 1, 2, 2, rounds, rounds, 18.61, 18.61));
        String said = Claims.versus("No.7", confirmed, "No.2", measured("2", BEST));
        assertThat(Claims.samplesOf(confirmed)).isEqualTo(rounds);
        assertThat(said).doesNotContain("racing stopped");
        assertThat(Claims.versus("No.7", ahead, "No.2", measured("2", BEST))).contains("racing stopped No.7 by its own rule");
    }

    @Test
    void aBestAndRunnerUpOfThreeSamplesEachAreTooFewTogetherNotTheRunnerUpAlone() {
        // Three samples a side can never be told apart: it was said "No.6 rests on 3 samples, not tested", as if the runner-up
        // alone were short of samples, where show's column says "too few samples (3 and 3)" of the pair.
        var best = measured("7", List.of(18.6, 18.7, 18.9));
        var runnerUp = measured("6", List.of(21.1, 21.0, 21.4));
        String caveat = Claims.best(List.of(runnerUp, best)).orElseThrow().caveat(r -> "No.6");
        assertThat(caveat).isEqualTo("too few samples to compare with No.6 (3 and 3)");
        assertThat(caveat).endsWith(Claims.compare(runnerUp, best).brief().substring("too few samples".length()));
        // A runner-up short of samples itself is said so.
        var once = measured("5", List.of(20.0));
        assertThat(Claims.best(List.of(once, best)).orElseThrow().caveat(r -> "No.5")).isEqualTo("No.5 rests on 1 sample, not tested");
    }

    @Test
    void theBestIsUnqualifiedOnlyWhenTheTestSetsItApartFromTheRunnerUpAndItsSamplesAgree() {
        var best = measured("2", BEST);
        var clearlySlower = measured("4", List.of(20.0, 20.3, 20.1, 20.6, 19.9, 20.8, 20.5));
        assertThat(Claims.best(List.of(clearlySlower, best)).orElseThrow().caveat(r -> "No.?")).isEmpty();
        var tie = measured("8", List.of(10.2, 10.9, 10.4, 10.1, 10.7));
        Claims.Best withTie = Claims.best(List.of(clearlySlower, tie, best)).orElseThrow();
        assertThat(withTie.best()).isSameAs(best);
        assertThat(withTie.caveat(r -> "No.3")).matches("not distinguishable from No\\.3, p = 0\\.\\d+");
        var noisy = measured("16", List.of(6.0, 10.0, 14.0, 9.0, 16.0, 8.0, 7.0));
        assertThat(Claims.best(List.of(noisy, clearlySlower)).orElseThrow().caveat(r -> "No.2")).isEqualTo("noisy: CV 37%");
        var verifiedCallOnly = TuningRecord.of(Map.of("UNROLL", "32"), Status.OK, List.of(5.0));
        assertThat(Claims.best(List.of(verifiedCallOnly, best)).orElseThrow().caveat(r -> "No.1")).isEqualTo("rests on 1 sample");
    }

    @Test
    void aTableCellSaysEachConfigsStandingAgainstTheBest() {
        var best = measured("2", BEST);
        assertThat(Claims.againstBest(best, best)).isEqualTo("best");
        assertThat(Claims.againstBest(measured("4", List.of(20.0, 20.3, 20.1, 20.6, 19.9, 20.8, 20.5)), best)).matches("1\\.9\\d× slower \\(p [<=] 0\\.\\d+\\)");
        assertThat(Claims.againstBest(measured("8", List.of(30.0)), best)).isEqualTo("too few samples (1)");
        assertThat(Claims.againstBest(TuningRecord.of(Map.of(), Status.COMPILE_ERROR, List.of()), best)).isEmpty();
    }
}
