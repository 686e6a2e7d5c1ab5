package org.tuningworkbench.engine.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SpreadTest {

    @Test
    void quartilesAreInterpolatedBetweenTheSortedValues() {
        Spread s = Spread.of(new double[] {4, 1, 3, 2, 5}).orElseThrow();
        assertEquals(5, s.count());
        assertEquals(1, s.min());
        assertEquals(2, s.q1());
        assertEquals(3, s.median());
        assertEquals(4, s.q3());
        assertEquals(5, s.max());
        Spread even = Spread.of(new double[] {10, 20, 30, 40}).orElseThrow();
        assertEquals(17.5, even.q1(), 1e-12);
        assertEquals(25, even.median(), 1e-12);
        assertEquals(32.5, even.q3(), 1e-12);
    }

    @Test
    void oneValueIsEveryFigureAndNoValueIsNoSpread() {
        Spread one = Spread.of(new double[] {7}).orElseThrow();
        assertEquals(7, one.min());
        assertEquals(7, one.q1());
        assertEquals(7, one.max());
        assertTrue(Spread.of(new double[0]).isEmpty());
    }

    @Test
    void theGivenArrayIsLeftInItsOrder() {
        double[] values = {3, 1, 2};
        Spread.of(values);
        assertEquals(3, values[0]);
    }
}
