package org.tuningworkbench.engine.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.bridge.BufferInit;
import org.tuningworkbench.bridge.ElementType;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.NpyArray;
import org.tuningworkbench.engine.project.Tolerance;

class VerifierTest {

    @TempDir
    Path dir;

    private static final KernelArg.Buffer OUT = new KernelArg.Buffer("c", ElementType.F32, List.of(2L, 2L), new BufferInit.Zeros(), true);

    private static NpyArray floats(float... values) {
        ByteBuffer data = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) data.putFloat(v);
        return new NpyArray(ElementType.F32, List.of(2L, 2L), data.flip());
    }

    private Verification verify(Tolerance tolerance, NpyArray golden, NpyArray actual) throws Exception {
        actual.write(dir.resolve("c.npy"));
        return new Verifier(Map.of("c", golden), tolerance).verify(List.of(OUT), dir);
    }

    @Test
    void exactMatchPasses() throws Exception {
        Verification v = verify(Tolerance.EXACT, floats(1, 2, 3, 4), floats(1, 2, 3, 4));
        assertThat(v.status()).isEqualTo(Verification.Status.PASS);
        assertThat(v.maxAbsError()).isZero();
        assertThat(v.firstMismatch()).isEqualTo(-1);
    }

    @Test
    void mismatchesAreCountedWithTheFirstIndexAndErrors() throws Exception {
        Verification v = verify(Tolerance.EXACT, floats(1, 2, 3, 4), floats(1, 2.5f, 3, 8));
        assertThat(v.status()).isEqualTo(Verification.Status.FAIL);
        assertThat(v.mismatches()).isEqualTo(2);
        assertThat(v.firstMismatch()).isEqualTo(1);
        assertThat(v.firstMismatchOutput()).isEqualTo("c");
        assertThat(v.maxAbsError()).isEqualTo(4);
        assertThat(v.maxRelError()).isEqualTo(1);
        assertThat(v.summary()).contains("2 elements out of tolerance").contains("c[1] is 2.50, expected 2");
    }

    private Path output(String name, NpyArray actual) throws Exception {
        Path folder = java.nio.file.Files.createDirectories(dir.resolve(name));
        actual.write(folder.resolve("c.npy"));
        return folder;
    }

    @Test
    void oneVerifierChecksConfigAfterConfigEachOnItsOwnOutput() throws Exception {
        var verifier = new Verifier(Map.of("c", floats(1, 2, 3, 4)), Tolerance.EXACT);
        Path right = output("right", floats(1, 2, 3, 4));
        Path wrong = output("wrong", floats(1, 2, 3, 5));
        Path truncated = output("truncated", floats(1, 2, 3, 4));
        byte[] whole = java.nio.file.Files.readAllBytes(truncated.resolve("c.npy"));
        java.nio.file.Files.write(truncated.resolve("c.npy"), java.util.Arrays.copyOf(whole, whole.length - 4));
        Path shorter = output("shorter", new NpyArray(ElementType.F32, List.of(2L), floats(1, 2, 3, 4).data().limit(8)));

        assertThat(verifier.verify(List.of(OUT), right).status()).isEqualTo(Verification.Status.PASS);
        // What the previous config's output left in memory never stands in for this one's.
        assertThat(verifier.verify(List.of(OUT), wrong).summary()).contains("c[3] is 5, expected 4");
        assertThat(verifier.verify(List.of(OUT), truncated).summary()).contains("could not be read").contains("is truncated");
        assertThat(verifier.verify(List.of(OUT), right).status()).isEqualTo(Verification.Status.PASS);
        assertThat(verifier.verify(List.of(OUT), shorter).summary()).contains("has 2 elements, the golden result 4");
        assertThat(verifier.verify(List.of(OUT), wrong).mismatches()).isEqualTo(1);
    }

    @Test
    void anOutputLargerThanWhatIsReadIsMappedAndComparedAlike() throws Exception {
        var mapping = new Verifier(Map.of("c", floats(1, 2, 3, 4)), Tolerance.EXACT, 8);
        assertThat(mapping.verify(List.of(OUT), output("right", floats(1, 2, 3, 4))).status()).isEqualTo(Verification.Status.PASS);
        Verification wrong = mapping.verify(List.of(OUT), output("wrong", floats(1, 2.5f, 3, 8)));
        assertThat(wrong.mismatches()).isEqualTo(2);
        assertThat(wrong.summary()).contains("c[1] is 2.50, expected 2");
    }

    private static NpyArray doubles(double... values) {
        ByteBuffer data = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (double v : values) data.putDouble(v);
        return new NpyArray(ElementType.F64, List.of(2L, 2L), data.flip());
    }

    @Test
    void f32OutputsReportTheSameLargestErrorsAsTheGeneralComparison() throws Exception {
        var slack = new Tolerance(0.01, 0.1);
        // Element by element: errors 0.004 of 0.5 (0.8%), 0.008 of 0.02 (40%), 0 of 0, 0.25 of 3 (8.3%).
        float[] golden = {0.5f, 0.02f, 0, 3};
        float[] output = {0.504f, 0.028f, 0, 3.25f};
        Verification f32 = verify(slack, floats(golden), floats(output));
        Verification general = new Verifier(Map.of("c", doubles(0.5f, 0.02f, 0, 3)), slack)
                .verify(List.of(OUT), writeAsDoubles(output));
        assertThat(f32.status()).isEqualTo(Verification.Status.PASS);
        assertThat(f32.maxAbsError()).isEqualTo(general.maxAbsError()).isEqualTo((double) 3.25f - 3);
        assertThat(f32.maxRelError()).isEqualTo(general.maxRelError()).isEqualTo(((double) 0.028f - (double) 0.02f) / (double) 0.02f);

        // Within the absolute slack of a golden 0, the relative error is infinite.
        Verification againstZero = verify(slack, floats(0, 1, 1, 1), floats(0.005f, 1, 1, 1));
        assertThat(againstZero.status()).isEqualTo(Verification.Status.PASS);
        assertThat(againstZero.maxRelError()).isInfinite();
    }

    @Test
    void aLargeOutputComparedInPartsNamesItsFirstMismatchAndTheLargestErrorsOfAllParts() throws Exception {
        int n = 1 << 20;
        var shape = List.of((long) n);
        var large = new KernelArg.Buffer("c", ElementType.F32, shape, new BufferInit.Zeros(), true);
        ByteBuffer want = ByteBuffer.allocate(n * 4).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer got = ByteBuffer.allocate(n * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            want.putFloat(1);
            // Out of tolerance in the last part and in the first; the largest error in tolerance in the middle.
            got.putFloat(i == n - 5 ? 9 : i == 70_000 ? 3 : i == n / 2 ? 1.005f : 1);
        }
        new NpyArray(ElementType.F32, shape, got.flip()).write(dir.resolve("c.npy"));
        Verification v = new Verifier(Map.of("c", new NpyArray(ElementType.F32, shape, want.flip())), new Tolerance(0.01, 0))
                .verify(List.of(large), dir);
        assertThat(v.status()).isEqualTo(Verification.Status.FAIL);
        assertThat(v.mismatches()).isEqualTo(2);
        assertThat(v.firstMismatch()).isEqualTo(70_000);
        assertThat(v.summary()).contains("c[70000] is 3");
        assertThat(v.maxAbsError()).isEqualTo(8);
    }

    private Path writeAsDoubles(float[] values) throws Exception {
        Path other = java.nio.file.Files.createDirectories(dir.resolve("f64"));
        double[] widened = new double[values.length];
        for (int i = 0; i < values.length; i++) widened[i] = values[i];
        doubles(widened).write(other.resolve("c.npy"));
        return other;
    }

    @Test
    void toleranceAllowsAbsoluteAndRelativeSlack() throws Exception {
        assertThat(verify(new Tolerance(0.01, 0), floats(1, 2, 3, 4), floats(1.005f, 2, 3, 4)).status()).isEqualTo(Verification.Status.PASS);
        assertThat(verify(new Tolerance(0, 0.01), floats(100, 2, 3, 4), floats(100.5f, 2, 3, 4)).status()).isEqualTo(Verification.Status.PASS);
        assertThat(verify(new Tolerance(0, 0.01), floats(100, 2, 3, 4), floats(102, 2, 3, 4)).status()).isEqualTo(Verification.Status.FAIL);
    }

    @Test
    void nanMatchesOnlyNanAndOnlyWhenTheProjectAllowsIt() throws Exception {
        Tolerance nanEqual = Tolerance.EXACT.withNanEqual(true);
        assertThat(verify(nanEqual, floats(Float.NaN, 2, 3, 4), floats(Float.NaN, 2, 3, 4)).status()).isEqualTo(Verification.Status.PASS);
        assertThat(verify(Tolerance.EXACT, floats(Float.NaN, 2, 3, 4), floats(Float.NaN, 2, 3, 4)).status()).isEqualTo(Verification.Status.FAIL);
        assertThat(verify(nanEqual.withNanEqual(true), floats(Float.NaN, 2, 3, 4), floats(1, 2, 3, 4)).status()).isEqualTo(Verification.Status.FAIL);
        Verification v = verify(new Tolerance(1, 1), floats(1, 2, 3, 4), floats(Float.NaN, 2, 3, 4));
        assertThat(v.status()).isEqualTo(Verification.Status.FAIL);
        assertThat(v.maxAbsError()).isInfinite();
    }

    @Test
    void equalInfinitiesMatchAndDifferentOnesDoNot() throws Exception {
        float inf = Float.POSITIVE_INFINITY;
        Verification same = verify(Tolerance.EXACT, floats(inf, -inf, 3, 4), floats(inf, -inf, 3, 4));
        assertThat(same.status()).isEqualTo(Verification.Status.PASS);
        assertThat(same.maxAbsError()).isZero();
        assertThat(verify(Tolerance.EXACT, floats(inf, 2, 3, 4), floats(-inf, 2, 3, 4)).status()).isEqualTo(Verification.Status.FAIL);
        assertThat(verify(new Tolerance(1e-3, 1e-3), floats(-inf, 2, 3, 4), floats(inf, 2, 3, 4)).status()).isEqualTo(Verification.Status.FAIL);
    }

    @Test
    void aRelativeToleranceLetsNothingFiniteOrOppositePassAgainstAnInfinity() throws Exception {
        float inf = Float.POSITIVE_INFINITY;
        Tolerance loose = new Tolerance(0, 0.5);
        assertThat(verify(loose, floats(inf, 2, 3, 4), floats(1e30f, 2, 3, 4)).status()).isEqualTo(Verification.Status.FAIL);
        assertThat(verify(loose, floats(inf, 2, 3, 4), floats(-inf, 2, 3, 4)).status()).isEqualTo(Verification.Status.FAIL);
        assertThat(verify(loose, floats(1e30f, 2, 3, 4), floats(inf, 2, 3, 4)).status()).isEqualTo(Verification.Status.FAIL);
        assertThat(verify(loose, floats(inf, 2, 3, 4), floats(inf, 2, 3, 4)).status()).isEqualTo(Verification.Status.PASS);
    }

    @Test
    void aMissingOutputFileFails() throws Exception {
        Verification v = new Verifier(Map.of("c", floats(1, 2, 3, 4)), Tolerance.EXACT).verify(List.of(OUT), dir);
        assertThat(v.status()).isEqualTo(Verification.Status.FAIL);
        assertThat(v.summary()).contains("could not be read");
    }

    @Test
    void withoutAGoldenNothingIsVerifiedAndNothingPasses() throws Exception {
        floats(1, 2, 3, 4).write(dir.resolve("c.npy"));
        Verification v = new Verifier(Map.of(), Tolerance.EXACT).verify(List.of(OUT), dir);
        assertThat(v.status()).isEqualTo(Verification.Status.NONE);
        assertThat(v.failed()).isFalse();
        assertThat(v.summary()).startsWith("not verified").doesNotContain("matches");
    }

    @Test
    void aGoldenForSomeOutputsNamesTheOnesNotChecked() throws Exception {
        var d = new KernelArg.Buffer("d", ElementType.F32, List.of(2L, 2L), new BufferInit.Zeros(), true);
        floats(1, 2, 3, 4).write(dir.resolve("c.npy"));
        floats(9, 9, 9, 9).write(dir.resolve("d.npy"));
        Verification v = new Verifier(Map.of("c", floats(1, 2, 3, 4)), Tolerance.EXACT).verify(List.of(OUT, d), dir);
        assertThat(v.status()).isEqualTo(Verification.Status.PASS);
        assertThat(v.unchecked()).containsExactly("d");
        assertThat(v.summary()).contains("matches the golden result").contains("not checked (no golden): d");

        Verification all = new Verifier(Map.of("c", floats(1, 2, 3, 4), "d", floats(9, 9, 9, 9)), Tolerance.EXACT).verify(List.of(OUT, d), dir);
        assertThat(all.unchecked()).isNull();
        assertThat(all.summary()).doesNotContain("not checked");
    }

    private static NpyArray halves(ElementType type, float... values) {
        ByteBuffer data = ByteBuffer.allocate(values.length * 2).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) data.putShort(type == ElementType.F16 ? Float.floatToFloat16(v) : (short) (Float.floatToRawIntBits(v) >>> 16));
        return new NpyArray(type, List.of(2L, 2L), data.flip());
    }

    private Verification verifyHalf(ElementType type, Tolerance tolerance, NpyArray golden, NpyArray actual) throws Exception {
        actual.write(dir.resolve("h.npy"));
        var out = new KernelArg.Buffer("h", type, List.of(2L, 2L), new BufferInit.Zeros(), true);
        return new Verifier(Map.of("h", golden), tolerance).verify(List.of(out), dir);
    }

    @Test
    void halfPrecisionOutputsHaveTolerancesOfTheirOwnWhenTheProjectGivesNone() throws Exception {
        // f16 keeps about three digits: 1000 and 1001 differ by one step of its grid at 1024.
        NpyArray f16 = halves(ElementType.F16, 1000, 2, 3, 4);
        assertThat(verifyHalf(ElementType.F16, Tolerance.UNSET, f16, halves(ElementType.F16, 1000.5f, 2, 3, 4)).status()).isEqualTo(Verification.Status.PASS);
        assertThat(verifyHalf(ElementType.F16, Tolerance.UNSET, f16, halves(ElementType.F16, 1003, 2, 3, 4)).summary()).contains("atol=1.0E-5, rtol=0.001");
        assertThat(verifyHalf(ElementType.F16, Tolerance.EXACT, f16, halves(ElementType.F16, 1000.5f, 2, 3, 4)).status()).isEqualTo(Verification.Status.FAIL);
        // bf16 keeps about two: 100 and 101 are within its 1.6% default.
        NpyArray bf16 = halves(ElementType.BF16, 100, 2, 3, 4);
        assertThat(verifyHalf(ElementType.BF16, Tolerance.UNSET, bf16, halves(ElementType.BF16, 101, 2, 3, 4)).status()).isEqualTo(Verification.Status.PASS);
        assertThat(verifyHalf(ElementType.BF16, Tolerance.UNSET, bf16, halves(ElementType.BF16, 104, 2, 3, 4)).status()).isEqualTo(Verification.Status.FAIL);
        // Other outputs stay exact when the project gives no tolerance.
        assertThat(verify(Tolerance.UNSET, floats(1, 2, 3, 4), floats(1.0001f, 2, 3, 4)).status()).isEqualTo(Verification.Status.FAIL);
    }
}
