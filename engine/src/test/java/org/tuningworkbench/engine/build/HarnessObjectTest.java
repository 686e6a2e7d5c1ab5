package org.tuningworkbench.engine.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.bridge.BufferInit;
import org.tuningworkbench.bridge.ElementType;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.Language;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.BuildSettings;
import org.tuningworkbench.tiers.IntegrationTest;

/** The harness compiled once into an object that plain compiler commands link each variant with; other commands include it whole. */
class HarnessObjectTest {

    @TempDir
    Path dir;

    private static final List<KernelArg> ARGS = List.of(new KernelArg.Value("n", "int", "8"),
            new KernelArg.Buffer("x", ElementType.F32, List.of(8L), new BufferInit.Range(0, 1), false),
            new KernelArg.Buffer("y", ElementType.F32, List.of(8L), new BufferInit.Zeros(), true));

    private static Launcher launcher(Language language, String file) {
        return Launcher.of(language, file, "scale", ARGS, 1);
    }

    @Test
    void aPlainCompilerCommandCompilesTheHarnessApartAndLinksIt() {
        var object = HarnessObject.of(Language.C.defaultBuildCommand(), launcher(Language.C, "k.c"), "gcc 13", "inputs").orElseThrow();
        assertThat(object.headerCommand()).contains("'-DTW_HARNESS_LINKED' -x c-header {work_dir}/tw_harness.h -o {work_dir}/tw_harness.h.gch")
                .doesNotContain("-lm", "TW_HARNESS_OBJECT");
        assertThat(object.objectCommand()).contains("'-DTW_HARNESS_OBJECT' -c {work_dir}/tw_harness_object.c -o {work_dir}/tw_harness.o",
                "'-O3'", "'-march=native'", "'-I'{kernel_dir}").doesNotContain("-lm", "{source}", "{output}");
        assertThat(object.variantCommand()).contains("'-DTW_HARNESS_LINKED' {source} {harness_object} '-o' {output} '-lm'");
        assertThat(HarnessObject.of(Language.CXX.defaultBuildCommand(), launcher(Language.CXX, "k.cpp"), "g++ 13").orElseThrow().objectCommand())
                .startsWith("'g++'").contains("tw_harness_object.cpp");
        // Another compiler, flags or harness identity is another object.
        assertThat(HarnessObject.of(Language.C.defaultBuildCommand() + " -ffast-math", launcher(Language.C, "k.c"), "gcc 13", "inputs").orElseThrow().key())
                .isNotEqualTo(object.key());
        assertThat(HarnessObject.of(Language.C.defaultBuildCommand(), launcher(Language.C, "k.c"), "gcc 14", "inputs").orElseThrow().key())
                .isNotEqualTo(object.key());
    }

    @Test
    void otherCommandsIncludeTheWholeHarnessAsBefore() {
        Launcher c = launcher(Language.C, "k.c");
        for (String command : List.of("./build.sh {source} {output}", "sh {kernel_dir}/build.sh {source} {output}",
                "gcc -O2 {source} -o {output} -lm && strip {output}", "gcc -O2 {source} -o {output} $(pkg-config --libs x)",
                "gcc -O2 -c {source} -o {output}", "gcc -O2 {source} {work_dir}/extra.c -o {output}", "gcc -O2 {source} -o{output}",
                "nvcc -O2 {source} -o {output}", "gcc -O2 {source} {source} -o {output}")) {
            assertThat(HarnessObject.of(command, c)).as(command).isEmpty();
        }
    }

    @IntegrationTest
    @Test
    void variantsLinkOneHarnessObjectAndCxxKernelsLinkItInCLinkage() throws Exception {
        for (Language language : List.of(Language.C, Language.CXX)) {
            String file = "k" + language.extension();
            Path cache = dir.resolve("cache-" + language.projectName());
            var builder = new Builder(cache, new BuildSettings(language.defaultBuildCommand(), Duration.ofMinutes(2)), Toolchain.of(language.defaultBuildCommand()), dir);
            for (String factor : List.of("2", "3")) {
                String kernel = "void scale(int n, const float *x, float *y) { for (int i = 0; i < n; i++) y[i] = " + factor + " * x[i]; }\n";
                if (language == Language.CXX) kernel = "#include <vector>\ntemplate <typename T> T twice(T v) { return v; }\n" + kernel.replace("y[i] =", "y[i] = twice(1.0f) *");
                var built = builder.build(file, kernel, launcher(language, file), new ChildProcess());
                assertThat(built).as(language + " " + factor).isInstanceOf(BuildResult.Built.class);
                assertThat(((BuildResult.Built) built).program().resolveSibling(HarnessObject.HEADER)).isSymbolicLink();
                Path out = Files.createDirectories(dir.resolve("out-" + language.projectName() + factor));
                var run = new ChildProcess().run(List.of(((BuildResult.Built) built).program().toString(), out.toString(), "1", "2", "0"), dir, "run", Duration.ofMinutes(1));
                assertThat(run.ok()).as(run.stderrText(4000)).isTrue();
                assertThat(Files.readString(out.resolve("timing.txt"))).contains("first_call_ns", "sample_ns");
            }
            List<Path> objects;
            try (Stream<Path> folders = Files.list(cache)) {
                objects = folders.filter(p -> p.getFileName().toString().startsWith("harness-")).toList();
            }
            assertThat(objects).as(language.toString()).hasSize(1);
            // gcc and g++ precompile the interface: the variants compile beside a link to it.
            assertThat(objects.getFirst().resolve(HarnessObject.HEADER)).isRegularFile();
            // C linkage whichever compiler built it: the launcher's names are the harness's, unmangled.
            var symbols = new ChildProcess().run(List.of("nm", "-g", "--defined-only", objects.getFirst().resolve(HarnessObject.OBJECT).toString()), dir, "nm",
                    Duration.ofMinutes(1));
            assertThat(symbols.stdoutText(100_000)).containsPattern("(?m) T tw_measure_after$").containsPattern("(?m) T tw_parse_options$");
        }
    }

    @IntegrationTest
    @Test
    void aHarnessObjectThatCannotBeBuiltLeavesTheVariantWithTheWholeHarness() throws Exception {
        // Breaks only the object's compilation: the variant then builds as any command builds it.
        Files.writeString(dir.resolve("only.h"), "#ifdef TW_HARNESS_OBJECT\n#error the object cannot be built here\n#endif\n");
        String command = Language.C.defaultBuildCommand().replace("{source}", "-include {kernel_dir}/only.h {source}");
        var builder = new Builder(dir.resolve("cache"), new BuildSettings(command, Duration.ofMinutes(2)), Toolchain.of(command), dir);
        var built = builder.build("k.c", "void scale(int n, const float *x, float *y) { for (int i = 0; i < n; i++) y[i] = x[i]; }\n",
                launcher(Language.C, "k.c"), new ChildProcess());
        assertThat(built).isInstanceOf(BuildResult.Built.class);
        try (Stream<Path> folders = Files.list(dir.resolve("cache"))) {
            assertThat(folders.map(p -> p.getFileName().toString()).filter(name -> name.startsWith("harness-")).toList()).isEmpty();
        }
    }
}
