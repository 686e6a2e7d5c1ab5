package org.tuningworkbench.engine.project;

/**
 * How close an output must be to the golden one: {@code |out - golden| <= atol + rtol * |golden|}
 * for every element. Exact comparison is {@code atol = rtol = 0}.
 */
public record Tolerance(double atol, double rtol) {
    public static final Tolerance EXACT = new Tolerance(0, 0);

    public Tolerance {
        if (!(atol >= 0) || !(rtol >= 0)) throw new IllegalArgumentException("tolerances must be zero or positive");
    }

    public boolean exact() {
        return atol == 0 && rtol == 0;
    }

    @Override
    public String toString() {
        return exact() ? "exact" : "atol=" + atol + ", rtol=" + rtol;
    }
}
