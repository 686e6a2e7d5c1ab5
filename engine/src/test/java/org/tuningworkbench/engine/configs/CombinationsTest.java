package org.tuningworkbench.engine.configs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CombinationsTest {

    @Test
    void givesEveryCombinationFirstParameterSlowest() {
        var lists = new LinkedHashMap<String, List<String>>();
        lists.put("BM", Combinations.values("32; 64"));
        lists.put("BN", Combinations.values("8;16;"));
        assertThat(Combinations.count(lists)).isEqualTo(4);
        assertThat(Combinations.of(lists)).containsExactly(
                Map.of("BM", "32", "BN", "8"), Map.of("BM", "32", "BN", "16"),
                Map.of("BM", "64", "BN", "8"), Map.of("BM", "64", "BN", "16"));
    }

    @Test
    void parametersWithoutValuesAreLeftOut() {
        var lists = new LinkedHashMap<String, List<String>>();
        lists.put("BM", List.of("GemmShape<1, 2, 3>"));
        lists.put("BN", List.of());
        assertThat(Combinations.of(lists)).containsExactly(Map.of("BM", "GemmShape<1, 2, 3>"));
        assertThat(Combinations.of(Map.of())).isEmpty();
    }
}
