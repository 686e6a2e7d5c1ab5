package org.tuningworkbench.engine.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ComparisonTest {

    @Test
    void clearlySeparatedSamplesAreASignificantDifference() {
        double[] fast = {10.0, 10.2, 9.9, 10.1, 10.0, 10.3, 9.8};
        double[] slow = {20.1, 19.8, 20.4, 20.0, 19.9, 20.2, 20.3};
        Comparison c = Comparison.of(slow, fast);
        assertThat(c.aFaster()).isFalse();
        assertThat(c.ratio()).isCloseTo(2.0, org.assertj.core.data.Offset.offset(0.05));
        assertThat(c.low()).isGreaterThan(1.9);
        assertThat(c.high()).isLessThan(2.1);
        assertThat(c.p()).isLessThan(0.01);
        assertThat(c.significant()).isTrue();
    }

    @Test
    void overlappingSamplesAreNotDistinguishable() {
        double[] a = {10.0, 10.6, 9.7, 10.4, 9.9, 10.8, 9.6};
        double[] b = {10.2, 9.8, 10.5, 10.1, 9.9, 10.7, 10.3};
        Comparison c = Comparison.of(a, b);
        assertThat(c.low()).isLessThanOrEqualTo(1.0);
        assertThat(c.significant()).isFalse();
    }

    @Test
    void theSameSamplesGiveTheSameInterval() {
        double[] a = {1, 2, 3, 4, 5};
        double[] b = {2, 3, 4, 5, 6};
        assertThat(Comparison.of(a, b)).isEqualTo(Comparison.of(a, b));
    }
}
