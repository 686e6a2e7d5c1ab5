package org.tuningworkbench.engine.marker;

import java.nio.file.Path;

/** A marked line that cannot be understood. */
public record MarkerError(Path file, int line, String message) {
    @Override
    public String toString() {
        return file + ":" + line + ": " + message;
    }
}
