package org.tuningworkbench.engine.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.bridge.BufferInit;
import org.tuningworkbench.bridge.ElementType;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.KernelLibrary;
import org.tuningworkbench.bridge.Language;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.bridge.NpyArray;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.BuildSettings;
import org.tuningworkbench.tiers.IntegrationTest;

/** Plain compiler commands build the program once and each variant as a library it loads; other commands build each variant whole. */
class LibraryBuildTest {

    @TempDir
    Path dir;

    private static final List<KernelArg> ARGS = List.of(new KernelArg.Value("n", "int", "8"),
            new KernelArg.Buffer("x", ElementType.F32, List.of(8L), new BufferInit.Range(0, 1), false),
            new KernelArg.Buffer("y", ElementType.F32, List.of(8L), new BufferInit.Zeros(), true));

    private static Launcher launcher(Language language, String file) {
        return Launcher.of(language, file, "scale", ARGS, 1);
    }

    @Test
    void aPlainCompilerCommandBuildsTheProgramOnceAndEachVariantAsALibrary() {
        var build = LibraryBuild.of(Language.C.defaultBuildCommand(), launcher(Language.C, "k.c"), "gcc 13", "inputs").orElseThrow();
        assertThat(build.stubCommand()).contains("-fPIC -shared -Wl,-soname,tw_variant.so {work_dir}/tw_variant_stub.c -o {work_dir}/tw_variant.so",
                "'-O3'", "'-march=native'", "'-I'{kernel_dir}").doesNotContain("-lm", "{source}", "{output}");
        assertThat(build.headerCommand()).contains("-fPIC -fvisibility=hidden -x c-header {work_dir}/tw_prelude.h -o {work_dir}/tw_prelude.h.gch")
                .doesNotContain("-lm", "-shared");
        assertThat(build.programCommand()).startsWith("'gcc' -Wl,--no-as-needed '-Wl,-rpath,$ORIGIN' ")
                .contains("{work_dir}/tw_launcher.c {work_dir}/tw_variant.so -o {work_dir}/variant '-lm'");
        assertThat(build.unitCommand()).contains("-fPIC -fvisibility=hidden -shared -nodefaultlibs -Wl,-z,now {work_dir}/tw_variant.c -o {work_dir}/tw_variant.so '-lm' -lgcc");
        assertThat(LibraryBuild.of(Language.CXX.defaultBuildCommand(), launcher(Language.CXX, "k.cpp"), "g++ 13").orElseThrow().unitCommand())
                .startsWith("'g++'").contains("tw_variant.cpp");
        // Another compiler, flags or identity is another program.
        assertThat(LibraryBuild.of(Language.C.defaultBuildCommand() + " -ffast-math", launcher(Language.C, "k.c"), "gcc 13", "inputs").orElseThrow().key())
                .isNotEqualTo(build.key());
        assertThat(LibraryBuild.of(Language.C.defaultBuildCommand(), launcher(Language.C, "k.c"), "gcc 14", "inputs").orElseThrow().key())
                .isNotEqualTo(build.key());
    }

    @Test
    void otherCommandsBuildEachVariantWhole() {
        Launcher c = launcher(Language.C, "k.c");
        for (String command : List.of("./build.sh {source} {output}", "sh {kernel_dir}/build.sh {source} {output}",
                "gcc -O2 {source} -o {output} -lm && strip {output}", "gcc -O2 {source} -o {output} $(pkg-config --libs x)",
                "gcc -O2 -c {source} -o {output}", "gcc -O2 {source} {work_dir}/extra.c -o {output}", "gcc -O2 {source} -o{output}",
                "nvcc -O2 {source} -o {output}", "gcc -O2 {source} {source} -o {output}", "gcc -O2 -static {source} -o {output} -lm",
                "exec gcc -O2 {source} -o {output}")) {
            assertThat(LibraryBuild.of(command, c)).as(command).isEmpty();
        }
    }

