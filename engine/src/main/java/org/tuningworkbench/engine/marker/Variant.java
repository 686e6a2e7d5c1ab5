package org.tuningworkbench.engine.marker;

/**
 * A kernel source with one configuration's values substituted. Substitution never adds or removes
 * lines, so line {@code n} of the variant is line {@code n} of the user's file.
 */
public record Variant(Config config, String text) {}
