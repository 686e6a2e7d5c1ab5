package org.tuningworkbench.engine.build;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

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

    private static String versionOf(Path program) {
        try {
            Process p = new ProcessBuilder(program.toString(), "--version").redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly();
            String first = out.lines().findFirst().orElse("").strip();
            return first.isEmpty() ? program.toString() : first;
        } catch (IOException e) {
            return program.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return program.toString();
        }
    }

    @Override
    public String toString() {
        return version;
    }
}
