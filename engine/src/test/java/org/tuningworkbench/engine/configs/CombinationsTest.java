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
        lists.put("BM", Combinations.values("32\n 64"));
        lists.put("BN", Combinations.values("8\n16\n\n"));
        assertThat(Combinations.count(lists)).isEqualTo(4);
        assertThat(Combinations.of(lists)).containsExactly(
                Map.of("BM", "32", "BN", "8"), Map.of("BM", "32", "BN", "16"),
                Map.of("BM", "64", "BN", "8"), Map.of("BM", "64", "BN", "16"));
    }

    @Test
    void aValueWithSemicolonsAndCommasStaysWhole() {
        var lists = new LinkedHashMap<String, List<String>>();
        lists.put("Loop", Combinations.values("for (int i = 0; i < n; i++) y[i] = x[i];\nfor (int i = n - 1; i >= 0; i--) y[i] = x[i];"));
        lists.put("Shape", Combinations.values("GemmShape<64, 64, 64>"));
        assertThat(Combinations.of(lists)).hasSize(2).allSatisfy(c -> assertThat(c.get("Loop")).startsWith("for (int i").endsWith("y[i] = x[i];"));
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
