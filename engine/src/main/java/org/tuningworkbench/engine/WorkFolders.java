package org.tuningworkbench.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/** The engine's private folders (builds, run outputs) and their clean-up. */
public final class WorkFolders {
    private WorkFolders() {}

    private static final java.util.regex.Pattern OWNER = java.util.regex.Pattern.compile("-p(\\d+)-");

    /**
     * A name for a temporary file or folder of this process: {@code prefix}, then {@code pPID-}. A
     * run killed before it removed its temporaries leaves them named by their owner, so the next
     * run can tell them from those of a run still going ({@code Leftovers}).
     */
    public static String ownedName(String prefix) {
        return prefix + "p" + ProcessHandle.current().pid() + "-";
    }

    /** The pid that owns a name made by {@link #ownedName}, or -1. */
    public static long owner(String name) {
        var m = OWNER.matcher(name);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    /** Deletes a folder and everything in it; a folder that cannot be deleted is left, costing disk space only. */
    public static void deleteQuietly(Path dir) {
        if (!Files.exists(dir)) return;
        try (var paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // Leftover files cost disk space only.
        }
    }
}
