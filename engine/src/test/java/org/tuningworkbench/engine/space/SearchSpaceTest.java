package org.tuningworkbench.engine.space;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.marker.Config;

class SearchSpaceTest {

    private static final Parameter BM = Parameter.of("BM", List.of(16L, 32L, 64L, 128L));
    private static final Parameter BK = Parameter.powersOfTwo("BK", 16, 128);
    private static final Parameter ORDER = Parameter.of("Order", List.of("ijk", "ikj"));

    @Test
    void everyCombinationWithTheLastParameterVaryingFastest() {
        var space = SearchSpace.of(List.of(BM, ORDER));
        assertThat(space.combinations()).isEqualTo(8);
        assertThat(space.list()).extracting(Config::values).startsWith(Map.of("BM", "16", "Order", "ijk"), Map.of("BM", "16", "Order", "ikj"),
                Map.of("BM", "32", "Order", "ijk"));
    }

    @Test
    void aShuffledWalkMeetsEveryValidConfigOnceInTheSameOrderForTheSameSeed() {
        Set<String> names = Set.of("BM", "BK", "Order");
        var space = SearchSpace.of(List.of(BM, BK, ORDER), List.of(Constraint.parse("BM * BK <= 2048", names, Map.of())));
        List<Config> shuffled = new java.util.ArrayList<>();
        space.shuffled(RandomGenerator.of("L64X128MixRandom")).forEach(shuffled::add);
        assertThat(shuffled).containsExactlyInAnyOrderElementsOf(space.list());
        assertThat(shuffled).isNotEqualTo(space.list());
        List<Config> again = new java.util.ArrayList<>();
        space.shuffled(java.util.random.RandomGeneratorFactory.of("L64X128MixRandom").create(0)).forEach(again::add);
        List<Config> same = new java.util.ArrayList<>();
        space.shuffled(java.util.random.RandomGeneratorFactory.of("L64X128MixRandom").create(0)).forEach(same::add);
        assertThat(same).isEqualTo(again);

        var listed = SearchSpace.listed(List.of(BM), List.of(new Config(Map.of("BM", "16")), new Config(Map.of("BM", "64"))));
        List<Config> both = new java.util.ArrayList<>();
        listed.shuffled(RandomGenerator.of("L64X128MixRandom")).forEach(both::add);
        assertThat(both).containsExactlyInAnyOrder(new Config(Map.of("BM", "16")), new Config(Map.of("BM", "64")));
    }

    @Test
    void aShuffledWalkOfAHugeSpaceStartsAtOnce() {
        var wide = new java.util.ArrayList<Parameter>();
        for (int p = 0; p < 9; p++) wide.add(Parameter.range("P" + p, 0, 99, 1));
        var space = SearchSpace.of(wide);
        assertThat(space.combinations()).isEqualTo(1_000_000_000_000_000_000L);
        var first = new java.util.ArrayList<Config>();
        var walk = space.shuffled(RandomGenerator.of("L64X128MixRandom")).iterator();
        for (int i = 0; i < 1000; i++) first.add(walk.next());
        assertThat(first).doesNotHaveDuplicates().allSatisfy(c -> assertThat(space.contains(c)).isTrue());
    }

    @Test
    void kindsAreReadOffTheValues() {
        assertThat(BM.kind()).isEqualTo(Parameter.Kind.INTEGER);
        assertThat(BK.values()).containsExactly("16", "32", "64", "128");
        assertThat(ORDER.kind()).isEqualTo(Parameter.Kind.CATEGORICAL);
        assertThat(Parameter.of("alpha", List.of(0.5, 1.0)).kind()).isEqualTo(Parameter.Kind.REAL);
        assertThat(Parameter.of("text", List.of("64", "128")).kind()).isEqualTo(Parameter.Kind.CATEGORICAL);
        assertThat(Parameter.range("U", 2, 10, 4).values()).containsExactly("2", "6", "10");
    }

