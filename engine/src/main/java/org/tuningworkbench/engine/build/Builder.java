package org.tuningworkbench.engine.build;

import org.tuningworkbench.engine.WorkFolders;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.tuningworkbench.bridge.KernelLibrary;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.Fingerprint;
import org.tuningworkbench.engine.cache.BuildCache;
import org.tuningworkbench.engine.marker.SourceFiles;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.BuildSettings;
import org.tuningworkbench.engine.project.MeasureSettings;

/**
 * Builds variants into programs, each in a private folder under {@code cacheRoot}. A folder is named
 * by the hash of everything that decides the program (kernel text, launcher, harness, build command,
 * compiler version), so an unchanged variant is never rebuilt, in this run or a later one.
 */
public final class Builder implements ProgramBuilder {

    /** The program's file name inside its build folder. */
    public static final String PROGRAM = "variant";

    private final Path cacheRoot;
    private final BuildSettings settings;
    private final Toolchain toolchain;
    private final Path kernelDir;
    private final Path projectDir;
    private final List<String> launchPrefix;
    private final String inputs;
    /** The compiler's limit on its data (RLIMIT_DATA), in KiB: a runaway build ({@code #include "/dev/zero"}) fails at it. */
    private final long memoryLimitKb;
    /** The programs that load this builder's variant libraries, built once each. */
    private final LibraryPrograms programs;

    public Builder(Path cacheRoot, BuildSettings settings, Toolchain toolchain, Path kernelDir) {
        this(cacheRoot, settings, toolchain, kernelDir, kernelDir, List.of(), "");
    }

    /**
     * @param launchPrefix words put before the build's shell, such as {@code taskset -c 0} to keep
     *                     builds off the measuring core; it does not change what is built
     * @param kernelDir    the kernel's folder ({@code {kernel_dir}})
     * @param projectDir   the project's folder, which the command runs from
     * @param inputs       the fingerprint of what else the build reads ({@link KernelInputs}): headers, the target CPU
     */
    public Builder(Path cacheRoot, BuildSettings settings, Toolchain toolchain, Path kernelDir, Path projectDir, List<String> launchPrefix,
                   String inputs) {
        this(cacheRoot, settings, toolchain, kernelDir, projectDir, launchPrefix, inputs, MeasureSettings.DEFAULT.memoryLimitMb() * 1024);
    }

    private Builder(Path cacheRoot, BuildSettings settings, Toolchain toolchain, Path kernelDir, Path projectDir, List<String> launchPrefix,
                    String inputs, long memoryLimitKb) {
        this.cacheRoot = cacheRoot;
        this.settings = settings;
        this.toolchain = toolchain;
        this.kernelDir = kernelDir;
        this.projectDir = projectDir;
        this.launchPrefix = List.copyOf(launchPrefix);
        this.inputs = inputs;
        this.memoryLimitKb = memoryLimitKb;
        this.programs = new LibraryPrograms(cacheRoot, this::expand);
    }

    /** This builder with the compiler's data limited to {@code kb} KiB (by default half the machine's memory, as a measured program's). */
    public Builder withMemoryLimitKb(long kb) {
        return new Builder(cacheRoot, settings, toolchain, kernelDir, projectDir, launchPrefix, inputs, kb);
    }

    /** The program of {@code kernelText} built with {@code launcher}, when the cache holds it (its use is noted). */
    @Override
    public java.util.Optional<BuildResult> reuse(String kernelFileName, String kernelText, Launcher launcher) {
        return reuse(cacheRoot.resolve(key(kernelFileName, kernelText, launcher, libraryBuild(launcher))), kernelFileName);
    }

    private java.util.Optional<BuildResult> reuse(Path done, String kernelFileName) {
        Path program = done.resolve(PROGRAM);
        if (!Files.isExecutable(program)) return java.util.Optional.empty();
        BuildCache.touch(done);
        String stderr = ChildProcess.tail(done.resolve("build.stderr"), 64_000);
        return java.util.Optional.of(new BuildResult.Built(program, Duration.ZERO, true, stderr, Diagnostic.parse(stderr, kernelFileName, projectDir)));
    }

