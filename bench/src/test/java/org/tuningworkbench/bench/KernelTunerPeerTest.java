package org.tuningworkbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.TunableSource;

/** The peer part's pieces that need no Kernel Tuner: finding it, the source and compiler it is given, and reading what it printed. */
class KernelTunerPeerTest {

    @Test
    void withoutTheVariableThePartSaysHowToSetThePeerUp() {
        var found = KernelTunerPeer.find(Map.of("PATH", "/usr/bin"));
        assertThat(found.peer()).isNull();
        assertThat(found.missing()).startsWith("TW_PEER_PYTHONPATH is not set.")
                .contains("git clone --depth 1 https://github.com/KernelTuner/kernel_tuner")
                .contains("https://github.com/python-constraint/python-constraint")
                .contains("kernel_tuner-1.4.0.dist-info/METADATA").contains("python_constraint2-2.6.0.dist-info/METADATA")
                .contains("export TW_PEER_PYTHONPATH=");
        assertThat(KernelTunerPeer.find(Map.of("TW_PEER_PYTHONPATH", " ")).peer()).isNull();
    }

    @Test
    void theVariableNamesThePeersFoldersAndPython3IsTheDefaultInterpreter() {
        var found = KernelTunerPeer.find(Map.of("TW_PEER_PYTHONPATH", "/p/kt:/p/pc:/p/meta"));
        assertThat(found.peer()).isEqualTo(new KernelTunerPeer("python3", "/p/kt:/p/pc:/p/meta"));
        assertThat(KernelTunerPeer.find(Map.of("TW_PEER_PYTHONPATH", "/p", "TW_PEER_PYTHON", "/opt/py/bin/python")).peer().python()).isEqualTo("/opt/py/bin/python");
    }

    @Test
    void kernelTunerGetsTheSourceWithItsTunedDeclarationsLeftToItsDefines() {
        String text = "static const int BM = 128;    // tunable\nstatic const int PACK = 1; // tunable\nvoid f(void) {\n    g(); // tunable: Order\n}\n";
        var source = TunableSource.parse(Path.of("k.c"), text);
        String out = KernelTunerPeer.sourceFor(source, Set.of("BM"), "\n// wrapper\n");
        assertThat(out).doesNotContain("static const int BM").contains("// BM: given by Kernel Tuner's #define\n")
                .contains("static const int PACK = 1; // tunable").endsWith("}\n\n// wrapper\n");
        assertThatThrownBy(() -> KernelTunerPeer.sourceFor(source, Set.of("Order"), "")).hasMessageContaining("`Order` is not a marked declaration of k.c");
        assertThatThrownBy(() -> KernelTunerPeer.sourceFor(source, Set.of("BX"), "")).hasMessageContaining("`BX`");
    }

    @Test
    void theExamplesSourceForKernelTunerDefinesTheTimedFunction() throws Exception {
        Path file = Path.of("..", "examples", "matmul-tiling", "matmul_tiling.c");
        var source = TunableSource.parse(file, java.nio.file.Files.readString(file));
        String out = KernelTunerPeer.sourceFor(source, Set.of("BM", "BN", "BK"), BenchSteps.resource("kernel_tuner_timed.c"));
        assertThat(out).doesNotContainPattern("static const int B[MNK] =").contains("static const int MR = 6;")
                .contains("float " + KernelTunerPeer.TIMED_FUNCTION + "(int m, int n, int k, const float *a, const float *b, float *c)")
                .contains("extern \"C\"");
    }

    @Test
    void theCompilerAndItsOptionsComeFromTheBuildCommand() {
        var compiler = KernelTunerPeer.compilerOf("gcc -O2 -march=native -std=gnu11 -I{kernel_dir} {source} -o {output} -lm", Path.of("/k"));
        assertThat(compiler.command()).isEqualTo("gcc");
        assertThat(compiler.options()).containsExactly("-O2", "-march=native", "-std=gnu11", "-I/k");
    }

    private static final String OUTPUT = """
            {"kernel_tuner": "1.4.0", "numpy": "2.4.6", "python": "3.11.7", "import_s": 0.3, "inputs_s": 0.02, "tune_s": 1.5, "configs": [
              {"config": {"BM": "32", "BN": "32"}, "time_ms": 2.0, "times_ms": [2.5, 1.5, 2.0], "compile_ms": 200.0, "verification_ms": 6.0, "benchmark_ms": 7.0, "framework_ms": 14.0, "strategy_ms": 0.0},
              {"config": {"BM": "64", "BN": "32"}, "error": "RuntimeFailedConfig", "compile_ms": 210.0},
              {"config": {"BM": "128", "BN": "32"}, "time_ms": 1.0, "times_ms": [1.0, 1.0, 1.0], "compile_ms": 190.0, "verification_ms": 4.0, "benchmark_ms": 4.0}
            ]}
            """;

    @Test
    void readsKernelTunersResultsRanksThemByItsOwnTimingAndSumsItsPhases() throws Exception {
        var out = KernelTunerPeer.parse(OUTPUT);
        assertThat(out.kernelTuner()).isEqualTo("1.4.0");
        assertThat(out.ranked()).extracting(KernelTunerPeer.Result::asConfig)
                .containsExactly(new Config(Map.of("BM", "128", "BN", "32")), new Config(Map.of("BM", "32", "BN", "32")));
        assertThat(out.best().orElseThrow().timeMs()).isEqualTo(1.0);
        assertThat(out.failed()).isEqualTo(1);
        assertThat(out.samples()).isEqualTo(6);
        assertThat(out.compileS()).isCloseTo(0.6, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(out.verificationS()).isCloseTo(0.010, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(out.verificationBeyondWarmS()).isCloseTo(0.007, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(out.timedCallsS()).isCloseTo(0.009, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void whatTheBenchmarkCannotReadIsNamed() {
        assertThatThrownBy(() -> KernelTunerPeer.parse("Traceback (most recent call last):")).isInstanceOf(IOException.class)
                .hasMessageContaining("printed no result the benchmark can read").hasMessageContaining("Traceback");
        assertThatThrownBy(() -> KernelTunerPeer.parse("{\"configs\": []}")).hasMessageContaining("measured no config");
        assertThatThrownBy(() -> KernelTunerPeer.parse("{\"configs\": [{\"config\": {\"BM\": \"32\"}}]}"))
                .hasMessageContaining("{BM=32} has neither times nor an error");
    }

    @Test
    void overlappingBuildsAreSaidAsSuch() {
        assertThat(PeerComparison.beyond(2.25)).isEqualTo("beyond builds and programs 2.3 s");
        assertThat(PeerComparison.beyond(-35.6)).isEqualTo("builds and programs overlapping by 35.6 s");
    }

    @Test
    void theGridsParametersAreItsConfigsValuesInOrder() {
        var configs = List.of(new Config(Map.of("BM", "16")), new Config(Map.of("BM", "32")), new Config(Map.of("BM", "16")));
        assertThat(PeerComparison.tuneParams(configs)).containsExactly(Map.entry("BM", List.of("16", "32")));
    }

    @Test
    void thePlainDriversTimesAreReadAndAShortOrBadOutputIsRefused() throws Exception {
        assertThat(PlainDriver.parseTimes("1.5\n2.5\n", 2)).containsExactly(1.5, 2.5);
        assertThatThrownBy(() -> PlainDriver.parseTimes("1.5\n", 2)).hasMessageContaining("printed 1 lines, not 2");
        assertThatThrownBy(() -> PlainDriver.parseTimes("1.5\nnan?\n", 2)).hasMessageContaining("positive times");
    }
}
