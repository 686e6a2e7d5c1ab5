package org.tuningworkbench.bridge;

import java.util.List;

/** One argument of the kernel's entry function, in call order. */
public sealed interface KernelArg {
    String name();

    /**
     * A buffer passed as a pointer to its first element.
     *
     * @param shape  the extent of each dimension, outermost first (C order)
     * @param output whether the kernel's result in it is kept and verified
     */
    record Buffer(String name, ElementType type, List<Long> shape, BufferInit init, boolean output) implements KernelArg {
        public Buffer {
            shape = List.copyOf(shape);
            if (shape.isEmpty()) throw new IllegalArgumentException("buffer " + name + " has no shape");
            for (long extent : shape) {
                if (extent <= 0) throw new IllegalArgumentException("buffer " + name + " has extent " + extent + " in its shape " + shape);
            }
        }

        public long elements() {
            return shape.stream().reduce(1L, Math::multiplyExact);
        }

        public long bytes() {
            return Math.multiplyExact(elements(), type.bytes());
        }
    }

    /**
     * A scalar or small struct passed by value, spelled as C source: {@code cType} is its type
     * ({@code int}, {@code GemmCoord}) and {@code initializer} the expression it is initialised with
     * ({@code 1024}, {@code {256, 512, 1024}}).
     */
    record Value(String name, String cType, String initializer) implements KernelArg {}
}