    /** The key of a variant's program; one built as a library names its program and unit, so a new program makes new builds. */
    private String key(String kernelFileName, String kernelText, Launcher launcher, java.util.Optional<LibraryBuild> library) {
        var parts = new java.util.ArrayList<>(List.of(kernelFileName, kernelText, launcher.source(), settings.command(), toolchain.version(), inputs));
        new java.util.TreeMap<>(launcher.companions(kernelText)).forEach((name, text) -> parts.add(name + "\n" + text));
        library.ifPresent(build -> parts.addAll(List.of("a library of the program " + build.key(), launcher.library().orElseThrow().unitSource())));
        return Fingerprint.of(parts.toArray(String[]::new));
    }

    /** How the build command builds {@code launcher} as a program and a library per variant, unless its program failed to build in this builder's life. */
    private java.util.Optional<LibraryBuild> libraryBuild(Launcher launcher) {
        return programs.plan(settings.command(), launcher, toolchain.version(), inputs, kernelDir.toAbsolutePath().toString());
    }

    /**
     * Builds {@code kernelText} (saved as {@code kernelFileName}) with {@code launcher}.
     *
     * @param process lets the caller cancel the compiler
     */
    @Override
    public BuildResult build(String kernelFileName, String kernelText, Launcher launcher, ChildProcess process)
            throws IOException, InterruptedException {
        return build(kernelFileName, kernelText, launcher, process, false);
    }

    @Override
    public BuildResult build(String kernelFileName, String kernelText, Launcher launcher, ChildProcess process, boolean again)
            throws IOException, InterruptedException {
        return build(kernelFileName, kernelText, launcher, process, again, true);
    }

