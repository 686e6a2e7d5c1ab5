package org.tuningworkbench.engine.project;

/**
 * How close an output must be to the golden one: {@code |out - golden| <= atol + rtol * |golden|}
 * for every finite element. Exact comparison is {@code atol = rtol = 0}. Infinities match only the
 * same infinity, whatever the tolerance (a relative slack around an infinity is infinite, which
 * would let anything pass). NaN matches only a golden NaN, and only when {@code nanEqual}: a NaN is
 * usually a bug, so a project says when it is the expected result.
 */
public record Tolerance(double atol, double rtol, boolean nanEqual) {
    public static final Tolerance EXACT = new Tolerance(0, 0);

    public Tolerance {
        if (!(atol >= 0) || !(rtol >= 0)) throw new IllegalArgumentException("tolerances must be zero or positive");
    }

    public Tolerance(double atol, double rtol) {
        this(atol, rtol, false);
    }

    public Tolerance withNanEqual(boolean value) {
        return new Tolerance(atol, rtol, value);
    }

    public boolean exact() {
        return atol == 0 && rtol == 0;
    }

    /** Whether {@code got} passes for the golden {@code want}. */
    public boolean accepts(double want, double got) {
        if (Double.isNaN(want)) return nanEqual && Double.isNaN(got);
        if (Double.isNaN(got)) return false;
        if (Double.isInfinite(want) || Double.isInfinite(got)) return got == want;
        return Math.abs(got - want) <= atol + rtol * Math.abs(want);
    }

    @Override
    public String toString() {
        return (exact() ? "exact" : "atol=" + atol + ", rtol=" + rtol) + (nanEqual ? ", nan_equal" : "");
    }
}
