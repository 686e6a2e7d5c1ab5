package org.tuningworkbench.engine;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where each config's run writes what is read once and removed (its outputs, its timings, its output
 * streams): in memory, on a tmpfs such as {@code /dev/shm}, when it has room; otherwise in the run
 * folder on disk. A config then costs no file created, written and deleted on disk, where each of
 * those may wait for the journal or a discard: on a trivial kernel that was a millisecond and more
 * of every config. Outputs too large for the room in memory (a share of its free space, since
 * several configs' files may be there at once) stay on disk, so a small {@code /dev/shm} (64 MB in
 * some containers) never fails a config that disk would have held.
 */
public final class ScratchFolders {

    private ScratchFolders() {}

    /** This machine's shared memory, a tmpfs on Linux. */
    static final Path SHARED_MEMORY = Path.of("/dev/shm");

    /** A run's files in memory may take at most this share of its free space. */
    static final int SHARE_OF_FREE_SPACE = 8;

    /** Room kept beyond the outputs themselves: timings, output streams, the file system's own blocks. */
    static final long SLACK_BYTES = 1 << 20;

    /**
     * A scratch folder for a run whose configs write {@code outputBytes} of outputs each: a new folder
     * of this process in memory when there is room, else {@code runDir} itself. The caller removes
     * it ({@link #release}); a run killed before leaves it to {@code Leftovers}, as its run folder.
     */
    public static Path forRun(Path runDir, long outputBytes) {
        return forRun(runDir, outputBytes, SHARED_MEMORY);
    }

    static Path forRun(Path runDir, long outputBytes, Path memory) {
        Optional<Path> root = roomyRoot(memory, outputBytes);
        if (root.isEmpty()) return runDir;
        try {
            Files.createDirectories(root.get());
            return Files.createTempDirectory(root.get(), WorkFolders.ownedName("run-"));
        } catch (IOException | SecurityException e) {
            return runDir;
        }
    }

    /** Removes a scratch folder of {@link #forRun}; the run folder it may be is removed with the run. */
    public static void release(Path scratch, Path runDir) {
        if (scratch != null && !scratch.equals(runDir)) WorkFolders.deleteQuietly(scratch);
    }

    /** The scratch folders of every run of this user, to find those of runs that are gone. */
    public static List<Path> all() {
        return all(SHARED_MEMORY);
    }

    static List<Path> all(Path memory) {
        Path root = userRoot(memory);
        if (!Files.isDirectory(root)) return List.of();
        try (Stream<Path> entries = Files.list(root)) {
            return entries.filter(Files::isDirectory).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static Optional<Path> roomyRoot(Path memory, long outputBytes) {
        if (!Files.isDirectory(memory) || !Files.isWritable(memory)) return Optional.empty();
        try {
            FileStore store = Files.getFileStore(memory);
            if (!"tmpfs".equals(store.type())) return Optional.empty();
            boolean room = outputBytes >= 0 && outputBytes <= (store.getUsableSpace() / SHARE_OF_FREE_SPACE) - SLACK_BYTES;
            return room ? Optional.of(userRoot(memory)) : Optional.empty();
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** One folder a user, so that users of one machine do not share (or lock each other out of) it. */
    private static Path userRoot(Path memory) {
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
        return memory.resolve("tuning-workbench-" + user);
    }
}
