package org.tuningworkbench.engine;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Where each config's run writes what is read once and removed (its outputs, its timings, its output
 * streams): in memory, on a tmpfs such as {@code /dev/shm}, when it has room; otherwise in the run
 * folder on disk. A config then costs no file created, written and deleted on disk, where each of
 * those may wait for the journal or a discard: on a trivial kernel that was a millisecond and more
 * of every config. Outputs too large for the room in memory (a share of its free space, since
 * several configs' files may be there at once) stay on disk, so a small {@code /dev/shm} (64 MB in
 * some containers) never fails a config that disk would have held.
 *
 * <p>The folder in memory is this user's alone: in {@code $XDG_RUNTIME_DIR} when the session has one,
 * else in {@code /dev/shm}, created with mode 0700 and used only while it is a folder (not a link)
 * owned by this user; one that another user owns (who could swap the outputs and timings being
 * verified) is never used, and the run's files stay on disk.
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
        for (Path memory : memories()) {
            Path scratch = forRun(runDir, outputBytes, memory);
            if (!scratch.equals(runDir)) return scratch;
        }
        return runDir;
    }

    /** The tmpfs folders a run's files may go to, this session's own first. */
    private static List<Path> memories() {
        String runtime = System.getenv("XDG_RUNTIME_DIR");
        if (runtime == null || runtime.isBlank() || !Path.of(runtime).isAbsolute()) return List.of(SHARED_MEMORY);
        return List.of(Path.of(runtime), SHARED_MEMORY);
    }

    static Path forRun(Path runDir, long outputBytes, Path memory) {
        Optional<Path> root = roomyRoot(memory, outputBytes);
        if (root.isEmpty()) return runDir;
        try {
            if (!isPrivate(root.get())) return runDir;
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
        return memories().stream().flatMap(memory -> all(memory).stream()).toList();
    }

    static List<Path> all(Path memory) {
        Path root = userRoot(memory);
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS) || !ownedByThisUser(root)) return List.of();
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

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    /**
     * Whether {@code root} is this user's own folder: created with mode 0700 when missing; an existing one
     * must be a folder, not a link, owned by this user (its mode is then made 0700 again if it was opened up).
     */
    static boolean isPrivate(Path root) {
        try {
            try {
                Files.createDirectory(root, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            } catch (FileAlreadyExistsException e) {
                // Made before, by this user or another: checked below.
            }
            PosixFileAttributes attributes = Files.readAttributes(root, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!attributes.isDirectory() || !ownedByThisUser(root)) return false;
            if (!attributes.permissions().equals(OWNER_ONLY)) Files.setPosixFilePermissions(root, OWNER_ONLY);
            return true;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
            return false;
        }
    }

    private static boolean ownedByThisUser(Path path) {
        try {
            Object owner = Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            // The owner of /proc/self is this process's user.
            Object self = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            return owner != null && owner.equals(self);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
            return false;
        }
    }

    /** One folder a user, so that users of one machine do not share (or lock each other out of) it. */
    private static Path userRoot(Path memory) {
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
        return memory.resolve("tuning-workbench-" + user);
    }
}
