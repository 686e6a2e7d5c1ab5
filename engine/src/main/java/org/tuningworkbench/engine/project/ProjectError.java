package org.tuningworkbench.engine.project;

import java.nio.file.Path;

/** A problem in a project file, where it is: {@code project.toml:12:3: message}. Line and column are 1-based, 0 when unknown. */
public record ProjectError(Path file, int line, int column, String message) {
    @Override
    public String toString() {
        return file + (line > 0 ? ":" + line + ":" + column : "") + ": " + message;
    }
}
