package org.tuningworkbench.engine.marker;

/** A configuration that cannot be applied to the source; it fails alone. */
public final class InvalidConfigException extends Exception {
    public InvalidConfigException(String message) {
        super(message);
    }
}
