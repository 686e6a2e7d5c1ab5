package org.tuningworkbench.engine.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SteadinessProbeTest {

    @Test
    void steadyReadingsAreNotFlagged() {
        var probe = new SteadinessProbe();
        for (int i = 0; i < 5; i++) assertThat(probe.judge(100 + i, 101 - i).unsteady()).isFalse();
        assertThat(probe.usualGflops()).isBetween(99.0, 102.0);
    }

    @Test
    void aReadingFarBelowTheUsualFigureIsUnsteady() {
        var probe = new SteadinessProbe();
        for (int i = 0; i < 4; i++) probe.judge(100, 100);
        var verdict = probe.judge(100, 50);
        assertThat(verdict.unsteady()).isTrue();
        assertThat(verdict.usualGflops()).isEqualTo(100);
        assertThat(verdict.worstShare()).isEqualTo(0.5);
    }

    @Test
    void aSlowSpellAfterASteadyRunIsUnsteadyEvenWhenBothReadingsAgree() {
        var probe = new SteadinessProbe();
        for (int i = 0; i < 6; i++) probe.judge(200, 200);
        assertThat(probe.judge(100, 100).unsteady()).isTrue();
    }

    @Test
    void withoutHistoryTheTwoReadingsAreJudgedAgainstEachOther() {
        assertThat(new SteadinessProbe().judge(100, 95).unsteady()).isFalse();
        assertThat(new SteadinessProbe().judge(100, 40).unsteady()).isTrue();
    }

    @Test
    void aThreadOffItsCpuForMoreThanATenthOfTheSamplesIsUnsteady() {
        var probe = new SteadinessProbe();
        assertThat(probe.judge(100, 100, 0.95).unsteady()).isFalse();
        var shared = probe.judge(100, 100, 0.5);
        assertThat(shared.unsteady()).isTrue();
        assertThat(shared.cpuShare()).isEqualTo(0.5);
    }

    @Test
    void theThresholdIsAShare() {
        assertThat(new SteadinessProbe(0.4).judge(100, 45).unsteady()).isFalse();
        assertThatThrownBy(() -> new SteadinessProbe(1.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SteadinessProbe().judge(0, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
