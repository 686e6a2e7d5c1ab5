package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.device.OpenClDevices;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.exec.TuningException;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.testing.ListedOrder;
import org.tuningworkbench.tiers.IntegrationTest;

/** An OpenCL kernel tuned end to end on this machine's OpenCL driver (PoCL on the CPU in CI). */
@Timeout(240)
@IntegrationTest
class OpenClTuningTest {

    @TempDir
    Path dir;

    /** Work-group size as a parameter: a tunable #define the kernel requires, which the host reads back. */
    private static final String KERNEL = """
            #define WG 64 // tunable: WG
            __kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
            void saxpy(int n, float a, __global const float *x, __global float *y) {
                int i = get_global_id(0);
                float bias = 0.0f; // tunable: Bias
                if (i < n) y[i] = a * x[i] + y[i] + bias;
            }
            """;

    private static final String REFERENCE = """
            void saxpy_reference(int n, float a, const float *x, float *y) {
                for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];
            }
            """;

    private static final String PROJECT = """
            [kernel]
            source = "saxpy.cl"
            entry = "saxpy"
            global = "n"

            [sizes]
            n = 10000

            [[args]]
            name = "n"
            scalar = "int"
            value = "n"

            [[args]]
            name = "a"
            scalar = "float"
            value = "1.5"

            [[args]]
            name = "x"
            buffer = "f32[n]"
            init = "random(-1, 1)"

            [[args]]
            name = "y"
            buffer = "f32[n]"
            init = "ones"
            output = true

            [golden]
            source = "reference.c"
            function = "saxpy_reference"
            atol = 1e-6
            rtol = 1e-6

            [measure]
            warmup_ms = 5
            repeat = 3
            min_sample_ms = 2

            [[configs]]
            WG = "#define WG 32"

            [[configs]]
            WG = "#define WG 128"

            [[configs]]
            Bias = "    float bias = undeclared_name;"
            """;

    private Project write(String kernel, String project) throws Exception {
        Files.writeString(dir.resolve("saxpy.cl"), kernel);
        Files.writeString(dir.resolve("reference.c"), REFERENCE);
        Files.writeString(dir.resolve("project.toml"), project);
        return ProjectFile.load(dir.resolve("project.toml"));
    }

