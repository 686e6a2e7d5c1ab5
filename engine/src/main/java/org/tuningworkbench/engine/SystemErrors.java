package org.tuningworkbench.engine;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** Why the system refused an operation on a file, in its words. */
public final class SystemErrors {
    private SystemErrors() {}

    /** The reason of {@code e}: the exceptions for the commonest reasons name only the file, and their type says why. */
    public static String reason(FileSystemException e) {
        if (e.getReason() != null) return e.getReason();
        return switch (e) {
            case NoSuchFileException ignored -> "No such file or directory";
            case AccessDeniedException ignored -> "Permission denied";
            case FileAlreadyExistsException ignored -> "File exists";
            case NotDirectoryException ignored -> "Not a directory";
            default -> "refused by the system";
        };
    }
}
