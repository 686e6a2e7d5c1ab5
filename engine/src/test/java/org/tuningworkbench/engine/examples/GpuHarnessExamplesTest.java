package org.tuningworkbench.engine.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.bridge.NpyArray;
import org.tuningworkbench.engine.backend.Backends;
import org.tuningworkbench.engine.backend.HarnessResult;
import org.tuningworkbench.engine.marker.SourceFiles;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.tiers.IntegrationTest;

/**
 * The CUDA and Triton harness examples are written for GPU machines and never run here. What can be
 * checked without a GPU is: their project files read, their markers declare every parameter their
 * space varies, and the harness library they use answers in the protocol the engine parses.
 */
@IntegrationTest
class GpuHarnessExamplesTest {

    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"cuda-harness", "triton-harness"})
    void theProjectReadsAndItsMarkersDeclareTheSpace(String example) throws Exception {
        assertThat(BundledExamplesTest.FOR_GPU_MACHINES).contains(example);
        Project project = ProjectFile.load(EXAMPLES.resolve(example).resolve("project.toml"));
        assertThat(Backends.of(project).name()).isEqualTo("harness");
        var source = TunableSource.parse(project.kernel().source(), SourceFiles.read(project.kernel().source()).text());
        assertThat(source.errors()).isEmpty();
        assertThat(source.parameters().keySet()).containsAll(project.candidates().space().orElseThrow().parameters().stream().map(p -> p.name()).toList());
        assertThat(Files.readString(EXAMPLES.resolve(example).resolve("README.md"))).contains("not run here");
    }

    @Test
    void theCxxLibraryAnswersInTheProtocol() throws Exception {
        Files.writeString(dir.resolve("tw_harness.hpp"), Launcher.resource("tw_harness.hpp"));
        Files.writeString(dir.resolve("main.cpp"), """
                #include "tw_harness.hpp"
                int main() {
                    float out[6] = {1, 2, 3, 4, 5, 6};
                    volatile float sink = 0;
                    tw::Samples s = tw::measure([&] { for (int i = 0; i < 1000; i++) sink = sink + out[i % 6]; });
                    if (!tw::save_npy("out", out, {2, 3})) return 1;
                    tw::report(s, {1.5, 2.5, 3.5}, {{"gflops", 12.5}});
                }
                """);
        run(List.of("g++", "-std=c++17", "-O1", "main.cpp", "-o", "main"));
        String stdout = run(List.of("./main"), "TW_SAMPLES=3", "TW_OUT_DIR=" + dir);
        HarnessResult result = HarnessResult.parse(stdout.strip().lines().reduce((a, b) -> b).orElse(""));
        assertThat(result.samplesUs()).hasSize(3);
        assertThat(result.kernelSamplesUs()).containsExactly(1.5, 2.5, 3.5);
        assertThat(result.firstCallUs()).isPositive();
        assertThat(result.metrics()).containsEntry("gflops", 12.5);
        NpyArray out = NpyArray.read(dir.resolve("out.npy"));
        assertThat(out.shape()).containsExactly(2L, 3L);
        assertThat(out.type().name()).isEqualTo("F32");
    }

    @Test
    void thePythonLibraryAnswersInTheProtocol() throws Exception {
        Files.writeString(dir.resolve("tw_harness.py"), Launcher.resource("tw_harness.py"));
        Files.writeString(dir.resolve("main.py"), """
                import tw_harness as tw
                m = tw.measure(lambda: sum(range(1000)))
                tw.report(m, kernel_samples_us=[4, 5], metrics={"gb_s": 3})
                """);
        String stdout = run(List.of("python3", "main.py"), "TW_SAMPLES=4");
        HarnessResult result = HarnessResult.parse(stdout.strip().lines().reduce((a, b) -> b).orElse(""));
        assertThat(result.samplesUs()).hasSize(4);
        assertThat(result.kernelSamplesUs()).containsExactly(4.0, 5.0);
        assertThat(result.metrics()).containsEntry("gb_s", 3.0);
    }

    private String run(List<String> command, String... environment) throws Exception {
        var builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        for (String variable : environment) builder.environment().put(variable.substring(0, variable.indexOf('=')), variable.substring(variable.indexOf('=') + 1));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output;
    }
}
