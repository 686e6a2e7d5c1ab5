package org.tuningworkbench.engine.verify;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.NpyArray;
import org.tuningworkbench.engine.project.Tolerance;

/**
 * Compares a config's output buffers with the golden ones: element {@code i} passes when
 * {@code |out - golden| <= atol + rtol * |golden|}; an infinity passes only against the same infinity,
 * NaN only against NaN when the project allows it ({@link Tolerance#accepts}). Without any golden
 * the result is {@code none}, never a pass: nothing was compared.
 */
public final class Verifier {

    private final Map<String, NpyArray> golden;
    private final Tolerance tolerance;

    public Verifier(Map<String, NpyArray> golden, Tolerance tolerance) {
        this.golden = Map.copyOf(golden);
        this.tolerance = tolerance;
    }

    /** Checks the outputs the program wrote into {@code outputDir} as {@code <name>.npy}. */
    public Verification verify(List<KernelArg.Buffer> outputs, Path outputDir) {
        List<String> unchecked = outputs.stream().map(KernelArg.Buffer::name).filter(name -> !golden.containsKey(name)).toList();
        if (unchecked.size() == outputs.size()) return Verification.none();
        double maxAbs = 0;
        double maxRel = 0;
        long mismatches = 0;
        long first = -1;
        String firstOutput = null;
        String firstDetail = null;
        Tolerance firstTolerance = tolerance;
        for (KernelArg.Buffer buffer : outputs) {
            NpyArray expected = golden.get(buffer.name());
            if (expected == null) continue;
            // f16 and bf16 outputs have tolerances of their own when the project gives none.
            Tolerance tolerance = this.tolerance.forOutput(buffer.type());
            NpyArray actual;
            try {
                actual = NpyArray.read(outputDir.resolve(buffer.name() + ".npy"));
            } catch (IOException e) {
                return fail("output `" + buffer.name() + "` could not be read: " + e.getMessage(), unchecked);
            }
            if (actual.elements() != expected.elements()) {
                return fail("output `" + buffer.name() + "` has " + actual.elements() + " elements, the golden result " + expected.elements(), unchecked);
            }
            for (long i = 0, n = expected.elements(); i < n; i++) {
                double want = expected.get(i);
                double got = actual.get(i);
                boolean ok = tolerance.accepts(want, got);
                // A matching NaN or infinity is no error; any other pair with one is an infinite one.
                double abs = ok && (Double.isNaN(want) || Double.isInfinite(want)) ? 0
                        : Double.isFinite(got - want) ? Math.abs(got - want) : Double.POSITIVE_INFINITY;
                maxAbs = Math.max(maxAbs, abs);
                if (want != 0 && Double.isFinite(want)) maxRel = Math.max(maxRel, abs / Math.abs(want));
                else if (abs != 0) maxRel = Double.POSITIVE_INFINITY;
                if (!ok) {
                    if (mismatches == 0) {
                        first = i;
                        firstOutput = buffer.name();
                        firstTolerance = tolerance;
                        firstDetail = buffer.name() + "[" + i + "] is " + Verification.fmt(got) + ", expected " + Verification.fmt(want);
                    }
                    mismatches++;
                }
            }
        }
        if (mismatches == 0) return new Verification(Verification.Status.PASS, maxAbs, maxRel, 0, -1, null, null, unchecked);
        String detail = mismatches + " element" + (mismatches == 1 ? "" : "s") + " out of tolerance (" + firstTolerance + "); first: "
                + firstDetail + "; max abs error " + Verification.fmt(maxAbs);
        return new Verification(Verification.Status.FAIL, maxAbs, maxRel, mismatches, first, firstOutput, detail, unchecked);
    }

    private static Verification fail(String detail, List<String> unchecked) {
        return new Verification(Verification.Status.FAIL, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0, -1, null, detail, unchecked);
    }
}
