package org.tuningworkbench.engine.lock;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.tuningworkbench.engine.SystemErrors;

/**
 * An exclusive lock on a file, held by one tuning run at a time, with the holder's pid written in
 * it so the next one can say who holds it. Across processes it is an OS lock on the file (released
 * by the system when the holder dies, even by SIGKILL, so a stale lock never blocks); within this
 * JVM, where such locks are shared by all threads, a set of held paths stands in. The lock file
 * itself stays: deleting it would let a third run lock a fresh file while the second waits on the old.
 */
public final class PidLock implements AutoCloseable {

    private static final Set<Path> HELD_HERE = ConcurrentHashMap.newKeySet();

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private PidLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock on {@code file} (created when missing), or empty when another run holds it. */
    public static Optional<PidLock> tryAcquire(Path file) throws IOException {
        Path key = file.toAbsolutePath().normalize();
        if (!HELD_HERE.add(key)) return Optional.empty();
        FileChannel channel = null;
        try {
            Files.createDirectories(key.getParent());
            // Never through a symbolic link: the pid would be written wherever it points.
            channel = FileChannel.open(key, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                HELD_HERE.remove(key);
                return Optional.empty();
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
            channel.force(false);
            return Optional.of(new PidLock(key, channel, lock));
        } catch (IOException | RuntimeException e) {
            if (channel != null) channel.close();
            HELD_HERE.remove(key);
            if (e instanceof FileSystemException f && channel == null) {
                String other = f.getFile() == null || f.getFile().equals(key.toString()) ? "" : " (" + f.getFile() + ")";
                throw new IOException("cannot create the lock file " + key + other + ": " + SystemErrors.reason(f), e);
            }
            throw e;
        }
    }

    /** The pid of the run holding {@code file}, as it wrote it; empty when unknown. */
    public static Optional<Long> holder(Path file) {
        if (HELD_HERE.contains(file.toAbsolutePath().normalize())) return Optional.of(ProcessHandle.current().pid());
        try {
            String text = Files.readString(file, StandardCharsets.US_ASCII).strip();
            return text.matches("\\d{1,10}") ? Optional.of(Long.parseLong(text)) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** "pid 1234", or "pid unknown", for messages. */
    public static String describeHolder(Path file) {
        return holder(file).map(pid -> "pid " + pid).orElse("pid unknown");
    }

    public Path file() {
        return file;
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException ignored) {
            // Closing the channel releases the lock in any case.
        } finally {
            HELD_HERE.remove(file);
        }
    }
}
