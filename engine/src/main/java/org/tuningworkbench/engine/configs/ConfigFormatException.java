package org.tuningworkbench.engine.configs;

/** Text that is not a list of configs in the expected form; the message says where. */
public final class ConfigFormatException extends Exception {
    public ConfigFormatException(String message) {
        super(message);
    }
}
