package org.tuningworkbench.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.tiers.IntegrationTest;

@Timeout(120)
@IntegrationTest
class OpenClLauncherTest {

    @TempDir
    Path dir;

    private static final List<KernelArg> ARGS = List.of(
            new KernelArg.Value("n", "int", "1000"),
            new KernelArg.Value("a", "float", "2.0"),
            new KernelArg.Buffer("x", ElementType.F32, List.of(1000L), new BufferInit.Range(0, 1), false),
            new KernelArg.Buffer("y", ElementType.F32, List.of(1000L), new BufferInit.Zeros(), true));

    private static final String SCALE = """
            __kernel void scale(int n, float a, __global const float *x, __global float *y) {
                int i = get_global_id(0);
                if (i < n) y[i] = a * x[i];
            }
            """;

    private static OpenClLauncher launcher(List<KernelLaunch> launches) {
        return new OpenClLauncher("k.cl", launches, ARGS, 42, "", "");
    }

    private static KernelLaunch launch(String kernel, List<Long> local, String... args) {
        return new KernelLaunch(kernel, List.of(1000L), local, List.of(args));
    }

    @Test
    void declaresHostBuffersCopiesThemToTheDeviceAndLaunchesInOrder() {
        String source = launcher(List.of(launch("scale", List.of(64L), "n", "a", "x", "y"), launch("relu", List.of(), "n", "y"))).source();
        assertThat(source).contains("#include \"tw_harness.h\"", "#include \"tw_opencl.h\"", "#include \"tw_kernel_source.h\"",
                "static cl_int tw_arg_n = 1000;", "static cl_float tw_arg_a = 2.0;", "static float *tw_arg_x;",
                "tw_cl_build(tw_kernel_source, \"k.cl\", \"\", \"\");", "tw_fill_range(tw_arg_x, TW_F32, 1000ULL, 0.0, 1.0)",
                "tw_cl_buffer(\"x\", tw_arg_x, 4000ULL);", "tw_cl_value(\"n\", &tw_arg_n, sizeof tw_arg_n);",
                "local[] = {64ULL}; static const int args[] = {0, 1, 2, 3};", "tw_cl_launch_of(\"scale\", 1, global, local, 4, args);",
                "local[] = {0, 0, 0}; static const int args[] = {0, 3};", "tw_cl_read(\"y\", tw_arg_y, 4000ULL);");
        assertThat(source.indexOf("\"scale\"")).isLessThan(source.indexOf("\"relu\""));
        assertThat(source).doesNotContain("tw_cl_read(\"x\"");
    }

    @Test
    void kernelTextIsEmbeddedAsACStringThatNamesTheUsersFile() {
        String header = launcher(List.of(launch("scale", List.of(), "n"))).companions("a \"q\" \\ ??=\nline 2 é\n").get(OpenClLauncher.KERNEL_SOURCE_FILE);
        assertThat(header).contains("\"#line 1 \\\"k.cl\\\"\\n", "a \\\"q\\\" \\\\ \\077\\077=\\n\"", "\"line 2 \\303\\251\\n\"");
    }

    @Test
    void aLaunchMayOnlyTakeArgumentsOfTheProject() {
        assertThatThrownBy(() -> launcher(List.of(launch("scale", List.of(), "n", "z"))))
                .hasMessageContaining("kernel scale takes `z`, which is not an argument of the project");
        assertThatThrownBy(() -> new KernelLaunch("k", List.of(10L, 10L), List.of(4L), List.of()))
                .hasMessageContaining("the work-group size has 1 dimensions, the global size 2");
    }

    /** On the machine's OpenCL driver (PoCL here): outputs read back, kernel time and launch count beside the wall time. */
    @Test
    void generatedProgramRunsOnTheDeviceAndTimesKernelsApart() throws Exception {
        Path out = buildAndRun(SCALE, List.of(launch("scale", List.of(), "n", "a", "x", "y"), launch("absent", List.of(), "n")), 0);
        NpyArray y = NpyArray.read(out.resolve("y.npy"));
        for (int i = 0; i < 1000; i += 97) assertThat(y.get(i)).isEqualTo(2.0 * i);
        List<String> timing = Files.readAllLines(out.resolve("timing.txt"));
        assertThat(timing.stream().filter(l -> l.startsWith("sample_kernel_ns "))).hasSize(3);
        assertThat(timing).contains("launches_per_call 1");
    }

    @Test
    void aKernelTheDeviceCannotBuildEndsWithItsLogOnTheUsersLine() throws Exception {
        String broken = SCALE.replace("y[i] = a * x[i];", "y[i] = a * undeclared;");
        Process run = start(broken, List.of(launch("scale", List.of(), "n", "a", "x", "y")));
        assertThat(run.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(run.exitValue()).isEqualTo(Launcher.EXIT_KERNEL_NOT_BUILT);
        String stderr = new String(run.getErrorStream().readAllBytes());
        assertThat(stderr).contains("refused k.cl")
                // PoCL says "error: k.cl:3:27: ...", clang-based GPU drivers "k.cl:3:27: error: ...".
                .containsPattern("k\\.cl:3:\\d+: (error: )?use of undeclared identifier 'undeclared'");
    }

    @Test
    void aKernelTheLaunchesDoNotListIsLeftAlone() throws Exception {
        Path out = buildAndRun(SCALE + "__kernel void naive(int n) {}\n", List.of(launch("scale", List.of(), "n", "a", "x", "y")), 0);
        assertThat(Files.readAllLines(out.resolve("timing.txt"))).contains("launches_per_call 1");
    }

    private Path buildAndRun(String kernel, List<KernelLaunch> launches, int expectedExit) throws Exception {
        Process run = start(kernel, launches);
        assertThat(run.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(run.exitValue()).as(new String(run.getErrorStream().readAllBytes())).isEqualTo(expectedExit);
        return dir.resolve("out");
    }

    private Process start(String kernel, List<KernelLaunch> launches) throws Exception {
        var launcher = launcher(launches);
        for (var file : launcher.companions(kernel).entrySet()) Files.writeString(dir.resolve(file.getKey()), file.getValue());
        Files.writeString(dir.resolve(launcher.fileName()), launcher.source());
        Process cc = new ProcessBuilder("gcc", "-O1", "-std=gnu11", "-o", "prog", launcher.fileName(), "-lOpenCL").directory(dir.toFile())
                .redirectErrorStream(true).start();
        String log = new String(cc.getInputStream().readAllBytes());
        assertThat(cc.waitFor()).as(log).isZero();
        Path out = Files.createDirectories(dir.resolve("out"));
        return new ProcessBuilder(dir.resolve("prog").toString(), out.toString(), "0", "3", "1").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }
}
