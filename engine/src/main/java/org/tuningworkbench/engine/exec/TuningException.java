package org.tuningworkbench.engine.exec;

/** A tuning run that cannot start or go on, and why. */
public final class TuningException extends Exception {

    /** What kind of problem stopped the run; the command line maps each to an exit code. */
    public enum Kind {
        /** The project, its kernel's markers or its golden reference are wrong. */
        INPUT,
        /** The compiler the build command names is not installed. */
        TOOLCHAIN,
        /** Records or the work folder cannot be written. */
        IO,
        /** Another tuning run holds the record file or the device (and this one was told not to wait). */
        BUSY
    }

    private final Kind kind;

    public TuningException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public TuningException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
