package org.tuningworkbench.engine.cli;

import org.tuningworkbench.engine.exec.TuningException;
import org.tuningworkbench.engine.record.RecordFileException;

/**
 * What the {@code workbench} commands exit with: every code they can return, each with one
 * meaning. The "Exit codes" table of docs/command-line.md lists the same; a test holds them together.
 */
public final class ExitCode {
    private ExitCode() {}

    /** The command did its work; for {@code tune}, at least one config gave a correct, measured result. */
    public static final int OK = 0;
    /** The run finished but no config succeeded. */
    public static final int NO_SUCCESS = 1;
    /** Bad input: the command line, the project file, the kernel's markers, the golden reference, a file that is not a record file. */
    public static final int BAD_INPUT = 2;
    /** The compiler the build command needs is not installed. */
    public static final int MISSING_TOOLCHAIN = 3;
    /** The records, the cache or the work folder could not be read or written (disk full, permissions). */
    public static final int IO_ERROR = 4;
    /** Another tuning run is writing the same record file, or measures on the device and {@code --no-wait} was given. */
    public static final int BUSY = 5;
    /** A bug in the workbench: the message says what failed; nothing else is wrong with the input. (BSD's EX_SOFTWARE.) */
    public static final int INTERNAL_ERROR = 70;
    /** Stopped by SIGHUP (the terminal closed); finished records are kept. */
    public static final int HANGUP = 128 + 1;
    /** Stopped by SIGINT (Ctrl+C); finished records are kept. */
    public static final int INTERRUPTED = 128 + 2;
    /** Stopped by SIGTERM; finished records are kept. */
    public static final int TERMINATED = 128 + 15;

    /** The code of a run that failed as {@code kind} says. */
    public static int of(TuningException.Kind kind) {
        return switch (kind) {
            case INPUT -> BAD_INPUT;
            case TOOLCHAIN -> MISSING_TOOLCHAIN;
            case IO -> IO_ERROR;
            case BUSY -> BUSY;
        };
    }

    /** The code of a record file that could not be used: busy (another run writes it), or not a record file. */
    public static int of(RecordFileException e) {
        return e.reason() == RecordFileException.Reason.BUSY ? BUSY : BAD_INPUT;
    }

    /** Every code above, for the documented table and the tests that check a command returns only these. */
    public static final java.util.Set<Integer> ALL = java.util.Set.of(OK, NO_SUCCESS, BAD_INPUT, MISSING_TOOLCHAIN, IO_ERROR, BUSY,
            INTERNAL_ERROR, HANGUP, INTERRUPTED, TERMINATED);
}
