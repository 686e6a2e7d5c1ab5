package org.tuningworkbench.engine.project;

import org.tuningworkbench.bridge.ElementType;

/**
 * How close an output must be to the golden one: {@code |out - golden| <= atol + rtol * |golden|}
 * for every finite element. Exact comparison is {@code atol = rtol = 0}. Infinities match only the
 * same infinity, whatever the tolerance (a relative slack around an infinity is infinite, which
 * would let anything pass). NaN matches only a golden NaN, and only when {@code nanEqual}: a NaN is
 * usually a bug, so a project says when it is the expected result.
 *
 * @param given whether the project gave atol, rtol or {@code tolerance}; when it did not, outputs of
 *              16-bit floats are compared with their own defaults ({@link #forOutput}) and every
 *              other output exactly
 */
public record Tolerance(double atol, double rtol, boolean nanEqual, boolean given) {
    public static final Tolerance EXACT = new Tolerance(0, 0);

    /** No tolerance in the project: exact, but for f16 and bf16 outputs. */
    public static final Tolerance UNSET = new Tolerance(0, 0, false, false);

    /** f16's defaults when the project gives none, as {@code torch.testing.assert_close} has them: its 10-bit mantissa keeps about 3 digits. */
    public static final Tolerance F16 = new Tolerance(1e-5, 1e-3);

    /** bf16's defaults when the project gives none, as {@code torch.testing.assert_close} has them: its 7-bit mantissa keeps about 2 digits. */
    public static final Tolerance BF16 = new Tolerance(1e-5, 1.6e-2);

    public Tolerance {
        if (!(atol >= 0) || !(rtol >= 0)) throw new IllegalArgumentException("tolerances must be zero or positive");
    }

    /** A tolerance the project gave. */
    public Tolerance(double atol, double rtol) {
        this(atol, rtol, false, true);
    }

    /** A tolerance the project gave, NaN matching NaN when {@code nanEqual}. */
    public Tolerance(double atol, double rtol, boolean nanEqual) {
        this(atol, rtol, nanEqual, true);
    }

    public Tolerance withNanEqual(boolean value) {
        return new Tolerance(atol, rtol, value, given);
    }

    /** The tolerance an output of {@code type} is compared with: the project's, or the type's default when it gave none. */
    public Tolerance forOutput(ElementType type) {
        if (given) return this;
        return switch (type) {
            case F16 -> F16.withNanEqual(nanEqual);
            case BF16 -> BF16.withNanEqual(nanEqual);
            default -> this;
        };
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
