package org.tuningworkbench.engine.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** One way to write a size, for the build cache's and the project's memory figures alike. */
class SizesTest {

    @Test
    void bytesBelowAKibibyteThenOneDecimalInTheLargestUnitAtLeastOne() {
        assertThat(Sizes.bytes(0)).isEqualTo("0 B");
        assertThat(Sizes.bytes(1023)).isEqualTo("1023 B");
        assertThat(Sizes.bytes(1024)).isEqualTo("1.0 KiB");
        assertThat(Sizes.bytes(1536)).isEqualTo("1.5 KiB");
        assertThat(Sizes.bytes((1L << 20) - 1)).as("just under 1 MiB rounds, in KiB").isEqualTo("1024.0 KiB");
        assertThat(Sizes.bytes(1L << 20)).isEqualTo("1.0 MiB");
        assertThat(Sizes.bytes(3L << 30)).isEqualTo("3.0 GiB");
        assertThat(Sizes.bytes(1L << 40)).isEqualTo("1.0 TiB");
        assertThat(Sizes.bytes(Long.MAX_VALUE)).as("TiB is the largest unit").endsWith(" TiB");
    }
}
