package org.tuningworkbench.engine.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A log axis leaves room below its smallest value, so the bar of a time just above a power of ten is not a line on the axis. */
class AxisTest {

    @Test
    void aTimeJustAboveAPowerOfTenStandsClearOfTheAxisFoot() {
        // conv2d-relu: the best config 10.286 ms, the slowest 159 ms, on a vertical axis 220 pixels tall.
        Axis axis = Axis.over(10.286, 159.333, true, 220, 0);
        assertThat(axis.low()).isEqualTo(1);
        assertThat(axis.high()).isEqualTo(1000);
        assertThat(220 - axis.at(10.286)).as("the best bar's height in pixels").isGreaterThan(40);
        assertThat(axis.ticks()).containsExactly(1.0, 10.0, 100.0, 1000.0);
    }

    @Test
    void aTimeWellAboveAPowerOfTenKeepsThatPowerAsTheFoot() {
        Axis axis = Axis.over(20, 300, true, 220, 0);
        assertThat(axis.low()).isEqualTo(10);
        assertThat(axis.high()).isEqualTo(1000);
        assertThat(Axis.over(0.5, 3, false, 220, 0).low()).isZero();
    }
}
