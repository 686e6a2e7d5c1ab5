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
import org.tuningworkbench.bridge.KernelLibrary;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.cache.BuildCache;
import org.tuningworkbench.engine.process.ChildProcess;

/**
 * The programs of one build cache that load each variant's library ({@link LibraryBuild}): each built once, in a
 * private folder published in one rename as {@code program-<key>} beside the builds, so another run sees either
 * nothing or the whole program, and builds of this run wait for the one building it. The cache's clean-up treats
 * the folder as a build: every variant that copies the program marks it used.
 */
final class LibraryPrograms {

    /** Runs an expanded build command in a folder (the builder's shell, limits and launch prefix). */
    interface Runner {
        ChildProcess.Exit run(String expanded, Path dir, ChildProcess process) throws IOException, InterruptedException;
    }

    /** Expands a build command's placeholders for a folder. */
    interface Expander {
        String expand(String command, Path dir, Launcher launcher);
    }

    /** A program at hand, the precompiled prelude when the compiler made it, and what building them took (zero when built before). */
    record Built(Path program, Optional<Path> header, Duration took) {}

    private static Optional<Path> header(Path done) {
        return Optional.of(done.resolve(LibraryBuild.PRECOMPILED_HEADER)).filter(Files::isRegularFile);
    }

    private final Path cacheRoot;
    private final Expander expander;
    /** Programs whose build failed in this builder's life: their variants are built whole instead. */
    private final Set<String> failed = ConcurrentHashMap.newKeySet();
    private final Map<String, Object> locks = new ConcurrentHashMap<>();

    LibraryPrograms(Path cacheRoot, Expander expander) {
        this.cacheRoot = cacheRoot;
        this.expander = expander;
    }

    /** The library build {@code command} would make of {@code launcher}, unless its program failed to build before. */
    Optional<LibraryBuild> plan(String command, Launcher launcher, String... identity) {
        return LibraryBuild.of(command, launcher, identity).filter(build -> !failed.contains(build.key()));
    }

    /**
     * The program, built now when no run has yet; empty when its compiler failed or was cancelled (the reason is
     * the variant's to find: it is then built whole, as any command builds it).
     */
    Optional<Built> obtain(LibraryBuild build, Launcher launcher, Runner runner, ChildProcess process) throws IOException, InterruptedException {
        Path done = cacheRoot.resolve(build.folderName());
        Path program = done.resolve(Builder.PROGRAM);
        KernelLibrary library = launcher.library().orElseThrow();
        synchronized (locks.computeIfAbsent(build.key(), key -> new Object())) {
            if (Files.isExecutable(program)) {
                BuildCache.touch(done);
                return Optional.of(new Built(program, header(done), Duration.ZERO));
            }
            if (failed.contains(build.key())) return Optional.empty();
            Path dir = cacheRoot.resolve(WorkFolders.ownedName(build.folderName() + ".tmp-") + UUID.randomUUID());
            try {
                Files.createDirectories(dir);
                Files.writeString(dir.resolve(Launcher.HARNESS_FILE), Launcher.harnessSource());
                Files.writeString(dir.resolve(launcher.fileName()), library.programSource());
                Files.writeString(dir.resolve(library.stubFileName()), library.stubSource());
                Files.writeString(dir.resolve(KernelLibrary.PRELUDE), KernelLibrary.preludeSource());
                ChildProcess.Exit stub = runner.run(expander.expand(build.stubCommand(), dir, launcher), dir, process);
                ChildProcess.Exit exit = stub.ok() ? runner.run(expander.expand(build.programCommand(), dir, launcher), dir, process) : stub;
                if (!exit.ok() || !Files.isExecutable(dir.resolve(Builder.PROGRAM))) {
                    // A cancelled build says nothing of the program: the next one tries again.
                    if (!exit.cancelled()) failed.add(build.key());
                    return Optional.empty();
                }
                // Only a speed-up: a compiler that cannot precompile the prelude leaves the variants reading its text.
                ChildProcess.Exit header = runner.run(expander.expand(build.headerCommand(), dir, launcher), dir, process);
                if (!header.ok()) Files.deleteIfExists(dir.resolve(LibraryBuild.PRECOMPILED_HEADER));
                Builder.publish(dir, done, Builder.PROGRAM);
                BuildCache.touch(done);
                return Optional.of(new Built(program, header(done), stub.time().plus(exit.time()).plus(header.time())));
            } finally {
                WorkFolders.deleteQuietly(dir);
            }
        }
    }
}
