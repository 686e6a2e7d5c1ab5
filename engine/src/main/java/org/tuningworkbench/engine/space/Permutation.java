package org.tuningworkbench.engine.space;

import java.util.HashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;
import java.util.random.RandomGenerator;

/**
 * A uniformly random permutation of {@code 0 … n-1}, drawn one element at a time (Fisher–Yates,
 * keeping only the positions it has swapped): the first k elements cost O(k) time and memory
 * whatever {@code n}, so a space of billions of combinations can be walked in random order.
 */
final class Permutation implements PrimitiveIterator.OfLong {

    private final long n;
    private final RandomGenerator random;
    /** The value now at a position, where a swap moved one there; every other position holds its own index. */
    private final Map<Long, Long> moved = new HashMap<>();
    private long next;

    Permutation(long n, RandomGenerator random) {
        if (n < 0) throw new IllegalArgumentException("a permutation of " + n + " elements");
        this.n = n;
        this.random = random;
    }

    @Override
    public boolean hasNext() {
        return next < n;
    }

    @Override
    public long nextLong() {
        if (!hasNext()) throw new NoSuchElementException();
        long i = next++;
        long j = i + random.nextLong(n - i);
        long atI = moved.getOrDefault(i, i);
        long atJ = moved.getOrDefault(j, j);
        moved.put(j, atI);
        moved.remove(i);
        return atJ;
    }
}
