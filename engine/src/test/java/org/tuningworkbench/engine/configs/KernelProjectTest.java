package org.tuningworkbench.engine.configs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;

class KernelProjectTest {

    @TempDir
    Path dir;

    @Test
    void aBareKernelGetsAProjectThatLoads() throws Exception {
        String source = """
                static float helper(float x) { return x; }
                void saxpy(int n, float alpha, const float *x, float *y) {
                    const int UNROLL = 4; // tunable
                    for (int i = 0; i < n; ++i) y[i] += alpha * helper(x[i]);
                }
                """;
        Path kernel = dir.resolve("saxpy.c");
        Files.writeString(kernel, source);
        Path file = dir.resolve("project.toml");
        Files.writeString(file, KernelProject.forKernel(kernel, source));
        Project project = ProjectFile.load(file);
        assertThat(project.kernel().entry()).isEqualTo("saxpy");
        assertThat(project.inputs().args()).extracting(KernelArg::name).containsExactly("n", "alpha", "x", "y");
        assertThat(project.inputs().outputs()).extracting(KernelArg::name).containsExactly("y");
        assertThat(project.candidates().listed()).containsExactly(new Config(Map.of("UNROLL", "4")));
    }

    @Test
    void aBareKernelsTunableDefinesBecomeItsConfig() throws Exception {
        String source = """
                #define BLOCK_SIZE 64 // tunable
                #define UNROLL 2 // tunable
                void scale(int n, float *y) {
                    for (int i = 0; i < n; i += BLOCK_SIZE) y[i] *= UNROLL;
                }
                """;
        Path kernel = dir.resolve("scale.c");
        Files.writeString(kernel, source);
        Path file = dir.resolve("project.toml");
        Files.writeString(file, KernelProject.forKernel(kernel, source));
        assertThat(ProjectFile.load(file).candidates().listed()).containsExactly(new Config(Map.of("BLOCK_SIZE", "64", "UNROLL", "2")));
    }

    @Test
    void aBareOpenClKernelGetsAProjectWithItsWorkSizeThatLoads() throws Exception {
        String source = """
                #define WG 64 // tunable: WG
                __kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
                void saxpy(int n, float alpha, __global const float *x, __global float *y) {
                    int i = get_global_id(0);
                    if (i < n) y[i] += alpha * x[i];
                }
                """;
        Path kernel = dir.resolve("saxpy.cl");
        Files.writeString(kernel, source);
        Path file = dir.resolve("project.toml");
        Files.writeString(file, KernelProject.forKernel(kernel, source));
        Project project = ProjectFile.load(file);
        assertThat(project.kernel().entry()).isEqualTo("saxpy");
        assertThat(project.inputs().args()).extracting(KernelArg::name).containsExactly("n", "alpha", "x", "y");
        assertThat(project.inputs().outputs()).extracting(KernelArg::name).containsExactly("y");
        assertThat(project.device().launches()).singleElement().satisfies(l -> assertThat(l.global()).containsExactly(1024L));
    }

    @Test
    void everyGuessIsNamedInWordsSoThePersonCanCheckItBeforeTheFileIsWritten() throws Exception {
        String source = "void saxpy(int n, float alpha, const float *x, float *y) {\n    const int UNROLL = 4; // tunable\n}\n";
        var draft = KernelProject.draft(dir.resolve("saxpy.c"), source);
        assertThat(draft.guesses()).contains(
                "entry: saxpy, the function that holds the tunable lines",
                "n: an int scalar, set to n",
                "alpha: a float scalar, set to n",
                "x: a buffer of n f32, filled with random(-1, 1)",
                "y: a buffer of n f32, the output that is checked");
        assertThat(draft.guesses()).anyMatch(g -> g.startsWith("no [work]"));
        assertThat(draft.guesses()).anyMatch(g -> g.startsWith("no golden result"));
        assertThat(draft.text()).contains("# [work]");
        String unsigned = "void f(unsigned n, uint32_t m, int64_t k, float *y) {\n    const int U = 4; // tunable\n}\n";
        assertThat(KernelProject.draft(dir.resolve("f.c"), unsigned).guesses())
                .contains("n: an unsigned scalar, set to n", "m: a uint32_t scalar, set to n", "k: an int64_t scalar, set to n");
    }
}
