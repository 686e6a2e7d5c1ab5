package org.tuningworkbench.engine.build;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.process.ChildProcess;

/**
 * The compiler a build command starts, and its version line: part of every record's identity, so
 * results from another compiler are never taken for these.
 */
public record Toolchain(String command, String version) {

    /** Finds the compiler named by the first word of {@code buildCommand}. */
    public static Toolchain of(String buildCommand) throws ToolchainException {
        String program = buildCommand.strip().split("\\s+")[0];
        Path resolved = resolve(program).orElseThrow(() -> new ToolchainException(
                "the compiler `" + program + "` is not installed (not found on PATH); install it"
                        + " (for example `apt-get install " + (program.contains("++") ? "g++" : "gcc") + "`)"
                        + " or set [build] command in the project"));
        return new Toolchain(program, versionOf(resolved));
    }

    private static Optional<Path> resolve(String program) {
        if (program.contains("/")) {
            Path p = Path.of(program);
            return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        String path = Optional.ofNullable(System.getenv("PATH")).orElse("/usr/bin:/bin");
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) return Optional.of(candidate);
        }
        return Optional.empty();
    }

    /** How long a compiler may take to say its version; a probe must not hang the tuner or the window. */
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(10);

    private static String versionOf(Path program) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("tw-toolchain");
            ChildProcess.Exit exit = new ChildProcess().run(List.of(program.toString(), "--version"), dir, "version", PROBE_TIMEOUT);
            // Some compilers print their version on stderr.
            String first = firstLine(exit.stdoutText(4_000)).or(() -> firstLine(exit.stderrText(4_000))).orElse("");
            return !exit.timedOut() && !first.isEmpty() ? first : program.toString();
        } catch (IOException e) {
            return program.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return program.toString();
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
