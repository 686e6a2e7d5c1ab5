package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LatencyScaleTest {

    @Test
    void theDefaultIsLinearUntilTheResultsSpanMoreThanTenTimes() {
        var scale = new LatencyScale();
        scale.observe(100.0);
        scale.observe(1000.0);
        assertThat(scale.log()).isFalse();
        scale.observe(null);
        scale.observe(0.0);
        assertThat(scale.log()).isFalse();
        scale.observe(1000.5);
        assertThat(scale.log()).isTrue();
    }

    @Test
    void thePersonsChoiceOverridesTheSpanAndOutlivesAReset() {
        var scale = new LatencyScale();
        scale.observe(1.0);
        scale.observe(500.0);
        scale.choiceProperty().set(LatencyScale.Choice.LINEAR);
        assertThat(scale.log()).isFalse();
        scale.choiceProperty().set(LatencyScale.Choice.LOG);
        scale.reset();
        assertThat(scale.log()).isTrue();
        scale.choiceProperty().set(LatencyScale.Choice.BY_SPAN);
        assertThat(scale.log()).isFalse();
    }
}