    /** @param asLibrary whether the variant may be built as a library its program loads, when the command allows it; else it is built whole */
    private BuildResult build(String kernelFileName, String kernelText, Launcher launcher, ChildProcess process, boolean again, boolean asLibrary)
            throws IOException, InterruptedException {
        var library = asLibrary ? libraryBuild(launcher) : java.util.Optional.<LibraryBuild>empty();
        Path done = cacheRoot.resolve(key(kernelFileName, kernelText, launcher, library));
        if (!again) {
            var reused = reuse(done, kernelFileName);
            if (reused.isPresent()) return reused.get();
        }
        Files.createDirectories(cacheRoot);
        // Built once, by the first build that needs it; a program that cannot be built leaves this variant built whole.
        var loader = library.isPresent() ? programs.obtain(library.get(), launcher, this::runCommand, process) : java.util.Optional.<LibraryPrograms.Built>empty();
        if (library.isPresent() && loader.isEmpty()) {
            library = java.util.Optional.empty();
            done = cacheRoot.resolve(key(kernelFileName, kernelText, launcher, library));
            var reused = again ? java.util.Optional.<BuildResult>empty() : reuse(done, kernelFileName);
            if (reused.isPresent()) return reused.get();
        }
        String key = done.getFileName().toString();
        Path program = done.resolve(PROGRAM);
        // Private to this build; the pid in its name lets a later run collect it if this one is killed.
        Path dir = cacheRoot.resolve(WorkFolders.ownedName(key + ".tmp-") + UUID.randomUUID());
        try {
            Files.createDirectories(dir);
            // In the original's character set, so a Latin-1 kernel compiles byte for byte as it is.
            Files.writeString(dir.resolve(kernelFileName), kernelText,
                    SourceFiles.charsetFor(kernelDir.resolve(kernelFileName), kernelText));
            if (library.isPresent()) {
                var unit = launcher.library().orElseThrow();
                Files.writeString(dir.resolve(unit.unitFileName()), unit.unitSource());
                Files.writeString(dir.resolve(KernelLibrary.PRELUDE), KernelLibrary.preludeSource());
                // Beside the header, where the compiler looks for it; a link, as it is used where the cache keeps it.
                if (loader.get().header().isPresent()) {
                    Files.createSymbolicLink(dir.resolve(LibraryBuild.PRECOMPILED_HEADER), loader.get().header().get().toAbsolutePath());
                }
            } else {
                for (var companion : launcher.companions(kernelText).entrySet()) Files.writeString(dir.resolve(companion.getKey()), companion.getValue());
                Files.writeString(dir.resolve(launcher.fileName()), launcher.source());
            }
        } catch (IOException e) {
            return refused(dir, "the build's sources", e);
        }
        String command = library.isEmpty() ? settings.command() : library.get().unitCommand();
        ChildProcess.Exit exit = runCommand(expand(command, dir, launcher), dir, process);
        String log = exit.stderrText(64_000) + exit.stdoutText(16_000);
        List<Diagnostic> diagnostics = Diagnostic.parse(log, kernelFileName, projectDir);
        if (exit.ok() && library.isPresent() && Files.isRegularFile(dir.resolve(KernelLibrary.LIBRARY))) {
            // A copy, not a link: the program finds the library in the folder it was started from.
            try {
                Files.copy(loader.get().program(), dir.resolve(PROGRAM), StandardCopyOption.COPY_ATTRIBUTES);
            } catch (IOException e) {
                return refused(dir, "the program", e);
            }
            if (!starts(dir.resolve(PROGRAM), process)) {
                // The loader refused the library (a symbol no library of the program has): built whole, the linker says what is missing.
                WorkFolders.deleteQuietly(dir);
                return build(kernelFileName, kernelText, launcher, process, again, false);
            }
        }
        if (!exit.ok() || !Files.isExecutable(dir.resolve(PROGRAM))) {
            String reason = exit.cancelled() ? "cancelled"
                    : exit.timedOut() ? "the build ran longer than " + settings.timeout().toSeconds() + " s"
                    : exit.code() != 0 ? "the build command failed (exit code " + exit.code() + ")"
                      + (diagnostics.stream().anyMatch(d -> d.severity() == Diagnostic.Severity.ERROR) ? ""
                         : Diagnostic.firstUnplacedError(log).map(e -> ": " + e).orElse(""))
                    : "the build command wrote no program at {output}";
            WorkFolders.deleteQuietly(dir);
            return failed(reason, exit.time(), log, diagnostics, usableBytes(cacheRoot));
        }
        if (again) putAside(done);
        publish(dir, done, PROGRAM);
        BuildCache.touch(done);
        // The first build to need the program counts its building too.
        java.time.Duration took = exit.time().plus(loader.map(LibraryPrograms.Built::took).orElse(java.time.Duration.ZERO));
        return new BuildResult.Built(program, took, false, log, diagnostics);
    }

    /**
     * Whether a program loads its library: started without arguments, it stops at its usage line (exit 64) once the
     * loader has bound every symbol of the library ({@code -z now}); a symbol none of the program's libraries has
     * stops it before (exit 127).
     */
    private static boolean starts(Path program, ChildProcess process) throws IOException, InterruptedException {
        ChildProcess.Exit exit = process.run(List.of(program.toString()), program.getParent(), "load", java.time.Duration.ofSeconds(30));
        Files.deleteIfExists(exit.stdout());
        Files.deleteIfExists(exit.stderr());
        return exit.code() == USAGE_EXIT;
    }

    /** What a program exits with when started without its arguments. */
    private static final int USAGE_EXIT = 64;

    /** The cache's disk refused to take {@code what} (full, read-only): the machine failed this build, not the config. */
    private BuildResult.Failed refused(Path dir, String what, IOException e) {
        WorkFolders.deleteQuietly(dir);
        String why = e instanceof java.nio.file.FileSystemException f ? org.tuningworkbench.engine.SystemErrors.reason(f) : e.getMessage();
        return new BuildResult.Failed("cannot write " + what + " into " + cacheRoot + ": " + why, java.time.Duration.ZERO, "", List.of(), true);
    }

    /** Below this much room, a build that failed saying nothing failed for want of room: its compiler's messages were lost with it. */
    static final long FULL_DISK_BYTES = 1 << 20;

