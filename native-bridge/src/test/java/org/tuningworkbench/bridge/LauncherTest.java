package org.tuningworkbench.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.tiers.IntegrationTest;

@IntegrationTest
class LauncherTest {

    @TempDir
    Path dir;

    private static final List<KernelArg> ARGS = List.of(
            new KernelArg.Value("n", "int", "6"),
            new KernelArg.Buffer("x", ElementType.F32, List.of(2L, 3L), new BufferInit.Range(1, 0.5), false),
            new KernelArg.Buffer("r", ElementType.I32, List.of(6L), new BufferInit.Random(-3, 3, true), false),
            new KernelArg.Buffer("y", ElementType.F64, List.of(6L), new BufferInit.Ones(), true));

    @Test
    void callsTheEntryWithEveryArgumentInOrder() {
        String source = new CLauncher(Language.C, "k.c", "kernel", ARGS, 42).source();
        assertThat(source).contains("#include \"tw_harness.h\"", "#include \"k.c\"", "static int tw_arg_n = 6;",
                "kernel(tw_arg_n, TW_ANY_POINTER(tw_arg_x), TW_ANY_POINTER(tw_arg_r), TW_ANY_POINTER(tw_arg_y));", "tw_fill_range(tw_arg_x, TW_F32, 6ULL, 1.0, 0.5)",
                "tw_write_npy(options.out_dir, \"y\"");
        assertThat(source).doesNotContain("tw_write_npy(options.out_dir, \"x\"");
    }

    @Test
    void buffersGetDistinctSeedsThatDependOnlyOnTheProjectSeed() {
        var launcher = new CLauncher(Language.C, "k.c", "kernel", ARGS, 42);
        assertThat(launcher.seedOf(1)).isNotEqualTo(launcher.seedOf(2));
        assertThat(new CLauncher(Language.CXX, "k.cpp", "other", ARGS, 42).seedOf(2)).isEqualTo(launcher.seedOf(2));
    }

    /** Compiles a launcher with gcc and checks what the harness writes: inputs filled as asked, outputs saved, samples taken. */
    @Test
    void generatedProgramFillsInputsWritesOutputsAndTimes() throws Exception {
        Files.writeString(dir.resolve("k.c"), """
                void kernel(int n, float *x, int *r, double *y) {
                    for (int i = 0; i < n; i++) y[i] += x[i] * 10 + r[i] * 0;
                }
                """);
        var launcher = new CLauncher(Language.C, "k.c", "kernel", ARGS, 42);
        Files.writeString(dir.resolve(Launcher.HARNESS_FILE), Launcher.harnessSource());
        Files.writeString(dir.resolve(launcher.fileName()), launcher.source());
        Process cc = new ProcessBuilder("gcc", "-O2", "-o", "prog", launcher.fileName()).directory(dir.toFile()).inheritIO().start();
        assertThat(cc.waitFor()).isZero();
        Process run = new ProcessBuilder(dir.resolve("prog").toString(), dir.toString(), "0", "4", "0.1").inheritIO().start();
        assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(run.exitValue()).isZero();

        NpyArray y = NpyArray.read(dir.resolve("y.npy"));
        assertThat(y.type()).isEqualTo(ElementType.F64);
        assertThat(y.shape()).containsExactly(6L);
        for (int i = 0; i < 6; i++) assertThat(y.get(i)).isEqualTo(1 + (1 + 0.5 * i) * 10);
        List<String> timing = Files.readAllLines(dir.resolve("timing.txt"));
        assertThat(timing.stream().filter(l -> l.startsWith("sample_ns "))).hasSize(4);
        assertThat(timing).anySatisfy(l -> assertThat(l).matches("calls_per_sample [1-9][0-9]*"));
    }

    /** Builds {@code kernel} (saved as k.c, entry {@code kernel}) with a launcher for {@code args}, runs it once, returns the output folder. */
    private Path run(String kernel, List<KernelArg> args, String... flags) throws Exception {
        return run(Language.C, kernel, args, flags);
    }

    private Path run(Language language, String kernel, List<KernelArg> args, String... flags) throws Exception {
        String kernelFile = "k" + language.extension();
        Files.writeString(dir.resolve(kernelFile), kernel);
        var launcher = new CLauncher(language, kernelFile, "kernel", args, 42);
        Files.writeString(dir.resolve(Launcher.HARNESS_FILE), Launcher.harnessSource());
        Files.writeString(dir.resolve(launcher.fileName()), launcher.source());
        var command = new java.util.ArrayList<>(List.of(language == Language.C ? "gcc" : "g++", "-O2", "-o", "prog", launcher.fileName()));
        command.addAll(List.of(flags));
        Process cc = new ProcessBuilder(command).directory(dir.toFile()).inheritIO().start();
        assertThat(cc.waitFor()).isZero();
        Path out = Files.createDirectories(dir.resolve("out"));
        Process run = new ProcessBuilder(dir.resolve("prog").toString(), out.toString(), "0", "1", "0").inheritIO().start();
        assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(run.exitValue()).isZero();
        return out;
    }

