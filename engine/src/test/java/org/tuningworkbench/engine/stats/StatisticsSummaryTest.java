package org.tuningworkbench.engine.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StatisticsSummaryTest {

    @Test
    void theMedianIsTheHeadlineAndIgnoresOneSpoiledSample() {
        var s = SampleStatistics.of(new double[] {10, 11, 10, 12, 90});
        assertThat(s.median()).isEqualTo(11);
        assertThat(s.min()).isEqualTo(10);
        assertThat(s.max()).isEqualTo(90);
        assertThat(s.mean()).isEqualTo(26.6, within(1e-9));
        assertThat(s.noisy()).isTrue();
    }

    @Test
    void evenCountsAverageTheMiddlePairAndSteadySamplesAreNotNoisy() {
        var s = SampleStatistics.of(new double[] {4, 1, 3, 2});
        assertThat(s.median()).isEqualTo(2.5);
        assertThat(s.stddev()).isEqualTo(Math.sqrt(5.0 / 3), within(1e-12));
        assertThat(SampleStatistics.of(new double[] {100, 101, 99, 100}).noisy()).isFalse();
    }

    @Test
    void oneSampleHasNoSpread() {
        var s = SampleStatistics.of(new double[] {7});
        assertThat(s.stddev()).isZero();
        assertThat(s.cv()).isZero();
    }
}
