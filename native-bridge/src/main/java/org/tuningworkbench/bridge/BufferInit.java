package org.tuningworkbench.bridge;

import java.nio.file.Path;

/** How a buffer is filled before the kernel is called. Every config sees the same bytes. */
public sealed interface BufferInit {
    record Zeros() implements BufferInit {}

    record Ones() implements BufferInit {}

    /** {@code start, start + step, ...} in element order. */
    record Range(double start, double step) implements BufferInit {}

    /** Uniform in {@code [low, high)}, or whole numbers in {@code [low, high]} when {@code integers}. */
    record Random(double low, double high, boolean integers) implements BufferInit {
        public Random {
            if (!(low <= high)) throw new IllegalArgumentException("random low " + low + " is above high " + high);
        }
    }

    /** The raw contents of a .npy file, whose type and size must match the buffer. */
    record NpyFile(Path path) implements BufferInit {}
}
