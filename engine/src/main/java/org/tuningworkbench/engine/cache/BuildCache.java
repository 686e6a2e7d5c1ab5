package org.tuningworkbench.engine.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.tuningworkbench.engine.WorkFolders;

/**
 * The build cache's size and its clean-up, least recently used first. Each build is a folder
 * under {@code CACHE/builds}; its modification time is its last use (a build touches it when it is
 * made or reused). A build used in the last minutes may belong to a run going on now, so it is
 * never removed: the run would find its program gone and record a crash that is not the config's.
 */
public final class BuildCache {

    /** The limit applied at the end of every run. */
    public static final long DEFAULT_MAX_BYTES = 2L << 30;

    /** Builds used this recently are in use. */
    static final Duration IN_USE = Duration.ofMinutes(10);

    private final Path builds;

    private BuildCache(Path builds) {
        this.builds = builds;
    }

    public static BuildCache in(Path cacheDir) {
        return new BuildCache(cacheDir.resolve("builds"));
    }

    /** Marks a build as used now. */
    public static void touch(Path buildDir) {
        try {
            Files.setLastModifiedTime(buildDir, FileTime.from(Instant.now()));
        } catch (IOException e) {
            // Only the order of the clean-up suffers.
        }
    }

    /** One published build. */
    public record Entry(Path dir, long bytes, Instant lastUsed) {}

    /** What a clean-up did. */
    public record Cleaned(int removed, long freedBytes, int keptInUse, long remainingBytes) {}

    /** Published builds (temporary folders of builds under way excluded), least recently used first. */
    public List<Entry> entries() throws IOException {
        if (!Files.isDirectory(builds)) return List.of();
        var out = new ArrayList<Entry>();
        try (Stream<Path> dirs = Files.list(builds)) {
            for (Path dir : dirs.filter(Files::isDirectory).filter(d -> !d.getFileName().toString().contains(".tmp-")).toList()) {
                try {
                    out.add(new Entry(dir, bytes(dir), Files.getLastModifiedTime(dir).toInstant()));
                } catch (IOException e) {
                    // Removed by another run meanwhile.
                }
            }
        }
        out.sort(Comparator.comparing(Entry::lastUsed));
        return out;
    }

    /** Bytes held by the whole cache folder's builds, temporary ones included. */
    public long size() throws IOException {
        return Files.isDirectory(builds) ? bytes(builds) : 0;
    }

    /** Removes least recently used builds until the builds hold at most {@code maxBytes}; builds in use stay. */
    public Cleaned trimTo(long maxBytes) throws IOException {
        List<Entry> entries = entries();
        long total = entries.stream().mapToLong(Entry::bytes).sum();
        int removed = 0;
        int inUse = 0;
        long freed = 0;
        Instant recent = Instant.now().minus(IN_USE);
        for (Entry e : entries) {
            if (total <= maxBytes) break;
            if (e.lastUsed().isAfter(recent)) {
                inUse++;
                continue;
            }
            // Renamed first, so no run finds a half-deleted build under its key.
            Path aside = e.dir().resolveSibling(e.dir().getFileName() + ".tmp-" + WorkFolders.ownedName("clean-"));
            try {
                Files.move(e.dir(), aside, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException gone) {
                continue;
            }
            WorkFolders.deleteQuietly(aside);
            total -= e.bytes();
            freed += e.bytes();
            removed++;
        }
        return new Cleaned(removed, freed, inUse, total);
    }

    /** The bytes of the files under {@code dir}; files removed meanwhile by another run count nothing. */
    private static long bytes(Path dir) throws IOException {
        long[] total = {0};
        Files.walkFileTree(dir, new java.nio.file.SimpleFileVisitor<>() {
            @Override
            public java.nio.file.FileVisitResult visitFile(Path file, java.nio.file.attribute.BasicFileAttributes attrs) {
                if (attrs.isRegularFile()) total[0] += attrs.size();
                return java.nio.file.FileVisitResult.CONTINUE;
            }

            @Override
            public java.nio.file.FileVisitResult visitFileFailed(Path file, IOException e) {
                return java.nio.file.FileVisitResult.CONTINUE;
            }
        });
        return total[0];
    }
}