    @Test
    void constraintsOverParametersAndSizesLeaveOnlyTheConfigsTheyAllow() {
        Set<String> names = Set.of("BM", "BK", "Order");
        var space = SearchSpace.of(List.of(BM, BK, ORDER), List.of(
                Constraint.parse("BM * BK <= limit", names, Map.of("limit", 2048L)),
                Constraint.parse("Order == \"ikj\" || BM % 32 == 0", names, Map.of())));
        assertThat(space.combinations()).isEqualTo(32);
        assertThat(space.list()).allSatisfy(c -> {
            long bm = Long.parseLong(c.values().get("BM"));
            assertThat(bm * Long.parseLong(c.values().get("BK"))).isLessThanOrEqualTo(2048);
            assertThat(c.values().get("Order").equals("ikj") || bm % 32 == 0).isTrue();
        });
        // BM*BK<=2048: (16: 16,32,64,128) (32: 16,32,64) (64: 16,32) (128: 16) = 10 pairs; BM=16 only with ikj
        assertThat(space.size()).isEqualTo(4 + 2 * 6);
        assertThat(space.contains(new Config(Map.of("BM", "128", "BK", "32", "Order", "ikj")))).isFalse();
        assertThat(space.broken(new Config(Map.of("BM", "128", "BK", "32", "Order", "ikj")))).containsExactly("BM * BK <= limit");
        assertThat(space.describe()).isEqualTo("16 configs (32 combinations; 2 constraints)");
    }

    @Test
    void aConstraintNamingAnUnknownNameIsRefusedWithTheNames() {
        assertThatThrownBy(() -> Constraint.parse("BM * BX <= 4", Set.of("BM"), Map.of("m", 4L)))
                .hasMessageContaining("`BX`").hasMessageContaining("neither a parameter (BM) nor a size");
        assertThatThrownBy(() -> Constraint.parse("BM * <= 4", Set.of("BM"), Map.of())).hasMessageContaining("cannot be read");
    }

    @Test
    void aHugeSpaceCostsNothingUntilPointsAreAskedFor() {
        var many = new java.util.ArrayList<Parameter>();
        for (int i = 0; i < 10; i++) many.add(Parameter.range("P" + i, 1, 16, 1));
        var space = SearchSpace.of(many, List.of(Constraint.parse("P0 <= P1", Set.of("P0", "P1"), Map.of())));
        assertThat(space.combinations()).isEqualTo(1L << 40);
        assertThat(space.valid().iterator().next().values()).containsEntry("P0", "1").containsEntry("P9", "1");
        var random = RandomGenerator.of("L64X128MixRandom");
        assertThat(space.random(random)).hasValueSatisfying(c -> assertThat(space.contains(c)).isTrue());
        assertThat(space.sizeExact()).isFalse();
        assertThat((double) space.size() / space.combinations()).isBetween(0.5, 0.56);
    }

    @Test
    void neighboursDifferInOneParameterByOneStepAndAreValid() {
        var space = SearchSpace.of(List.of(BM, BK));
        var center = new Config(Map.of("BM", "32", "BK", "16"));
        assertThat(space.neighbours(center)).extracting(Config::values).containsExactlyInAnyOrder(
                Map.of("BM", "16", "BK", "16"), Map.of("BM", "64", "BK", "16"), Map.of("BM", "32", "BK", "32"));
    }

    @Test
    void aListedSpaceHoldsExactlyItsConfigs() {
        var a = new Config(Map.of("BM", "16"));
        var b = new Config(Map.of("BM", "64"));
        var space = SearchSpace.listed(List.of(BM), List.of(a, b));
        assertThat(space.size()).isEqualTo(2);
        assertThat(space.contains(a)).isTrue();
        assertThat(space.contains(new Config(Map.of("BM", "32")))).isFalse();
        assertThat(space.list()).containsExactly(a, b);
    }

    @Test
    void aConfigIsIdentifiedByItsValuesWhateverTheirOrder() {
        var ab = new java.util.LinkedHashMap<String, String>();
        ab.put("A", "1");
        ab.put("B", "2");
        var ba = new java.util.LinkedHashMap<String, String>();
        ba.put("B", "2");
        ba.put("A", "1");
        assertThat(new Config(ab).key()).isEqualTo(new Config(ba).key());
        assertThat(new Config(ab)).isEqualTo(new Config(ba));
        assertThat(new Config(ab).key()).isNotEqualTo(new Config(Map.of("A", "1", "B", "3")).key());
    }
}
