package org.tuningworkbench.engine.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigsTest {

    @Test
    void aConfigIsItsPairsInItsOwnOrderInBraces() {
        var values = new LinkedHashMap<String, Object>();
        values.put("BN", "32");
        values.put("BM", 64L);
        assertThat(Configs.text(values)).isEqualTo("{BN=32, BM=64}");
        assertThat(Configs.pairs(values)).isEqualTo("BN=32, BM=64");
        assertThat(Configs.text(Map.of())).isEqualTo("{}");
    }
}
