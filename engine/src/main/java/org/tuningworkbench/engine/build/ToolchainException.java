package org.tuningworkbench.engine.build;

/** The build cannot start: its compiler is missing. */
public final class ToolchainException extends Exception {
    public ToolchainException(String message) {
        super(message);
    }
}
