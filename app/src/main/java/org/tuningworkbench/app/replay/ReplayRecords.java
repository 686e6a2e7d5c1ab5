package org.tuningworkbench.app.replay;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a window's replays of a recorded space record: a file of this window's own, in a temporary
 * folder of its own, never shared with another window or process replaying the same space. Each
 * replay gets a new one and the one it replaces is deleted, as it is when the window closes; whatever
 * is left is deleted at exit.
 */
public final class ReplayRecords {

    private Path folder;
    private Path file;

    /** A new file for the replay of {@code space}, not yet written; the previous replay's file is deleted. */
    public Path fresh(String space) throws IOException {
        delete();
        String name = space.replaceAll("[^A-Za-z0-9._-]", "_");
        Path made = Files.createTempDirectory("tuning-workbench-replay-" + name + "-");
        Path records = made.resolve(name + ".jsonl");
        // Deleted at exit in the reverse order: the record file and its lock, then their folder.
        made.toFile().deleteOnExit();
        records.toFile().deleteOnExit();
        lockOf(records).toFile().deleteOnExit();
        folder = made;
        file = records;
        return records;
    }

    /** The latest replay's file, while it is kept. */
    public Optional<Path> file() {
        return Optional.ofNullable(file);
    }

    /** Deletes the latest replay's file and its folder, if any (a replay still writing to it writes to no name). */
    public void delete() {
        if (folder == null) return;
        try {
            Files.deleteIfExists(lockOf(file));
            Files.deleteIfExists(file);
            Files.deleteIfExists(folder);
        } catch (IOException ignored) {
            // Left for deleteOnExit: the folder is of this process only.
        }
        folder = null;
        file = null;
    }

    /** The lock a run holds beside the record file it writes (see RecordFile.open). */
    private static Path lockOf(Path records) {
        return records.resolveSibling(records.getFileName() + ".lock");
    }
}
