package org.tuningworkbench.engine.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.format.Durations.Unit;

/** One rule picks the unit of a time, of an axis and of a heat map's cells: the largest in which the largest value is at least 1. */
class DurationsTest {

    @Test
    void theUnitIsTheLargestInWhichTheLargestValueIsAtLeastOne() {
        assertThat(Durations.unitFor(0)).isEqualTo(Unit.MICROSECONDS);
        assertThat(Durations.unitFor(0.5)).isEqualTo(Unit.MICROSECONDS);
        assertThat(Durations.unitFor(999.999)).isEqualTo(Unit.MICROSECONDS);
        assertThat(Durations.unitFor(1000)).as("one millisecond").isEqualTo(Unit.MILLISECONDS);
        assertThat(Durations.unitFor(999_999.9)).isEqualTo(Unit.MILLISECONDS);
        assertThat(Durations.unitFor(1_000_000)).as("one second").isEqualTo(Unit.SECONDS);
        assertThat(Durations.unitFor(3.6e9)).as("an hour still reads in seconds").isEqualTo(Unit.SECONDS);
        assertThat(Durations.unitFor(Double.NaN)).isEqualTo(Unit.MICROSECONDS);
    }

    @Test
    void aTimeIsWrittenWithFourSignificantDigitsAndASpaceBeforeItsUnit() {
        assertThat(Durations.micros(16.986)).isEqualTo("16.99 µs");
        assertThat(Durations.micros(0.0901234)).as("below a microsecond, no precision lost").isEqualTo("0.09012 µs");
        assertThat(Durations.micros(0.5)).isEqualTo("0.5000 µs");
        assertThat(Durations.micros(12)).as("trailing zeros kept, so a column lines up").isEqualTo("12.00 µs");
        assertThat(Durations.micros(999.5)).isEqualTo("999.5 µs");
        assertThat(Durations.micros(999.96)).as("rounded up to 1000 µs: the next unit").isEqualTo("1.000 ms");
        assertThat(Durations.micros(1000)).isEqualTo("1.000 ms");
        assertThat(Durations.micros(2310)).isEqualTo("2.310 ms");
        assertThat(Durations.micros(999_960)).isEqualTo("1.000 s");
        assertThat(Durations.micros(1_200_000)).isEqualTo("1.200 s");
        assertThat(Durations.micros(3.6e9)).isEqualTo("3600 s");
        assertThat(Durations.micros(0)).isEqualTo("0.000 µs");
    }

    @Test
    void aFigureInAChosenUnitHasThreeSignificantDigits() {
        Unit ms = Durations.unitFor(159_333);
        assertThat(ms).isEqualTo(Unit.MILLISECONDS);
        assertThat(Durations.figure(13_700, ms)).isEqualTo("13.7");
        assertThat(Durations.figure(159_333, ms)).isEqualTo("159");
        assertThat(Durations.figure(520, ms)).isEqualTo("0.52");
        assertThat(Durations.figure(9_996, ms)).as("rounded up to 10, in the next width").isEqualTo("10.0");
        assertThat(Durations.figure(5.658, Unit.MICROSECONDS)).isEqualTo("5.66");
        assertThat(Durations.figure(2.5e6, Durations.unitFor(2.5e6))).isEqualTo("2.50");
        assertThat(Unit.MILLISECONDS.of(2500)).isEqualTo(2.5);
    }
}
