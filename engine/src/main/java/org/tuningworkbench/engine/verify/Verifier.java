package org.tuningworkbench.engine.verify;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.bridge.ElementType;
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
    private final long readAtMostBytes;

    public Verifier(Map<String, NpyArray> golden, Tolerance tolerance) {
        this(golden, tolerance, READ_AT_MOST_BYTES);
    }

    /** As above, outputs larger than {@code readAtMostBytes} mapped rather than read. */
    Verifier(Map<String, NpyArray> golden, Tolerance tolerance, long readAtMostBytes) {
        this.golden = Map.copyOf(golden);
        this.tolerance = tolerance;
        this.readAtMostBytes = readAtMostBytes;
    }

    /**
     * Outputs up to this size are read into memory the verifier keeps from one config to the next:
     * copied from the system's cache, where a mapping of each new file faults its pages in one by one
     * (an 8 MiB output took 6-8 ms mapped and 2.6-3.2 ms read, on a host whose page faults are dear).
     * A larger one is mapped, not to hold that much memory for the whole run.
     */
    static final long READ_AT_MOST_BYTES = 64L << 20;

    /** Where outputs are read; as large as the largest read so far. */
    private java.nio.ByteBuffer room = java.nio.ByteBuffer.allocate(0);

    private java.nio.ByteBuffer room(long bytes) {
        if (room.capacity() < bytes) room = java.lang.foreign.Arena.ofAuto().allocate(bytes, 64).asByteBuffer();
        return room;
    }

    /** Compares one output with its golden one into {@code tally}; what is wrong with its shape, or null. */
    private String compare(KernelArg.Buffer buffer, NpyArray expected, NpyArray actual, Tally tally) {
        if (actual.elements() != expected.elements()) {
            return "output `" + buffer.name() + "` has " + actual.elements() + " elements, the golden result " + expected.elements();
        }
        // f16 and bf16 outputs have tolerances of their own when the project gives none.
        tally.compare(buffer.name(), expected, actual, tolerance.forOutput(buffer.type()));
        return null;
    }

    /** Checks the outputs the program wrote into {@code outputDir} as {@code <name>.npy}; one check at a time, as they share the memory outputs are read into. */
    public synchronized Verification verify(List<KernelArg.Buffer> outputs, Path outputDir) {
        List<String> unchecked = outputs.stream().map(KernelArg.Buffer::name).filter(name -> !golden.containsKey(name)).toList();
        if (unchecked.size() == outputs.size()) return Verification.none();
        var tally = new Tally();
        for (KernelArg.Buffer buffer : outputs) {
            NpyArray expected = golden.get(buffer.name());
            if (expected == null) continue;
            Path file = outputDir.resolve(buffer.name() + ".npy");
            try {
                NpyArray.Header header = NpyArray.header(file);
                if (header.dataBytes() <= readAtMostBytes) {
                    String wrong = compare(buffer, expected, NpyArray.read(file, header, room(header.dataBytes())), tally);
                    if (wrong != null) return fail(wrong, unchecked);
                    continue;
                }
                // A larger output is read where the system holds it (by every thread comparing it), and let go as soon as it is compared.
                try (var arena = java.lang.foreign.Arena.ofShared()) {
                    String wrong = compare(buffer, expected, NpyArray.map(file, arena), tally);
                    if (wrong != null) return fail(wrong, unchecked);
                }
            } catch (IOException e) {
                return fail("output `" + buffer.name() + "` could not be read: " + e.getMessage(), unchecked);
            }
        }
        if (tally.mismatches == 0) return new Verification(Verification.Status.PASS, tally.maxAbs, tally.maxRel, 0, -1, null, null, unchecked);
        String detail = tally.mismatches + " element" + (tally.mismatches == 1 ? "" : "s") + " out of tolerance (" + tally.firstTolerance + "); first: "
                + tally.firstDetail + "; max abs error " + Verification.fmt(tally.maxAbs);
        return new Verification(Verification.Status.FAIL, tally.maxAbs, tally.maxRel, tally.mismatches, tally.first, tally.firstOutput, detail, unchecked);
    }

    /** The comparison so far over every output: the largest errors and the first element out of tolerance. */
    private static final class Tally {
        double maxAbs;
        double maxRel;
        long mismatches;
        long first = -1;
        String firstOutput;
        String firstDetail;
        Tolerance firstTolerance;

        void compare(String name, NpyArray expected, NpyArray actual, Tolerance tolerance) {
            long n = expected.elements();
            if (expected.type() == ElementType.F32 && actual.type() == ElementType.F32) {
                compareF32(name, expected.floatView(), actual.floatView(), Math.toIntExact(n), tolerance);
                return;
            }
            for (long i = 0; i < n; i++) add(name, i, expected.get(i), actual.get(i), tolerance);
        }

        /** The elements of a part of a large f32 output compared on one thread: 1 MB of it. */
        private static final int PART = 1 << 18;

        /**
         * A large f32 output compared in parts on as many threads as there are processors, each part into a tally of its
         * own, merged in order: between two measurements the machine has nothing else to do, and a part of a few
         * megabytes is compared in milliseconds.
         */
        private void compareF32(String name, java.nio.FloatBuffer want, java.nio.FloatBuffer got, int n, Tolerance tolerance) {
            int parts = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), n / PART));
            if (parts == 1) {
                compareF32(name, want, got, 0, n, tolerance);
                return;
            }
            java.util.stream.IntStream.range(0, parts).parallel().mapToObj(p -> {
                var part = new Tally();
                part.compareF32(name, want, got, (int) ((long) n * p / parts), (int) ((long) n * (p + 1) / parts), tolerance);
                return part;
            }).toList().forEach(this::merge);
        }

        /** Takes in the tally of the elements right after this one's. */
        private void merge(Tally next) {
            maxAbs = Math.max(maxAbs, next.maxAbs);
            maxRel = Math.max(maxRel, next.maxRel);
            if (next.mismatches > 0 && mismatches == 0) {
                first = next.first;
                firstOutput = next.firstOutput;
                firstDetail = next.firstDetail;
                firstTolerance = next.firstTolerance;
            }
            mismatches += next.mismatches;
        }

        /** Elements of each f32 output compared at a time, copied out of place in bulk. */
        private static final int CHUNK = 4096;

        /**
         * f32 against f32, the common case, straight from the data: only an element that is not finite or out of tolerance
         * takes the general path. The elements are copied in chunks into arrays, which both of the JVM's compilers turn into
         * a tight loop (the window's, C1, reads a buffer element by element at a third of the speed). The largest relative
         * error is kept as the pair (error, |golden|) with the largest ratio, compared by cross-multiplying, so no element
         * pays for a division; an error against a golden 0 is infinite.
         */
        private void compareF32(String name, java.nio.FloatBuffer want, java.nio.FloatBuffer got, int from, int to, Tolerance tolerance) {
            double atol = tolerance.atol();
            double rtol = tolerance.rtol();
            double largestAbs = 0;
            double relError = 0;
            double relOf = 1;
            float[] wants = new float[CHUNK];
            float[] gots = new float[CHUNK];
            for (int start = from; start < to; start += CHUNK) {
                int length = Math.min(CHUNK, to - start);
                want.get(start, wants, 0, length);
                got.get(start, gots, 0, length);
                for (int j = 0; j < length; j++) {
                    float w = wants[j];
                    float g = gots[j];
                    double magnitude = Math.abs((double) w);
                    double abs = Math.abs((double) g - w);
                    // False for a NaN on either side and, through the magnitude, for an infinite golden value.
                    if (abs <= atol + rtol * magnitude && magnitude <= Float.MAX_VALUE) {
                        largestAbs = Math.max(largestAbs, abs);
                        if (abs * relOf > relError * magnitude) {
                            relError = abs;
                            relOf = magnitude;
                        }
                    } else {
                        add(name, start + j, w, g, tolerance);
                    }
                }
            }
            maxAbs = Math.max(maxAbs, largestAbs);
            if (relError > 0) maxRel = Math.max(maxRel, relOf == 0 ? Double.POSITIVE_INFINITY : relError / relOf);
        }

        void add(String name, long i, double want, double got, Tolerance tolerance) {
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
                    firstOutput = name;
                    firstTolerance = tolerance;
                    firstDetail = name + "[" + i + "] is " + Verification.fmt(got) + ", expected " + Verification.fmt(want);
                }
                mismatches++;
            }
        }
    }

    private static Verification fail(String detail, List<String> unchecked) {
        return new Verification(Verification.Status.FAIL, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0, -1, null, detail, unchecked);
    }
}
