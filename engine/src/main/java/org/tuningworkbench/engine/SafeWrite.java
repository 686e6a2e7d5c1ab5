package org.tuningworkbench.engine;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The one way the product writes a whole file: into a new temporary file beside the target, created
 * exclusively (a planted file or symbolic link of that name is never opened), flushed to disk, then
 * renamed over the target in one step. The target is therefore either its old self or the new text,
 * never half of each: a full disk or a failing write leaves the old file whole and says so. A target
 * that is not a regular file (a device, a pipe, a folder) is refused, as is any of the inputs the
 * caller names (the kernel, the project file, the record file just read) unless it allows them; a
 * symbolic link at the target is replaced by the file, never written through.
 */
public final class SafeWrite {

    /** Writes a file's contents to a stream. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Why a write was refused or failed; the old file, if any, is as it was. */
    public static final class WriteException extends IOException {
        private final boolean environment;

        WriteException(String message, boolean environment, Throwable cause) {
            super(message, cause);
            this.environment = environment;
        }

        /** Whether the machine failed the write (a full disk, an I/O error), not the choice of target. */
        public boolean environment() {
            return environment;
        }
    }

    private final Collection<Path> inputs;

    private SafeWrite(Collection<Path> inputs) {
        this.inputs = List.copyOf(inputs);
    }

    /** Writes that refuse no target but those that are not regular files. */
    public static SafeWrite anywhere() {
        return new SafeWrite(List.of());
    }

    /** Writes that also refuse to replace any of {@code inputs} (files the command has read and would lose). */
    public static SafeWrite sparing(Collection<Path> inputs) {
        return new SafeWrite(inputs);
    }

    public static void write(Path target, String text) throws IOException {
        anywhere().text(target, text, StandardCharsets.UTF_8);
    }

    public static void write(Path target, byte[] bytes) throws IOException {
        anywhere().bytes(target, bytes);
    }

    public void text(Path target, String text, Charset charset) throws IOException {
        bytes(target, text.getBytes(charset));
    }

    public void bytes(Path target, byte[] bytes) throws IOException {
        content(target, out -> out.write(bytes));
    }

    /** Replaces {@code target} with what {@code content} writes, or leaves it as it was and says why. */
    public void content(Path target, Content content) throws IOException {
        Path file = target.toAbsolutePath().normalize();
        refuseUnsafe(target, file);
        Path folder = file.getParent();
        Path temp = folder.resolve("." + file.getFileName() + "." + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()) + ".part");
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                keepPermissions(file, temp);
                OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
                content.writeTo(new KeptOpen(out));
                out.flush();
                channel.force(true);
            }
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // The failed write is the error to report; a leftover temporary is named as hidden.
            }
            if (e instanceof WriteException w) throw w;
            throw failed(target, e);
        }
        syncFolder(folder);
    }

    /** The stream a content writes to: closing it (as writers do when done) leaves it to be flushed to disk and renamed. */
    private static final class KeptOpen extends FilterOutputStream {
        KeptOpen(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }

    private void refuseUnsafe(Path target, Path file) throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (java.nio.file.NoSuchFileException e) {
            attributes = null;
        }
        if (attributes != null && !attributes.isRegularFile() && !attributes.isSymbolicLink()) {
            throw new WriteException("cannot write " + target + ": it is " + kind(attributes) + ", not a regular file; nothing was written", false, null);
        }
        for (Path input : inputs) {
            if (sameFile(file, input)) {
                throw new WriteException("cannot write " + target + ": it is " + input.getFileName() + ", an input of this command that it would overwrite; "
                        + "name another file (or allow it explicitly)", false, null);
            }
        }
        if (file.getParent() == null || !Files.isDirectory(file.getParent())) {
            throw new WriteException("cannot write " + target + ": its folder " + file.getParent() + " does not exist", false, null);
        }
    }

    private static boolean sameFile(Path file, Path input) {
        Path in = input.toAbsolutePath().normalize();
        if (in.equals(file)) return true;
        try {
            return Files.exists(file) && Files.exists(in) && Files.isSameFile(file, in);
        } catch (IOException e) {
            return false;
        }
    }

    private static String kind(BasicFileAttributes a) {
        if (a.isDirectory()) return "a folder";
        return a.isOther() ? "a device, pipe or socket" : "not a file";
    }

    /** The new file takes the old one's permissions, so replacing a kernel or a script keeps who may read or run it. */
    private static void keepPermissions(Path file, Path temp) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) return;
        PosixFileAttributeView view = Files.getFileAttributeView(file, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        if (view == null) return;
        Set<PosixFilePermission> permissions = view.readAttributes().permissions();
        Files.getFileAttributeView(temp, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).setPermissions(permissions);
    }

    /** The rename is itself kept on disk, so a crash just after cannot bring back the old file under a new text's name. */
    private static void syncFolder(Path folder) {
        try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // Some systems cannot open a folder to flush it; the file's own data is on disk already.
        }
    }

    private static WriteException failed(Path target, Exception e) {
        String reason = e instanceof FileSystemException f ? SystemErrors.reason(f) : String.valueOf(e.getMessage());
        boolean full = fullDisk(reason);
        String why = full ? "the disk is full (" + reason + ")" : reason;
        return new WriteException("cannot write " + target + ": " + why + "; " + (Files.exists(target, LinkOption.NOFOLLOW_LINKS)
                ? "the file is left as it was" : "nothing was written"), true, e);
    }

    /** Whether a system's reason for a failed write says the disk (or the user's share of it) is full. */
    public static boolean fullDisk(String reason) {
        String r = reason == null ? "" : reason.toLowerCase(Locale.ROOT);
        return r.contains("no space left") || r.contains("quota exceeded") || r.contains("file too large") || r.contains("out of disk space");
    }
}
