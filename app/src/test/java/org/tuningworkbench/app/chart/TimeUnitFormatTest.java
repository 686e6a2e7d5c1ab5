package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import org.jfree.chart.axis.NumberAxis;
import org.junit.jupiter.api.Test;

/** A latency axis takes its unit by the engine's one rule, as the report's axes, its heat map and every time the window writes. */
class TimeUnitFormatTest {

    private static NumberAxis axis(double maxUs) {
        var axis = new NumberAxis("latency");
        TimeUnitFormat.apply(axis, "latency", "median with min–max", maxUs);
        return axis;
    }

    @Test
    void theAxisIsInTheLargestUnitInWhichItsLargestTimeIsAtLeastOne() {
        assertThat(axis(999).getLabel()).isEqualTo("latency (µs), median with min–max");
        assertThat(axis(2_000).getLabel()).as("2 ms: the report's axis and the window's time say ms too").startsWith("latency (ms)");
        assertThat(axis(2_000).getNumberFormatOverride().format(1_500)).isEqualTo("1.5");
        assertThat(axis(999_999).getLabel()).startsWith("latency (ms)");
        assertThat(axis(1_000_000).getLabel()).startsWith("latency (s)");
    }
}
