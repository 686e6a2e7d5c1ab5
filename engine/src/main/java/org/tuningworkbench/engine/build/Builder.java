package org.tuningworkbench.engine.build;

import org.tuningworkbench.engine.WorkFolders;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.Fingerprint;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.BuildSettings;

/**
 * Builds variants into programs, each in a private folder under {@code cacheRoot}. A folder is named
 * by the hash of everything that decides the program (kernel text, launcher, harness, build command,
 * compiler version), so an unchanged variant is never rebuilt, in this run or a later one.
 */
public final class Builder {

    /** The program's file name inside its build folder. */
    public static final String PROGRAM = "variant";

    private final Path cacheRoot;
    private final BuildSettings settings;
    private final Toolchain toolchain;
    private final Path kernelDir;
    private final Path projectDir;
    private final List<String> launchPrefix;
    private final String inputs;

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
        this.cacheRoot = cacheRoot;
        this.settings = settings;
        this.toolchain = toolchain;
        this.kernelDir = kernelDir;
        this.projectDir = projectDir;
        this.launchPrefix = List.copyOf(launchPrefix);
        this.inputs = inputs;
    }

    /** Whether {@code kernelText} built with {@code launcher} is already in the cache. */
    public boolean cached(String kernelFileName, String kernelText, Launcher launcher) {
        return Files.isExecutable(cacheRoot.resolve(key(kernelFileName, kernelText, launcher)).resolve(PROGRAM));
    }

    private String key(String kernelFileName, String kernelText, Launcher launcher) {
        return Fingerprint.of(kernelFileName, kernelText, launcher.source(), Launcher.harnessSource(), settings.command(), toolchain.version(), inputs);
    }

    /**
     * Builds {@code kernelText} (saved as {@code kernelFileName}) with {@code launcher}.
     *
     * @param process lets the caller cancel the compiler
     */
    public BuildResult build(String kernelFileName, String kernelText, Launcher launcher, ChildProcess process)
            throws IOException, InterruptedException {
        String key = key(kernelFileName, kernelText, launcher);
        Path done = cacheRoot.resolve(key);
        Path program = done.resolve(PROGRAM);
        if (Files.isExecutable(program)) {
            return new BuildResult.Built(program, Duration.ZERO, true, ChildProcess.tail(done.resolve("build.stderr"), 64_000),
                    Diagnostic.parse(ChildProcess.tail(done.resolve("build.stderr"), 64_000), kernelFileName));
        }
        Files.createDirectories(cacheRoot);
        Path dir = cacheRoot.resolve(key + ".tmp-" + UUID.randomUUID());
        Files.createDirectories(dir);
        // In the original's character set, so a Latin-1 kernel compiles byte for byte as it is.
        Files.writeString(dir.resolve(kernelFileName), kernelText,
                org.tuningworkbench.engine.marker.SourceFiles.charsetFor(kernelDir.resolve(kernelFileName), kernelText));
        Files.writeString(dir.resolve(Launcher.HARNESS_FILE), Launcher.harnessSource());
        Files.writeString(dir.resolve(launcher.fileName()), launcher.source());
        var command = new java.util.ArrayList<>(launchPrefix);
        command.addAll(List.of("/bin/sh", "-c", expand(settings.command(), dir, launcher)));
        ChildProcess.Exit exit = process.run(command, dir, "build", settings.timeout());
        String log = exit.stderrText(64_000) + exit.stdoutText(16_000);
        List<Diagnostic> diagnostics = Diagnostic.parse(log, kernelFileName);
        if (!exit.ok() || !Files.isExecutable(dir.resolve(PROGRAM))) {
            String reason = exit.cancelled() ? "cancelled"
                    : exit.timedOut() ? "the build ran longer than " + settings.timeout().toSeconds() + " s"
                    : exit.code() != 0 ? "the build command failed (exit code " + exit.code() + ")"
                    : "the build command wrote no program at {output}";
            WorkFolders.deleteQuietly(dir);
            return new BuildResult.Failed(reason, exit.time(), log, diagnostics);
        }
        publish(dir, done);
        return new BuildResult.Built(program, exit.time(), false, log, diagnostics);
    }

    /**
     * Substitutes the placeholders with shell-quoted paths; the command runs from the project folder's
     * point of view (a relative {@code ./build.sh} or {@code -Iinclude} means what it says there).
     */
    private String expand(String command, Path dir, Launcher launcher) {
        return "cd " + quote(projectDir) + " && " + command.replace("{source}", quote(dir.resolve(launcher.fileName())))
                .replace("{output}", quote(dir.resolve(PROGRAM)))
                .replace("{kernel_dir}", quote(kernelDir))
                .replace("{work_dir}", quote(dir));
    }

    private static String quote(Path path) {
        return "'" + path.toAbsolutePath().toString().replace("'", "'\\''") + "'";
    }

    /** Moves a finished build into place; when another build of the same key won the race, its result is kept. */
    private static void publish(Path dir, Path done) throws IOException {
        try {
            Files.move(dir, done, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException | java.nio.file.DirectoryNotEmptyException e) {
            WorkFolders.deleteQuietly(dir);
        }
    }

}
