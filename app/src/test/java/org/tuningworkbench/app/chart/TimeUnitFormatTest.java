package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import org.jfree.chart.axis.LogAxis;
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

    @Test
    void aLogAxisTickFarBelowItsUnitKeepsTwoSignificantDigits() {
        // Configs from 0.09 µs to 30 ms on one log axis, in ms: its lowest ticks are 0.0001 ms and below, never "0".
        var axis = new LogAxis("latency");
        TimeUnitFormat.apply(axis, "latency", null, 30_000);
        var format = axis.getNumberFormatOverride();
        assertThat(format.format(0.1)).isEqualTo("0.0001");
        assertThat(format.format(0.0794)).isEqualTo("0.000079");
        assertThat(format.format(0.5)).isEqualTo("0.0005");
        assertThat(format.format(398.107)).isEqualTo("0.4");
        assertThat(format.format(12_589.25)).isEqualTo("13");
    }
}
