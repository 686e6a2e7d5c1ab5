package org.tuningworkbench.engine.recorded;

import java.nio.file.Path;

/**
 * A recorded space that cannot be read: the file, where in it (when known: line and column of the
 * JSON text, decompressed for a {@code .json.gz}), and what was expected. Its message reads
 * {@code gemm.json.gz, line 40, column 5: config `16,16,32` has no value for `MWG`}.
 */
public final class RecordedSpaceException extends Exception {

    private final Path file;
    private final int line;
    private final int column;
    private final String problem;

    /** A problem at {@code line}, {@code column} of {@code file}; 0 (or less) when the place is not known. */
    public RecordedSpaceException(Path file, int line, int column, String problem, Throwable cause) {
        super(message(file, line, column, problem), cause);
        this.file = file;
        this.line = Math.max(0, line);
        this.column = Math.max(0, column);
        this.problem = problem;
    }

    public RecordedSpaceException(Path file, String problem) {
        this(file, 0, 0, problem, null);
    }

    public Path file() {
        return file;
    }

    /** 1-based line of the problem, 0 when not known. */
    public int line() {
        return line;
    }

    /** 1-based column of the problem, 0 when not known. */
    public int column() {
        return column;
    }

    /** What is wrong, without the file and place. */
    public String problem() {
        return problem;
    }

    private static String message(Path file, int line, int column, String problem) {
        String where = String.valueOf(file);
        if (line > 0) where += ", line " + line + (column > 0 ? ", column " + column : "");
        return where + ": " + problem;
    }
}
