package org.tuningworkbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CpuTimeTest {

    @Test
    void sumsUserSystemAndChildrenTimesAfterTheCommandName() {
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 150 25 7 3 20 0 30 0 123 0 0";
        assertThat(CpuTime.parse(stat)).isEqualTo((150 + 25 + 7 + 3) * 10.0);
    }

    @Test
    void tellsTheProcessOwnTimeFromItsChildren() {
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 150 25 7 3 20 0 30 0 123 0 0";
        assertThat(CpuTime.split(stat)).isEqualTo(new CpuTime.Split((150 + 25) * 10.0, (7 + 3) * 10.0));
    }

    @Test
    void readsThisProcessWhereProcExists() {
        assertThat(CpuTime.ms()).satisfiesAnyOf(ms -> assertThat(ms).isNaN(), ms -> assertThat(ms).isGreaterThanOrEqualTo(0));
    }
}
