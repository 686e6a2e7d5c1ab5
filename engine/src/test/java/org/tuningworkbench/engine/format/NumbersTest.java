package org.tuningworkbench.engine.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NumbersTest {

    @Test
    void aShareIsAPercentageWithOneDecimal() {
        assertThat(Numbers.percent(0.086)).isEqualTo("8.6%");
        assertThat(Numbers.percent(0.0004)).isEqualTo("0.0%");
        assertThat(Numbers.percent(1)).isEqualTo("100.0%");
    }

    @Test
    void fourSignificantDigitsAndScientificBeyondTheirReach() {
        assertThat(Numbers.significant(12.3456)).isEqualTo("12.35");
        assertThat(Numbers.significant(1234.5)).isEqualTo("1235");
        assertThat(Numbers.significant(1.2345e9)).isEqualTo("1.235e+09");
        assertThat(Numbers.significant(0)).isEqualTo("0.0");
    }
}