    @Test
    void randintFollowsNumpyHighIsExclusive() throws Exception {
        Path out = run("""
                void kernel(int n, const int *a, int *b) { for (int i = 0; i < n; i++) b[i] = a[i]; }
                """, List.of(new KernelArg.Value("n", "int", "2000"),
                new KernelArg.Buffer("a", ElementType.I32, List.of(2000L), new BufferInit.Random(-3, 3, true), false),
                new KernelArg.Buffer("b", ElementType.I32, List.of(2000L), new BufferInit.Zeros(), true)));
        NpyArray b = NpyArray.read(out.resolve("b.npy"));
        var seen = new java.util.TreeSet<Double>();
        for (int i = 0; i < 2000; i++) seen.add(b.get(i));
        assertThat(seen).containsExactly(-3.0, -2.0, -1.0, 0.0, 1.0, 2.0);
        assertThatThrownBy(() -> new BufferInit.Random(2, 2, true)).hasMessageContaining("high is exclusive, as in numpy");
    }

    private static final List<KernelArg> HALF_ARGS = List.of(new KernelArg.Value("n", "int", "1000"),
            new KernelArg.Buffer("a", ElementType.F16, List.of(1000L), new BufferInit.Range(-3.3, 0.0137), false),
            new KernelArg.Buffer("b", ElementType.F16, List.of(1000L), new BufferInit.Zeros(), true),
            new KernelArg.Buffer("c", ElementType.BF16, List.of(1000L), new BufferInit.Range(-3.3, 0.0137), false),
            new KernelArg.Buffer("d", ElementType.BF16, List.of(1000L), new BufferInit.Zeros(), true));

    /** The bits of {@code f} as bfloat16, rounded to nearest even. */
    private static int bf16(float f) {
        int x = Float.floatToRawIntBits(f);
        return ((x + 0x7fff + ((x >>> 16) & 1)) >>> 16) & 0xffff;
    }

    private void checkHalves(Path out) throws Exception {
        NpyArray b = NpyArray.read(out.resolve("b.npy"));
        NpyArray d = NpyArray.read(out.resolve("d.npy"));
        assertThat(b.type()).isEqualTo(ElementType.F16);
        assertThat(d.type()).isEqualTo(ElementType.BF16);
        assertThat(Files.readString(out.resolve("b.npy"), java.nio.charset.StandardCharsets.ISO_8859_1)).contains("'descr': '<f2'");
        assertThat(Files.readString(out.resolve("d.npy"), java.nio.charset.StandardCharsets.ISO_8859_1)).contains("'descr': '<u2'");
        for (int i = 0; i < 1000; i++) {
            float value = (float) (-3.3 + 0.0137 * i);
            assertThat(b.get(i)).as("f16 %d", i).isEqualTo(Float.float16ToFloat(Float.floatToFloat16(value)));
            assertThat(d.get(i)).as("bf16 %d", i).isEqualTo(Float.intBitsToFloat(bf16(value) << 16));
        }
    }

    @Test
    void halfPrecisionBuffersAreFilledRoundedToNearestAndSavedAsF2AndRawBits() throws Exception {
        checkHalves(run("""
                #include <stdint.h>
                void kernel(int n, const _Float16 *a, _Float16 *b, const uint16_t *c, uint16_t *d) {
                    for (int i = 0; i < n; i++) { b[i] = a[i] * (_Float16)1; d[i] = c[i]; }
                }
                """, HALF_ARGS));
    }

    @Test
    void aCxxKernelTakesBf16AsItsOwnType() throws Exception {
        checkHalves(run(Language.CXX, """
                #include <cstdint>
                struct bfloat16 { std::uint16_t bits; };
                void kernel(int n, const _Float16 *a, _Float16 *b, const bfloat16 *c, bfloat16 *d) {
                    for (int i = 0; i < n; i++) { b[i] = a[i]; d[i] = c[i]; }
                }
                """, HALF_ARGS));
    }

    @Test
    void npyRoundTrip() throws Exception {
        ByteBuffer data = ByteBuffer.allocate(3).order(ByteOrder.LITTLE_ENDIAN).put(new byte[] {1, -2, 3}).flip();
        new NpyArray(ElementType.I8, List.of(3L), data).write(dir.resolve("a.npy"));
        NpyArray back = NpyArray.read(dir.resolve("a.npy"));
        assertThat(back.type()).isEqualTo(ElementType.I8);
        assertThat(back.shape()).containsExactly(3L);
        assertThat(back.get(1)).isEqualTo(-2);
        assertThat(Files.size(dir.resolve("a.npy")) % 64).isEqualTo(3);
    }
}
