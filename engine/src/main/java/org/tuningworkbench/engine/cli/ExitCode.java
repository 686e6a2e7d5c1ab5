package org.tuningworkbench.engine.cli;

/** What {@code workbench tune} exits with. Documented in the README. */
public final class ExitCode {
    private ExitCode() {}

    /** Every config was tried and at least one gave a correct, measured result. */
    public static final int OK = 0;
    /** The run finished but no config succeeded. */
    public static final int NO_SUCCESS = 1;
    /** Bad input: the command line, the project file, the kernel's markers or the golden reference. */
    public static final int BAD_INPUT = 2;
    /** The compiler the build command needs is not installed. */
    public static final int MISSING_TOOLCHAIN = 3;
    /** The records or the work folder could not be written. */
    public static final int IO_ERROR = 4;
    /** The run was interrupted (Ctrl+C); finished records are kept. */
    public static final int INTERRUPTED = 130;
}
