package org.tuningworkbench.engine.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.bridge.KernelLaunch;

public class LaunchTableTest {

    public static final String KERNEL = """
            #define block_size_x \\
                128 // tunable: block_size_x
            __kernel void vector_add(__global float *c, __global const float *a, int n) {
                int i = get_global_id(0);
                if (i < n) c[i] = a[i];
            }
            """;

    /** Kernel Tuner's vector_add: tune_kernel("vector_add", kernel_string, size, args, tune_params). */
    public static final String PROJECT = """
            [kernel]
            source = "vector_add.cl"
            entry = "vector_add"

            [sizes]
            n = 1000

            [[args]]
            name = "c"
            buffer = "f32[n]"
            output = true

            [[args]]
            name = "a"
            buffer = "f32[n]"

            [[args]]
            name = "n"
            scalar = "int"
            value = "n"

            [space]
            block_size_x = [128, 192, 256]
            """;

    @TempDir
    Path dir;

    @BeforeEach
    void kernel() throws Exception {
        Files.writeString(dir.resolve("vector_add.cl"), KERNEL);
    }

    private Project parse(String text) throws ProjectException {
        return ProjectFile.parse(dir.resolve("project.toml"), text, Map.of());
    }

    private List<ProjectError> errors(String text) {
        try {
            parse(text);
        } catch (ProjectException e) {
            return e.errors();
        }
        throw new AssertionError("expected the project to be refused");
    }

    @Test
    void theWorkSizesFollowEachConfigWithKernelTunersDefaults() throws Exception {
        Project project = parse(PROJECT + "\n[launch]\nproblem_size = \"n\"\n");
        assertThat(project.device().launches()).isEmpty();
        KernelLaunch launch = project.launchesFor(Map.of("block_size_x", "192")).getFirst();
        assertThat(launch.kernel()).isEqualTo("vector_add");
        assertThat(launch.args()).containsExactly("c", "a", "n");
        assertThat(launch.local()).containsExactly(192L, 1L, 1L);
        assertThat(launch.global()).containsExactly(1152L, 1L, 1L);
    }

    @Test
    void theProjectSaysWhatIsWrongWithLaunchAtItsKey() {
        assertThat(errors(PROJECT + "\n[launch]\ngrid_div_x = [\"block_size_x\"]\n")).singleElement()
                .satisfies(e -> assertThat(e.message()).startsWith("[launch] needs problem_size"));
        assertThat(errors(PROJECT + "\n[launch]\nproblem_size = [\"n\"]\ngrid_div_x = [\"block_size_x\", \"tile_size_x\"]\n")).singleElement()
                .satisfies(e -> {
                    assertThat(e.message()).startsWith("grid_div_x: `tile_size_x` names `tile_size_x`, which is none of block_size_x, n");
                    assertThat(e.line()).isEqualTo(27);
                });
        assertThat(errors(PROJECT + "\n[launch]\nproblem_size = [\"n\", 1, 1, 1]\n")).singleElement()
                .satisfies(e -> assertThat(e.message()).isEqualTo("problem_size gives 1 to 3 dimensions, found 4"));
        assertThat(errors(PROJECT + "\n[launch]\nproblem_size = \"n\"\nblock_size_names = [\"x y\"]\n")).singleElement()
                .satisfies(e -> assertThat(e.message()).startsWith("block_size_names lists the parameters"));
        assertThat(errors(PROJECT.replace("entry = \"vector_add\"", "entry = \"vector_add\"\nglobal = \"n\"") + "\n[launch]\nproblem_size = \"n\"\n"))
                .singleElement().satisfies(e -> assertThat(e.message()).startsWith("with [launch], the work sizes follow each config"));
    }

    @Test
    void aCKernelHasNoLaunch() throws Exception {
        Files.writeString(dir.resolve("scale.c"), "void vector_add(float *c, const float *a, int n) {}\n");
        assertThat(errors(PROJECT.replace("vector_add.cl", "scale.c") + "\n[launch]\nproblem_size = \"n\"\n")).singleElement()
                .satisfies(e -> assertThat(e.message()).startsWith("[launch] gives an OpenCL kernel's work sizes"));
    }

    @Test
    void aConfigWhoseWorkSizesCannotBeWorkedOutIsRefusedAloneWithItsReason() throws Exception {
        Project project = parse(PROJECT + "\n[launch]\nproblem_size = \"n\"\ngrid_div_x = \"block_size_x - 128\"\n");
        assertThatThrownBy(() -> project.launchesFor(Map.of("block_size_x", "128"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("grid_div_x is 0");
        assertThat(project.launchesFor(Map.of("block_size_x", "256")).getFirst().global()).containsExactly(2048L, 1L, 1L);
    }
}
