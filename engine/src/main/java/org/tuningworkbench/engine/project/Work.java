package org.tuningworkbench.engine.project;

import java.util.OptionalDouble;

/**
 * The work of one kernel call ({@code [work]}), from which rates are worked out.
 *
 * @param flops floating-point operations of one call, when known
 * @param bytes memory traffic of one call in bytes, when known
 */
public record Work(OptionalDouble flops, OptionalDouble bytes) {
    public static final Work UNKNOWN = new Work(OptionalDouble.empty(), OptionalDouble.empty());
}
