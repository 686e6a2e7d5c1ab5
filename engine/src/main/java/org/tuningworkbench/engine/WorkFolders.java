package org.tuningworkbench.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/** The engine's private folders (builds, run outputs) and their clean-up. */
public final class WorkFolders {
    private WorkFolders() {}

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
