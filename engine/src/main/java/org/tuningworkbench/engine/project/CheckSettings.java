package org.tuningworkbench.engine.project;

/**
 * How each variant's outputs are checked ({@code [golden]}).
 *
 * @param golden    where the expected outputs come from
 * @param tolerance how close an output must be to them
 */
public record CheckSettings(Golden golden, Tolerance tolerance) {
    /** Outputs not checked. */
    public static final CheckSettings NONE = new CheckSettings(new Golden.None(), Tolerance.EXACT);
}
