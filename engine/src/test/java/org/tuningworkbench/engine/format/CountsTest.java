package org.tuningworkbench.engine.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CountsTest {

    @Test
    void aCountOfOneTakesTheSingular() {
        assertThat(Counts.of(1, "config")).isEqualTo("1 config");
        assertThat(Counts.of(0, "config")).isEqualTo("0 configs");
        assertThat(Counts.of(12, "tunable parameter")).isEqualTo("12 tunable parameters");
        assertThat(Counts.of(17_956, "config")).as("thousands grouped, as the other figures").isEqualTo("17,956 configs");
        assertThat(Counts.of(11_130)).isEqualTo("11,130");
    }
}
