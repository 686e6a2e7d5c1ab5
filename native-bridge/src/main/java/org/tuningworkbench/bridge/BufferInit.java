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

    /** Normally distributed with mean {@code mean} and standard deviation {@code std} (numpy's {@code normal(mean, std, size)}). */
    record Normal(double mean, double std) implements BufferInit {
        public Normal {
            if (!(std >= 0) || !Double.isFinite(std) || !Double.isFinite(mean)) {
                throw new IllegalArgumentException("normal(mean, std) takes a finite mean and a standard deviation of 0 or more");
            }
        }
    }

    /** The same initial contents as the buffer named {@code of}, of the same type and shape (numpy's {@code copy(of)}). */
    record Copy(String of) implements BufferInit {}

    /** The raw contents of a .npy file, whose type and size must match the buffer. */
    record NpyFile(Path path) implements BufferInit {}
}
