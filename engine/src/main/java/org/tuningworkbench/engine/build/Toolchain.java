package org.tuningworkbench.engine.build;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.tuningworkbench.engine.Fingerprint;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.process.ChildProcess;

/**
 * The compiler a build command starts, and its version line: part of every record's identity, so
 * results from another compiler are never taken for these.
 */
public record Toolchain(String command, String version) {

    /** Compilers whose version line identifies them: probed with {@code --version}. Anything else is never run to identify it. */
    private static final java.util.regex.Pattern COMPILER = java.util.regex.Pattern.compile(
            "(?:.*/)?(?:[\\w.-]+-)?(?:gcc|g\\+\\+|cc|c\\+\\+|clang|clang\\+\\+|icx|icpx|nvcc)(?:-[\\d.]+)?");

    /** The Debian package of each compiler name that one package is known to install; other names are told no package. */
    private static final java.util.Map<String, String> PACKAGES = java.util.Map.of(
            "gcc", "gcc", "cc", "gcc", "g++", "g++", "c++", "g++", "clang", "clang", "clang++", "clang");

    /** Whether {@code program} (a build command's first word) is a compiler this class identifies by its version line. */
    public static boolean isCompiler(String program) {
        return COMPILER.matcher(program).matches();
    }

    /** Finds the compiler named by the first word of {@code buildCommand}, a relative path read from the working folder. */
    public static Toolchain of(String buildCommand) throws ToolchainException {
        return of(buildCommand, Path.of("").toAbsolutePath());
    }

    /**
     * Identifies what {@code buildCommand} runs, as seen from the project folder {@code projectDir}: a
     * compiler by its version line; the project's own script by its contents and the versions of the
     * compilers it names, without running it (nothing of a project runs before the person asked).
     */
    public static Toolchain of(String buildCommand, Path projectDir) throws ToolchainException {
        String program = buildCommand.strip().split("\\s+")[0];
        if (program.contains("/") && !COMPILER.matcher(program).matches()) {
            Path script = projectDir.resolve(program).normalize();
            if (!Files.isRegularFile(script)) {
                throw new ToolchainException("the build command's program `" + program + "` is not in the project folder (" + script + ")");
            }
            if (!Files.isExecutable(script)) {
                throw new ToolchainException("the build command's program " + script + " is not executable (chmod +x " + program + ")");
            }
            return new Toolchain(program, scriptIdentity(program, script));
        }
        Path resolved = (program.contains("/") ? Optional.of(projectDir.resolve(program).normalize()).filter(Files::isExecutable)
                : resolve(program)).orElseThrow(() -> new ToolchainException(
                "the compiler `" + program + "` is not installed (" + (program.contains("/") ? "not found" : "not found on PATH") + "); install it"
                        + (PACKAGES.containsKey(program) ? " (`apt-get install " + PACKAGES.get(program) + "`)" : "")
                        + " or set [build] command in the project"));
        return new Toolchain(program, versionOf(resolved));
    }

    /** A script's identity: its contents, and the version of each compiler its text names that is installed. */
    private static String scriptIdentity(String program, Path script) throws ToolchainException {
        try {
            String text = Files.readString(script, java.nio.charset.StandardCharsets.ISO_8859_1);
            var versions = new java.util.TreeSet<String>();
            var words = java.util.regex.Pattern.compile("[\\w+./-]+").matcher(text);
            while (words.find()) {
                String word = words.group();
                if (COMPILER.matcher(word).matches() && !word.contains("/")) resolve(word).ifPresent(p -> versions.add(versionOf(p)));
            }
            return "script " + program + " " + Fingerprint.ofFile(script)
                    + (versions.isEmpty() ? "" : " using " + String.join("; ", versions));
        } catch (IOException e) {
            throw new ToolchainException("cannot read the build script " + script + ": " + e.getMessage());
        }
    }

    private static Optional<Path> resolve(String program) {
        String path = Optional.ofNullable(System.getenv("PATH")).orElse("/usr/bin:/bin");
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) return Optional.of(candidate);
        }
        return Optional.empty();
    }

    /** How long a compiler may take to say its version; a probe must not hang the tuner or the window. */
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(10);

    /** The versions said so far, by the program's file as it is now: a compiler replaced on disk is asked again. */
    private static final java.util.Map<String, String> VERSIONS = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The first line {@code program --version} says, or the program's path when it says nothing in time. Asked once per
     * program file: each run (of a window, of a benchmark) would otherwise start the compiler again for it.
     */
    private static String versionOf(Path program) {
        String file;
        try {
            Path real = program.toRealPath();
            file = real + " " + Files.size(real) + " " + Files.getLastModifiedTime(real).toMillis();
        } catch (IOException e) {
            return askVersion(program).orElse(program.toString());
        }
        String known = VERSIONS.get(file);
        if (known != null) return known;
        // Only an answer is kept: a probe that timed out or was interrupted is asked again next time.
        Optional<String> said = askVersion(program);
        said.ifPresent(version -> VERSIONS.put(file, version));
        return said.orElse(program.toString());
    }

    private static Optional<String> askVersion(Path program) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("tw-toolchain");
            ChildProcess.Exit exit = new ChildProcess().run(List.of(program.toString(), "--version"), dir, "version", PROBE_TIMEOUT);
            // Some compilers print their version on stderr.
            Optional<String> first = firstLine(exit.stdoutText(4_000)).or(() -> firstLine(exit.stderrText(4_000)));
            return exit.timedOut() ? Optional.empty() : first;
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } finally {
            if (dir != null) WorkFolders.deleteQuietly(dir);
        }
    }

    private static Optional<String> firstLine(String text) {
        return text.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst();
    }

    @Override
    public String toString() {
        return version;
    }
}