    @IntegrationTest
    @Test
    void variantsShareOneProgramAndRunTheirOwnKernelInCAndCxx() throws Exception {
        for (Language language : List.of(Language.C, Language.CXX)) {
            String file = "k" + language.extension();
            Path cache = dir.resolve("cache-" + language.projectName());
            var builder = new Builder(cache, new BuildSettings(language.defaultBuildCommand(), Duration.ofMinutes(2)), Toolchain.of(language.defaultBuildCommand()), dir);
            for (String factor : List.of("2", "3")) {
                String kernel = "void scale(int n, const float *x, float *y) { for (int i = 0; i < n; i++) y[i] = " + factor + " * x[i]; }\n";
                if (language == Language.CXX) kernel = "#include <vector>\ntemplate <typename T> T twice(T v) { std::vector<T> w{v}; return w[0]; }\n"
                        + kernel.replace("y[i] =", "y[i] = twice(1.0f) *");
                var built = builder.build(file, kernel, launcher(language, file), new ChildProcess());
                assertThat(built).as(language + " " + factor).isInstanceOf(BuildResult.Built.class);
                Path program = ((BuildResult.Built) built).program();
                assertThat(program.resolveSibling(KernelLibrary.LIBRARY)).isRegularFile();
                // gcc and g++ precompile the prelude: each variant compiles beside a link to it.
                assertThat(program.resolveSibling(LibraryBuild.PRECOMPILED_HEADER)).isSymbolicLink();
                Path out = Files.createDirectories(dir.resolve("out-" + language.projectName() + factor));
                var run = new ChildProcess().run(List.of(program.toString(), out.toString(), "1", "2", "0"), dir, "run", Duration.ofMinutes(1));
                assertThat(run.ok()).as(run.stderrText(4000)).isTrue();
                assertThat(Files.readString(out.resolve("timing.txt"))).contains("first_call_ns", "sample_ns");
                // y = factor * x, x = 0, 1, 2, ...: the last element tells which variant's kernel ran.
                byte[] y = Files.readAllBytes(out.resolve("y.npy"));
                float last = java.nio.ByteBuffer.wrap(y, y.length - 4, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getFloat();
                assertThat(last).as(language + " " + factor).isEqualTo(7f * Integer.parseInt(factor));
            }
            try (Stream<Path> folders = Files.list(cache)) {
                assertThat(folders.filter(p -> p.getFileName().toString().startsWith("program-")).toList()).as(language.toString()).hasSize(1);
            }
        }
    }

    @IntegrationTest
    @Test
    void aKernelCompilesAsALibraryWithTheSystemHeadersTheHarnessIncludesBeforeIt() throws Exception {
        String command = Language.C.defaultBuildCommand();
        var builder = new Builder(dir.resolve("cache"), new BuildSettings(command, Duration.ofMinutes(2)), Toolchain.of(command), dir);
        // No #include of its own: clock_gettime, CLOCK_THREAD_CPUTIME_ID, getpid and memcpy come from the harness's headers.
        String kernel = "void scale(int n, const float *x, float *y) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);"
                + " if (getpid() > 0) memcpy(y, x, (size_t)n * sizeof *y); }\n";
        var built = builder.build("k.c", kernel, launcher(Language.C, "k.c"), new ChildProcess());
        assertThat(built).isInstanceOf(BuildResult.Built.class);
        assertThat(((BuildResult.Built) built).program().resolveSibling(KernelLibrary.LIBRARY)).isRegularFile();
    }

    @IntegrationTest
    @Test
    void bf16BuffersReachAKernelDeclaringThemAsRawBitsInCAndCxx() throws Exception {
        List<KernelArg> args = List.of(new KernelArg.Value("n", "int", "8"),
                new KernelArg.Buffer("x", ElementType.BF16, List.of(8L), new BufferInit.Range(0, 1), false),
                new KernelArg.Buffer("y", ElementType.BF16, List.of(8L), new BufferInit.Zeros(), true));
        for (Language language : List.of(Language.C, Language.CXX)) {
            String file = "k" + language.extension();
            String command = language.defaultBuildCommand();
            var builder = new Builder(dir.resolve("cache-" + language.projectName()), new BuildSettings(command, Duration.ofMinutes(2)), Toolchain.of(command), dir);
            String kernel = "void scale(int n, const uint16_t *x, uint16_t *y) { for (int i = 0; i < n; i++) y[i] = x[i]; }\n";
            var built = builder.build(file, kernel, Launcher.of(language, file, "scale", args, 1), new ChildProcess());
            assertThat(built).as(language.toString()).isInstanceOf(BuildResult.Built.class);
            Path program = ((BuildResult.Built) built).program();
            assertThat(program.resolveSibling(KernelLibrary.LIBRARY)).isRegularFile();
            Path out = Files.createDirectories(dir.resolve("out-bf16-" + language.projectName()));
            var run = new ChildProcess().run(List.of(program.toString(), out.toString(), "1", "2", "0"), dir, "run", Duration.ofMinutes(1));
            assertThat(run.ok()).as(run.stderrText(4000)).isTrue();
        }
    }

    @IntegrationTest
    @Test
    void aFloatBufferReachesAKernelDeclaringItAsAVectorTypesPointerAsKernelTunersCExampleDoes() throws Exception {
        // Kernel Tuner's examples/c/vector_add.py: a float array passed to `vfloat *`, a function returning its own time.
        String vector = "typedef float vfloat __attribute__ ((vector_size (16)));\n";
        String body = "(int n, const vfloat *x, vfloat *y) { for (int i = 0; i < n / 4; i++) y[i] = 2 * x[i]; return 0.5f; }\n";
        for (var kernel : List.of(Map.entry(Language.C, vector + "float scale" + body), Map.entry(Language.CXX, vector + "extern \"C\" float scale" + body),
                // A template still deduces its types from the buffers as they are.
                Map.entry(Language.CXX, "template <typename T> void scale(int n, const T *x, T *y) { for (int i = 0; i < n; i++) y[i] = 2 * x[i]; }\n"))) {
            Language language = kernel.getKey();
            String file = "k" + language.extension();
            // gcc 14 refuses an incompatible pointer in C as an error; gcc 12 warns: made an error here for both.
            String command = language.defaultBuildCommand() + " -Werror=incompatible-pointer-types";
            var builder = new Builder(dir.resolve("cache-vector-" + kernel.getValue().hashCode()), new BuildSettings(command, Duration.ofMinutes(2)), Toolchain.of(command), dir);
            var built = builder.build(file, kernel.getValue(), launcher(language, file), new ChildProcess());
            assertThat(built).as(kernel.getValue() + (built instanceof BuildResult.Failed f ? f.log() : "")).isInstanceOf(BuildResult.Built.class);
            Path out = Files.createDirectories(dir.resolve("out-vector-" + kernel.getValue().hashCode()));
            var run = new ChildProcess().run(List.of(((BuildResult.Built) built).program().toString(), out.toString(), "1", "2", "0"), dir, "run", Duration.ofMinutes(1));
            assertThat(run.ok()).as(run.stderrText(4000)).isTrue();
            assertThat(NpyArray.read(out.resolve("y.npy")).get(7)).as(kernel.getValue()).isEqualTo(14.0);
        }
    }

    @IntegrationTest
    @Test
    void aCompilerRefusingItsCommandLineSaysWhyInTheBuildsReason() throws Exception {
        // Kernel Tuner's compiler_options copied into [build] flags with an option this compiler does not have.
        String command = Language.C.defaultBuildCommand() + " -no-such-flag";
        var builder = new Builder(dir.resolve("cache"), new BuildSettings(command, Duration.ofMinutes(2)), Toolchain.of(command), dir);
        String kernel = "void scale(int n, const float *x, float *y) { for (int i = 0; i < n; i++) y[i] = x[i]; }\n";
        var built = builder.build("k.c", kernel, launcher(Language.C, "k.c"), new ChildProcess());
        assertThat(built).isInstanceOfSatisfying(BuildResult.Failed.class, f -> assertThat(f.reason())
                .startsWith("the build command failed (exit code 1): ").contains("error: unrecognized command-line option").contains("-no-such-flag"));
    }

    @IntegrationTest
    @Test
    void aLibraryUsingOpenMpAndTheMathLibraryFindsThemInTheProgram() throws Exception {
        String command = "gcc -O2 -fopenmp {source} -o {output} -lm";
        var builder = new Builder(dir.resolve("cache"), new BuildSettings(command, Duration.ofMinutes(2)), Toolchain.of(command), dir);
        String kernel = "#include <math.h>\n#include <omp.h>\nvoid scale(int n, const float *x, float *y) {\n#pragma omp parallel for\n"
                + "    for (int i = 0; i < n; i++) y[i] = sqrtf(x[i]) + 0 * omp_get_num_threads();\n}\n";
        var built = builder.build("k.c", kernel, launcher(Language.C, "k.c"), new ChildProcess());
        assertThat(built).isInstanceOf(BuildResult.Built.class);
        var run = new ChildProcess().run(List.of(((BuildResult.Built) built).program().toString(), Files.createDirectories(dir.resolve("out")).toString(), "1", "2", "0"),
                dir, "run", Duration.ofMinutes(1));
        assertThat(run.ok()).as(run.stderrText(4000)).isTrue();
    }

    @IntegrationTest
    @Test
    void aLibraryNeedingWhatNoProgramHasIsBuiltWholeSoTheLinkerNamesTheSymbol() throws Exception {
        String command = Language.C.defaultBuildCommand();
        var builder = new Builder(dir.resolve("cache"), new BuildSettings(command, Duration.ofMinutes(2)), Toolchain.of(command), dir);
        String kernel = "void tw_nowhere(float *y);\nvoid scale(int n, const float *x, float *y) { tw_nowhere(y); }\n";
        var built = builder.build("k.c", kernel, launcher(Language.C, "k.c"), new ChildProcess());
        assertThat(built).isInstanceOf(BuildResult.Failed.class);
        assertThat(((BuildResult.Failed) built).log()).contains("undefined reference to `tw_nowhere'");
    }

    @IntegrationTest
    @Test
    void aProgramThatCannotBeBuiltIsNotTriedAgainAndItsVariantsAreBuiltWhole() throws Exception {
        var programs = new LibraryPrograms(dir.resolve("cache"), (command, folder, launcher) -> command);
        Launcher c = launcher(Language.C, "k.c");
        var build = programs.plan(Language.C.defaultBuildCommand(), c).orElseThrow();
        LibraryPrograms.Runner failing = (expanded, folder, process) -> process.run(List.of("/bin/sh", "-c", "exit 1"), folder, "build", Duration.ofMinutes(1));
        assertThat(programs.obtain(build, c, failing, new ChildProcess())).isEmpty();
        assertThat(programs.plan(Language.C.defaultBuildCommand(), c)).isEmpty();
    }
}
