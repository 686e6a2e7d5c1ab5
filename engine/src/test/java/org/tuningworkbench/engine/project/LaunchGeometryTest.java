package org.tuningworkbench.engine.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.bridge.KernelLaunch;

/** The work sizes Kernel Tuner gives a config (util.get_grid_dimensions, get_thread_block_dimensions; OpenCL's global = grid × block). */
class LaunchGeometryTest {

    private static final Set<String> NAMES = Set.of("n", "m", "block_size_x", "block_size_y", "tile_size_x", "tile_size_y", "BX");

    private static List<Formula> formulas(String... texts) {
        return java.util.Arrays.stream(texts).map(t -> Formula.parse(t, NAMES, "test")).toList();
    }

    private static LaunchGeometry geometry(List<Formula> problem, Optional<List<Formula>> x, Optional<List<Formula>> y, List<String> names) {
        return new LaunchGeometry(problem, List.of(x, y, Optional.empty()), names);
    }

    private static KernelLaunch launch(LaunchGeometry g, Map<String, String> params) {
        return g.launch("k", List.of("C"), params, Map.of("n", 1000L, "m", 37L));
    }

    @Test
    void matmulsDivisorsMultiplyAndTheGroupsRoundUp() {
        var g = geometry(formulas("n", "m"), Optional.of(formulas("block_size_x", "tile_size_x")), Optional.of(formulas("block_size_y", "tile_size_y")),
                LaunchGeometry.DEFAULT_BLOCK_SIZE_NAMES);
        KernelLaunch l = launch(g, Map.of("block_size_x", "16", "block_size_y", "4", "tile_size_x", "2", "tile_size_y", "4"));
        // x: ceil(1000 / 32) = 32 groups of 16; y: ceil(37 / 16) = 3 groups of 4; z: 1 group of 1.
        assertThat(l.local()).containsExactly(16L, 4L, 1L);
        assertThat(l.global()).containsExactly(512L, 12L, 1L);
    }

    @Test
    void withoutDivisorsEachDimensionIsDividedByItsBlockSizeAndWithoutOneKernelTunersDefaultsHold() {
        var g = geometry(formulas("n"), Optional.empty(), Optional.empty(), LaunchGeometry.DEFAULT_BLOCK_SIZE_NAMES);
        assertThat(launch(g, Map.of("block_size_x", "128")).global()).containsExactly(1024L, 1L, 1L);
        // No block_size_x: a block of 256 and a divisor of 1, as Kernel Tuner has it.
        KernelLaunch plain = launch(g, Map.of());
        assertThat(plain.local()).containsExactly(256L, 1L, 1L);
        assertThat(plain.global()).containsExactly(256_000L, 1L, 1L);
    }

    @Test
    void blockSizeNamesChooseTheParametersAndExpressionsCutTheirFractionAsPythonsInt() {
        var g = geometry(formulas("n / 3"), Optional.of(formulas("BX * 2")), Optional.empty(), List.of("BX", "block_size_y", "block_size_z"));
        KernelLaunch l = launch(g, Map.of("BX", "8"));
        // int(1000 / 3) = 333 work, divided by 16: 21 groups of 8.
        assertThat(l.local()).containsExactly(8L, 1L, 1L);
        assertThat(l.global()).containsExactly(168L, 1L, 1L);
    }

    @Test
    void aDivisorOfZeroOrAValueThatIsNoNumberMakesTheConfigInvalidWithItsReason() {
        var g = geometry(formulas("n"), Optional.of(formulas("tile_size_x - 2")), Optional.empty(), LaunchGeometry.DEFAULT_BLOCK_SIZE_NAMES);
        assertThatThrownBy(() -> launch(g, Map.of("tile_size_x", "2"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("grid_div_x is 0");
        assertThatThrownBy(() -> launch(g, Map.of("tile_size_x", "wide"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("`tile_size_x` is \"wide\", not a number");
        assertThatThrownBy(() -> launch(g, Map.of("tile_size_x", "4", "block_size_x", "0"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("block_size_x = 0 must be 1 or more");
    }

    @Test
    void aFormulaNamesOnlyWhatItMayUse() {
        assertThatThrownBy(() -> Formula.parse("block_size_q * 2", NAMES, "grid_div_x")).hasMessageStartingWith("grid_div_x: `block_size_q * 2` names `block_size_q`");
        assertThatThrownBy(() -> Formula.parse("2 *", NAMES, "problem_size")).hasMessageStartingWith("problem_size: `2 *` cannot be read");
    }
}
