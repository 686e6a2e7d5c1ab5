package org.tuningworkbench.engine.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RankCorrelationTest {

    @Test
    void theSameOrderIsOneWhateverTheScale() {
        assertThat(RankCorrelation.spearman(new double[] {1, 2, 3, 4}, new double[] {10, 200, 3000, 40000})).isEqualTo(1.0, within(1e-12));
    }

    @Test
    void aReversedOrderIsMinusOne() {
        assertThat(RankCorrelation.spearman(new double[] {1, 2, 3}, new double[] {3, 2, 1})).isEqualTo(-1.0, within(1e-12));
    }

    @Test
    void oneSwapOfNeighboursAmongFive() {
        // d = (0, 0, 1, -1, 0): rho = 1 - 6 * 2 / (5 * 24) = 0.9
        assertThat(RankCorrelation.spearman(new double[] {1, 2, 3, 4, 5}, new double[] {1, 2, 4, 3, 5})).isEqualTo(0.9, within(1e-12));
    }

    @Test
    void mismatchedOrTooShortInputsAreRejected() {
        assertThatThrownBy(() -> RankCorrelation.spearman(new double[] {1, 2}, new double[] {1})).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RankCorrelation.spearman(new double[] {1}, new double[] {1})).isInstanceOf(IllegalArgumentException.class);
    }
}
