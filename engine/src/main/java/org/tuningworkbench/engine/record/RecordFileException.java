package org.tuningworkbench.engine.record;

import java.io.IOException;

/** A record file the tuner will not write: it is not one, or another run is writing it. */
public final class RecordFileException extends IOException {

    public enum Reason {
        /** A symbolic link, not a regular file, or a file whose lines are not records. */
        REFUSED,
        /** Another tuning run holds its lock. */
        BUSY
    }

    private final Reason reason;

    RecordFileException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
