package org.tuningworkbench.app.configs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FiguresTest {

    @Test
    void latenciesAreWrittenAsTheCommandLineAndTheReportWriteThem() {
        assertThat(Figures.micros(0.854324)).isEqualTo("0.8543 µs");
        assertThat(Figures.micros(0.0512345)).isEqualTo("0.05123 µs");
        assertThat(Figures.micros(16.986)).isEqualTo("16.99 µs");
        assertThat(Figures.micros(2310.0)).isEqualTo("2.310 ms");
        assertThat(Figures.micros(1_200_000.0)).isEqualTo("1.200 s");
        assertThat(Figures.micros(null)).isEmpty();
    }

    @Test
    void aRateHasOneDecimalAtAnySize() {
        assertThat(Figures.rate(1234.56)).isEqualTo("1234.6");
        assertThat(Figures.rate(12.34)).isEqualTo("12.3");
        assertThat(Figures.rate(null)).isEmpty();
    }

    @Test
    void aShareIsWrittenAsTheEngineWritesIt() {
        assertThat(Figures.percent(0.086)).as("as the lesson's CV, the command line's and the report's").isEqualTo("8.6%");
        assertThat(Figures.percent(null)).isEmpty();
    }

    @Test
    void theUnitChangesAtOneMillisecondAndOneSecond() {
        assertThat(Figures.micros(999.94)).isEqualTo("999.9 µs");
        assertThat(Figures.micros(1000.0)).isEqualTo("1.000 ms");
        assertThat(Figures.micros(999_499.0)).isEqualTo("999.5 ms");
        assertThat(Figures.micros(1_000_000.0)).isEqualTo("1.000 s");
    }
}
