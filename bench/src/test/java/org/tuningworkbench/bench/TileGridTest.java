package org.tuningworkbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The benchmark's tile grid measures a register block the CPU's vector registers hold. */
class TileGridTest {

    @Test
    void anAvx512CpuKeepsTheSourcesBlockAndAnAvx2OneTakesTheStorysAvx2Block() throws Exception {
        assertThat(BenchSteps.registerBlock(Set.of("avx2", "avx512f"))).isEmpty();
        Map<String, String> avx2 = BenchSteps.registerBlock(Set.of("avx2", "fma"));
        assertThat(avx2).containsExactly(Map.entry("MR", "6"), Map.entry("NV", "2"), Map.entry("VW", "8"));
        // A block the example compiles a micro-kernel for, not its slow fallback.
        String source = Files.readString(Path.of("..", "examples", "matmul-tiling", "matmul_tiling.c"));
        assertThat(source).contains("X(" + avx2.get("MR") + ", " + avx2.get("NV") + ", " + avx2.get("VW") + ")");
    }

    @Test
    void theBenchmarkSaysWhereItsProgramsRanPinnedByDefault() {
        var defaults = org.tuningworkbench.engine.exec.TuneOptions.defaults();
        assertThat(RacingAgainstBruteForce.measuredOn(defaults)).isEqualTo("every program on CPU " + org.tuningworkbench.engine.run.Affinity.allowedCpus().last() + " (pinned)");
        assertThat(RacingAgainstBruteForce.measuredOn(defaults.toBuilder().pin(false).build())).contains("not pinned");
    }
}