    /**
     * A failed build: the machine's fault when its log says so, or when it says nothing at all while
     * the build cache's disk has less than {@link #FULL_DISK_BYTES} left ({@code usable}, -1 when not
     * known): the compiler's own messages could not be written there either.
     */
    static BuildResult.Failed failed(String reason, java.time.Duration time, String log, List<Diagnostic> diagnostics, long usable) {
        if (log.isBlank() && usable >= 0 && usable < FULL_DISK_BYTES && !reason.equals("cancelled")) {
            return new BuildResult.Failed(reason + "; the build cache's disk is full (" + usable / 1024 + " KiB free), which kept the compiler's messages too",
                    time, log, diagnostics, true);
        }
        return new BuildResult.Failed(reason, time, log, diagnostics);
    }

    private static long usableBytes(Path dir) {
        try {
            return Files.getFileStore(dir).getUsableSpace();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * Runs an expanded build command in {@code dir}, under the compiler's data limit (a shell that cannot set it builds
     * without). The compiler's own temporary files go into {@code dir} too: a build killed halfway leaves them there, where
     * a later run collects the folder, rather than in the system's temporary folder.
     */
    private ChildProcess.Exit runCommand(String expanded, Path dir, ChildProcess process) throws IOException, InterruptedException {
        var command = new java.util.ArrayList<>(launchPrefix);
        command.addAll(List.of("/bin/sh", "-c", "ulimit -d " + memoryLimitKb + " 2>/dev/null; " + expanded));
        return process.run(command, dir, "build", settings.timeout(), java.util.Map.of("TMPDIR", dir.toAbsolutePath().toString()));
    }

    /**
     * Substitutes the placeholders with shell-quoted paths; the command runs from the project folder's
     * point of view (a relative {@code ./build.sh} or {@code -Iinclude} means what it says there).
     */
    String expand(String command, Path dir, Launcher launcher) {
        return "cd " + quote(projectDir) + " && " + command.replace("{source}", quote(dir.resolve(launcher.fileName())))
                .replace("{output}", quote(dir.resolve(PROGRAM)))
                .replace("{kernel_dir}", quote(kernelDir))
                .replace("{work_dir}", quote(dir));
    }

    static String quote(Path path) {
        return ShellWords.quote(path.toAbsolutePath().toString());
    }

    /** Moves an earlier build of the same key out of the way (renamed first, so no run finds it half deleted), to be replaced. */
    private static void putAside(Path done) {
        if (!Files.exists(done)) return;
        Path aside = done.resolveSibling(WorkFolders.ownedName(done.getFileName() + ".tmp-") + UUID.randomUUID());
        try {
            Files.move(done, aside, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException gone) {
            return;
        }
        WorkFolders.deleteQuietly(aside);
    }

    /**
     * Moves a finished build into place in one rename, so another run sees either nothing or the
     * whole build. When another build of the same key won the race (the rename finds the folder
     * there: EEXIST or ENOTEMPTY, which Java reports as a plain FileSystemException), its result is
     * kept and ours dropped; they are the same program. A folder in the way without a program (a
     * clean-up half done) is put aside and the rename tried once more. Only when that fails too is
     * it an error, of the cache, never of the config.
     */
    static void publish(Path dir, Path done, String product) throws IOException {
        for (int attempt = 0; ; attempt++) {
            try {
                Files.move(dir, done, StandardCopyOption.ATOMIC_MOVE);
                return;
            } catch (FileSystemException e) {
                Path made = done.resolve(product);
                if (product.equals(PROGRAM) ? Files.isExecutable(made) : Files.isRegularFile(made)) {
                    WorkFolders.deleteQuietly(dir);
                    return;
                }
                if (attempt > 0 || !Files.exists(done)) throw new IOException("cannot put a build into the cache: " + e.getMessage(), e);
                Path aside = done.resolveSibling(WorkFolders.ownedName(done.getFileName() + ".tmp-") + UUID.randomUUID());
                try {
                    Files.move(done, aside, StandardCopyOption.ATOMIC_MOVE);
                } catch (FileSystemException gone) {
                    // Someone else moved or removed it meanwhile: try again all the same.
                }
                WorkFolders.deleteQuietly(aside);
            }
        }
    }

}