    private List<TuningRecord> tune(Project project) throws Exception {
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            return ListedOrder.of(project, new Tuner(project, TuneOptions.defaults(dir.resolve("cache")).toBuilder().resume(false).build()).run(file, e -> { }));
        }
    }

    @Test
    void tunesAWorkGroupSizeVerifiedAgainstAHostReferenceWithKernelTimeApart() throws Exception {
        List<TuningRecord> records = tune(write(KERNEL, PROJECT.replace("Bias = \"    float bias = undeclared_name;\"", "WG = \"#define WG 256\"")));
        assertThat(records).hasSize(3).allSatisfy(r -> {
            assertThat(r.status()).as(r.error()).isEqualTo(Status.OK);
            assertThat(r.verification().failed()).isFalse();
            assertThat(r.kernelUs()).isPositive().isLessThanOrEqualTo(r.medianUs() * 1.5);
            assertThat(r.timing().kernelSamplesUs()).hasSameSizeAs(r.samplesUs());
            assertThat(r.launches()).isEqualTo(1L);
            assertThat(r.launchOverheadUs()).isNotNull();
            assertThat(r.device()).startsWith("OpenCL ").contains("compute units").doesNotContain("platform 0 device 0");
            assertThat(r.identity().instance()).contains("platform 0 device 0");
        });
    }

    /** Kernel Tuner's habit: one file holding the tuned kernel and a naive one that gives the right answer; no markers, parameters injected. */
    @Test
    void theGoldenComesFromANaiveKernelOfTheSameFileWhichIsNeverLaunchedWithTheEntry() throws Exception {
        String kernels = """
                __kernel __attribute__((reqd_work_group_size(block_size_x, 1, 1)))
                void saxpy(int n, float a, __global const float *x, __global float *y) {
                    int i = get_global_id(0);
                    if (i < n) y[i] = a * x[i] + y[i];
                }
                __kernel void saxpy_naive(int n, float a, __global const float *x, __global float *y) {
                    if (get_global_id(0) == 0) for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];
                }
                """;
        String project = PROJECT.replace("entry = \"saxpy\"", "entry = \"saxpy\"\ninject = \"defines\"")
                .replace("source = \"reference.c\"\nfunction = \"saxpy_reference\"", "kernel = \"saxpy_naive\"");
        Project read = write(kernels, project.substring(0, project.indexOf("[[configs]]")) + "[space]\nblock_size_x = [32, 128]\n");
        List<TuningRecord> records = tune(read);
        assertThat(records).hasSize(2).allSatisfy(r -> {
            assertThat(r.status()).as(r.error()).isEqualTo(Status.OK);
            assertThat(r.verification().failed()).isFalse();
            assertThat(r.launches()).isEqualTo(1L);
        });
    }

    @Test
    void aKernelWritingPastABufferOnACpuDeviceIsOutOfBoundsNamingTheBufferAsACKernelIs() throws Exception {
        // PoCL runs the kernel in the launcher's process: on the harness's buffers, between their guard zones and fences.
        String kernel = """
                #define OVER 0 // tunable
                __kernel void saxpy(int n, float a, __global const float *x, __global float *y) {
                    int i = get_global_id(0);
                    if (i < n) y[i] = a * x[i] + y[i];
                    if (i == 0 && OVER > 0) y[n - 1 + OVER] = 0.0f;
                }
                """;
        String project = PROJECT.substring(0, PROJECT.indexOf("[[configs]]")) + """
                [[configs]]
                OVER = 0

                [[configs]]
                OVER = 4

                [[configs]]
                OVER = 8192
                """;
        List<TuningRecord> records = tune(write(kernel, project));
        assertThat(records).extracting(TuningRecord::status).containsExactly(Status.OK, Status.OUT_OF_BOUNDS, Status.OUT_OF_BOUNDS);
        // 3 floats past the end, in the guard zone; 8191 floats past it, in the fence beyond.
        assertThat(records.get(1).error()).contains("buffer `y` (40000 bytes)", "40012");
        assertThat(records.get(2).error()).contains("buffer `y` (40000 bytes)", "72764", "past its end");
    }

    @Test
    void buildFlagsAreTheDeviceCompilersOptionsAsKernelTunersCompilerOptionsAre() throws Exception {
        // tune_kernel(..., compiler_options=["-cl-fast-relaxed-math", "-DOFFSET=0.0f"]): options for clBuildProgram, not for the host's gcc.
        String kernel = KERNEL.replace("+ bias;", "+ bias + OFFSET;");
        String project = PROJECT.substring(0, PROJECT.indexOf("[[configs]]")) + """
                [build]
                flags = "-cl-fast-relaxed-math -DOFFSET=0.0f"

                [[configs]]
                WG = "#define WG 32"
                """;
        List<TuningRecord> records = tune(write(kernel, project));
        assertThat(records).singleElement().satisfies(r -> assertThat(r.status()).as(r.error()).isEqualTo(Status.OK));
    }

    @Test
    void aKernelInAFolderWhosePathHasASpaceFindsTheHeaderBesideIt() throws Exception {
        // Build options are split at spaces with no quoting: "-I /a b/c" made every config "Invalid build option: b/c".
        dir = Files.createDirectories(dir.resolve("my kernels"));
        Files.writeString(dir.resolve("offset.h"), "#define OFFSET 0.0f\n");
        String kernel = "#include \"offset.h\"\n" + KERNEL.replace("+ bias;", "+ bias + OFFSET;");
        String project = PROJECT.substring(0, PROJECT.indexOf("[[configs]]")) + """
                [[configs]]
                WG = "#define WG 32"
                """;
        List<TuningRecord> records = tune(write(kernel, project));
        assertThat(records).singleElement().satisfies(r -> assertThat(r.status()).as(r.error()).isEqualTo(Status.OK));
    }

    @Test
    void aMessageOfTheDevicesCompilerWithNoLineIsTheRecordsErrorNotItsLastWords() throws Exception {
        String kernel = KERNEL.replace("__kernel", "float undefined_helper(float x);\n__kernel").replace("y[i] = ", "y[i] = undefined_helper(1.0f) + ");
        assertThat(kernel).contains("undefined_helper(1.0f)");
        List<TuningRecord> records = tune(write(kernel, PROJECT.replace("Bias = \"    float bias = undeclared_name;\"", "WG = \"#define WG 256\"")));
        assertThat(records).first().satisfies(r -> {
            assertThat(r.status()).isEqualTo(Status.COMPILE_ERROR);
            assertThat(r.error()).startsWith("the device's OpenCL compiler refused the kernel: ").contains("undefined_helper")
                    .doesNotContain("failed to build the program");
        });
    }

    @Test
    void aKernelTheDeviceRefusesIsACompileErrorOnItsLineAndTheOthersStillRun() throws Exception {
        List<TuningRecord> records = tune(write(KERNEL, PROJECT));
        assertThat(records).extracting(TuningRecord::status).containsExactly(Status.OK, Status.OK, Status.COMPILE_ERROR);
        TuningRecord broken = records.get(2);
        assertThat(broken.error()).startsWith("saxpy.cl:5:").contains("undeclared_name");
        assertThat(broken.diagnostics()).anySatisfy(d -> {
            assertThat(d.inKernel()).isTrue();
            assertThat(d.line()).isEqualTo(5);
        });
    }

    @Test
    void aDeviceNoneMatchesIsTheProjectsErrorNamingWhatThereIs() throws Exception {
        Project project = write(KERNEL, PROJECT + "\n[device]\nplatform = \"no such platform\"\n");
        assertThatThrownBy(() -> tune(project)).isInstanceOf(TuningException.class)
                .hasMessageContaining("no OpenCL platform matches [device] platform = \"no such platform\" (project.toml:")
                .hasMessageContaining("this machine has:\n  0.0  ");
    }

    @Test
    void theDeviceListNamesEachDeviceWithItsClass() throws Exception {
        var devices = OpenClDevices.list(dir.resolve("cache"));
        assertThat(devices).isNotEmpty().allSatisfy(d -> {
            assertThat(d.computeUnits()).isPositive();
            assertThat(d.asDevice("h").identity()).contains(d.name(), d.driverVersion());
        });
    }

    @Test
    void workSizesAndDevicesAreOnlyForOpenClAndEachLaunchNamesRealArguments() throws Exception {
        assertThatThrownBy(() -> write(KERNEL, PROJECT.replace("global = \"n\"\n", "")))
                .isInstanceOf(ProjectException.class).hasMessageContaining("an OpenCL kernel needs its work size: global = \"n\"");
        assertThatThrownBy(() -> write(KERNEL, PROJECT.replace("global = \"n\"\n", "") + "\n[[launches]]\nkernel = \"saxpy\"\nglobal = \"n\"\nargs = [\"n\", \"q\"]\n"))
                .isInstanceOf(ProjectException.class).hasMessageContaining("`q` is not an argument of the project");
        Files.writeString(dir.resolve("k.c"), "void k(int n) {}\n");
        Files.writeString(dir.resolve("c.toml"), "[kernel]\nsource = \"k.c\"\nentry = \"k\"\nglobal = \"4\"\n[[args]]\nname = \"n\"\nscalar = \"int\"\nvalue = \"1\"\n[device]\nplatform = 0\n");
        assertThatThrownBy(() -> ProjectFile.load(dir.resolve("c.toml"))).isInstanceOf(ProjectException.class)
                .hasMessageContaining("`global` (work sizes) is for OpenCL kernels").hasMessageContaining("[device] chooses an OpenCL device");
    }
}
