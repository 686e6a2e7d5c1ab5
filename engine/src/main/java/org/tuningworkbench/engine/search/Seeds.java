package org.tuningworkbench.engine.search;

import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

/** Seeded generators: the same seed and purpose give the same sequence on every JDK and machine. */
public final class Seeds {
    private Seeds() {}

    /** A generator for {@code purpose} (so two parts seeded alike still draw different sequences). */
    public static RandomGenerator generator(long seed, String purpose) {
        return RandomGeneratorFactory.of("L64X128MixRandom").create(seed * 0x9E3779B97F4A7C15L ^ purpose.hashCode());
    }
}
