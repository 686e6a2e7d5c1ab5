package org.tuningworkbench.engine.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.cache.BuildCache;
import org.tuningworkbench.engine.process.ChildProcess;

/**
 * The harness objects of one build cache ({@link HarnessObject}): each compiled once, in a private folder
 * published in one rename as {@code harness-<key>} beside the builds, so another run sees either nothing or the
 * whole object, and builds of this run wait for the one compiling it. The cache's clean-up treats the folder as
 * a build: every variant that links it marks it used.
 */
final class HarnessObjects {

    /** Runs an expanded build command in a folder (the builder's shell, limits and launch prefix). */
    interface Runner {
        ChildProcess.Exit run(String expanded, Path dir, ChildProcess process) throws IOException, InterruptedException;
    }

    /** Expands a build command's placeholders for a folder. */
    interface Expander {
        String expand(String command, Path dir, Launcher launcher);
    }

    /**
     * An object at hand: its file, the precompiled interface when the compiler made one, and what compiling them
     * took (zero when they were built before).
     */
    record Built(Path file, Optional<Path> header, Duration took) {}

    private final Path cacheRoot;
    private final Expander expander;
    /** Objects whose compiler failed in this builder's life: its builds include the whole harness instead. */
    private final Set<String> failed = ConcurrentHashMap.newKeySet();
    private final Map<String, Object> locks = new ConcurrentHashMap<>();

    HarnessObjects(Path cacheRoot, Expander expander) {
        this.cacheRoot = cacheRoot;
        this.expander = expander;
    }

    private static Optional<Path> header(Path done) {
        return Optional.of(done.resolve(HarnessObject.HEADER)).filter(Files::isRegularFile);
    }

    /** The object {@code command} would link {@code launcher} with, unless it failed to build before. */
    Optional<HarnessObject> plan(String command, Launcher launcher, String... identity) {
        return HarnessObject.of(command, launcher, identity).filter(object -> !failed.contains(object.key()));
    }

    /**
     * The object, compiled now when no run has yet; empty when its compiler failed or was cancelled (the reason is
     * the variant's to find: it then builds with the whole harness, as any command does).
     */
    Optional<Built> obtain(HarnessObject object, Launcher launcher, Runner runner, ChildProcess process) throws IOException, InterruptedException {
        Path done = cacheRoot.resolve(object.folderName());
        Path file = done.resolve(HarnessObject.OBJECT);
        synchronized (locks.computeIfAbsent(object.key(), key -> new Object())) {
            if (Files.isRegularFile(file)) {
                BuildCache.touch(done);
                return Optional.of(new Built(file, header(done), Duration.ZERO));
            }
            if (failed.contains(object.key())) return Optional.empty();
            Path dir = cacheRoot.resolve(WorkFolders.ownedName(object.folderName() + ".tmp-") + UUID.randomUUID());
            try {
                Files.createDirectories(dir);
                Files.writeString(dir.resolve(Launcher.HARNESS_FILE), Launcher.harnessSource());
                Files.writeString(dir.resolve(HarnessObject.fileName(launcher)), Launcher.harnessObjectSource());
                ChildProcess.Exit exit = runner.run(expander.expand(object.objectCommand(), dir, launcher), dir, process);
                if (!exit.ok() || !Files.isRegularFile(dir.resolve(HarnessObject.OBJECT))) {
                    // A cancelled build says nothing of the object: the next one tries again.
                    if (!exit.cancelled()) failed.add(object.key());
                    return Optional.empty();
                }
                // Only a speed-up: a compiler that cannot precompile the interface leaves the variants reading its text.
                ChildProcess.Exit header = runner.run(expander.expand(object.headerCommand(), dir, launcher), dir, process);
                if (!header.ok()) Files.deleteIfExists(dir.resolve(HarnessObject.HEADER));
                Builder.publish(dir, done, HarnessObject.OBJECT);
                BuildCache.touch(done);
                return Optional.of(new Built(file, header(done), exit.time().plus(header.time())));
            } finally {
                WorkFolders.deleteQuietly(dir);
            }
        }
    }
}
