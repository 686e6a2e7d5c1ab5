package org.tuningworkbench.engine.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The summary of a config's samples: the median as headline, the spread, when samples are noisy. */
class SampleStatisticsTest {

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
    void medianOfOddAndEvenCounts() {
        assertThat(SampleStatistics.of(new double[] {5, 1, 3}).median()).isEqualTo(3);
        assertThat(SampleStatistics.of(new double[] {4, 1, 3, 2}).median()).isEqualTo(2.5);
    }

    @Test
    void spreadFigures() {
        SampleStatistics s = SampleStatistics.of(new double[] {2, 4, 4, 4, 5, 5, 7, 9});
        assertThat(s.min()).isEqualTo(2);
        assertThat(s.max()).isEqualTo(9);
        assertThat(s.mean()).isEqualTo(5);
        assertThat(s.stddev()).isCloseTo(2.138, within(1e-3));
        assertThat(s.cv()).isCloseTo(0.4276, within(1e-4));
        assertThat(s.noisy()).isTrue();
    }

    @Test
    void steadySamplesAreNotNoisy() {
        SampleStatistics s = SampleStatistics.of(new double[] {10.0, 10.1, 9.9, 10.0});
        assertThat(s.noisy()).isFalse();
    }

    @Test
    void oneSampleHasNoSpread() {
        var s = SampleStatistics.of(new double[] {7});
        assertThat(s.stddev()).isZero();
        assertThat(s.cv()).isZero();
    }
}
