package org.tuningworkbench.app.configs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FiguresTest {

    @Test
    void latenciesKeepAtLeastThreeSignificantDigits() {
        assertThat(Figures.micros(0.854324)).isEqualTo("0.854 µs");
        assertThat(Figures.micros(0.0512345)).isEqualTo("0.0512 µs");
        assertThat(Figures.micros(16.986)).isEqualTo("16.99 µs");
        assertThat(Figures.micros(2310.0)).isEqualTo("2.310 ms");
        assertThat(Figures.micros(1_200_000.0)).isEqualTo("1.200 s");
        assertThat(Figures.micros(null)).isEmpty();
    }

    @Test
    void aShareIsWrittenAsTheEngineWritesIt() {
        assertThat(Figures.percent(0.086)).as("as the lesson's CV, the command line's and the report's").isEqualTo("8.6%");
        assertThat(Figures.percent(null)).isEmpty();
    }

    @Test
    void theUnitChangesAtOneMillisecondAndOneSecond() {
        assertThat(Figures.micros(999.99)).isEqualTo("999.99 µs");
        assertThat(Figures.micros(1000.0)).isEqualTo("1.000 ms");
        assertThat(Figures.micros(999_999.0)).isEqualTo("999.999 ms");
        assertThat(Figures.micros(1_000_000.0)).isEqualTo("1.000 s");
    }
}
