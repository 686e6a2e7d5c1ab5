package org.tuningworkbench.engine.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.tuningworkbench.engine.ScratchFolders;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.process.ProcessMarker;

/**
 * What a tuner killed mid-run (SIGKILL, power loss) leaves, collected when the next one starts:
 * temporary build folders, run folders (and their scratch folders in memory,
 * {@link ScratchFolders}) and dependency scans whose owning process is
 * gone (their names carry its pid, {@link WorkFolders#ownedName}), or, without an owner in the
 * name, older than an hour; and processes it started that still run ({@link ProcessMarker}).
 */
public final class Leftovers {

    static final Duration UNOWNED_AGE = Duration.ofHours(1);

    private Leftovers() {}

    /** What was collected. */
    public record Collected(int folders, int processes) {}

    public static Collected collect(Path cacheDir) {
        return collect(cacheDir, ScratchFolders.all());
    }

    /** As {@link #collect(Path)}, with {@code scratch} as the scratch folders in memory to look at. */
    static Collected collect(Path cacheDir, List<Path> scratch) {
        int processes = ProcessMarker.endLeftovers();
        int folders = 0;
        var candidates = new ArrayList<>(candidates(cacheDir));
        candidates.addAll(scratch);
        for (Path candidate : candidates) {
            if (abandoned(candidate)) {
                WorkFolders.deleteQuietly(candidate);
                folders++;
            }
        }
        return new Collected(folders, processes);
    }

    /** Temporaries of builds (and of golden outputs inside builds), run folders, dependency scans. */
    private static List<Path> candidates(Path cacheDir) {
        var out = new ArrayList<Path>();
        Path builds = cacheDir.resolve("builds");
        for (Path build : list(builds)) {
            if (build.getFileName().toString().contains(".tmp-")) out.add(build);
            else list(build).stream().filter(p -> p.getFileName().toString().startsWith("golden.tmp-")).forEach(out::add);
        }
        out.addAll(list(cacheDir.resolve("runs")));
        list(cacheDir).stream().filter(p -> p.getFileName().toString().startsWith("deps-")).forEach(out::add);
        return out;
    }

    private static boolean abandoned(Path folder) {
        long owner = WorkFolders.owner(folder.getFileName().toString());
        if (owner == ProcessHandle.current().pid()) return false;
        if (owner > 0) return ProcessHandle.of(owner).isEmpty();
        try {
            return Files.getLastModifiedTime(folder).toInstant().isBefore(Instant.now().minus(UNOWNED_AGE));
        } catch (IOException e) {
            return false;
        }
    }

    private static List<Path> list(Path dir) {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(Files::isDirectory).toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
