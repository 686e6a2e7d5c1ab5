package org.tuningworkbench.bridge;

import java.nio.file.Path;

/** How a buffer is filled before the kernel is called. Every config sees the same bytes. */
public sealed interface BufferInit {
    record Zeros() implements BufferInit {}

    record Ones() implements BufferInit {}

    /** {@code start, start + step, ...} in element order. */
    record Range(double start, double step) implements BufferInit {}

    /**
     * Uniform in {@code [low, high)}; with {@code integers}, whole numbers in {@code [low, high)} as
     * numpy's {@code randint(low, high)} draws them: {@code high} itself never comes.
     */
    record Random(double low, double high, boolean integers) implements BufferInit {
        public Random {
            if (!(low <= high)) throw new IllegalArgumentException("random low " + low + " is above high " + high);
            if (integers && (low != Math.rint(low) || high != Math.rint(high))) {
                throw new IllegalArgumentException("randint(low, high) takes whole numbers");
            }
            if (integers && !(low < high)) {
                throw new IllegalArgumentException("randint(" + (long) low + ", " + (long) high + ") draws nothing: high is exclusive, as in numpy; "
                        + "write randint(" + (long) low + ", " + ((long) high + 1) + ") for " + (long) low);
            }
        }
    }

    /** The raw contents of a .npy file, whose type and size must match the buffer. */
    record NpyFile(Path path) implements BufferInit {}
}
