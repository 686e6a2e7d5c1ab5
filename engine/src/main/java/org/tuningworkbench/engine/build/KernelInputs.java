package org.tuningworkbench.engine.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashSet;
import java.util.TreeMap;
import org.tuningworkbench.engine.Fingerprint;
import org.tuningworkbench.bridge.Language;
import org.tuningworkbench.engine.project.Golden;
import org.tuningworkbench.engine.project.Project;

/**
 * What a kernel's build reads besides the kernel's own text: the project's files the build command
 * names or its scripts read ({@link BuildReads}), the files the kernel, the golden reference and
 * the baseline include outside the system folders ({@link Includes}), and the CPU a
 * {@code -march=native} build targets. Part of both the build cache's key and the records'
 * identity, so editing a header, a build script or a file it sources, or moving the cache to
 * another CPU, never reuses a stale program or result.
 */
public final class KernelInputs {

    private KernelInputs() {}

    /** A fingerprint of the kernel's inputs, built on this machine. */
    public static String of(Project project, Path kernel, Path workDir) throws IOException, InterruptedException {
        return of(project, kernel, workDir, nativeTarget());
    }

    /** As {@link #of(Project, Path, Path)} for builds on another machine, whose CPU is {@code target} (as {@link #target} gives it). */
    public static String of(Project project, Path kernel, Path workDir, String target) throws IOException, InterruptedException {
        var parts = new ArrayList<String>();
        String command = project.build().command();
        if (command.contains("-march=native") || command.contains("-mtune=native")) parts.add("target " + target);
        var files = new TreeMap<String, String>();
        for (Path file : files(project, kernel, workDir)) {
            files.put(shown(project, file), Files.isRegularFile(file) ? Fingerprint.ofFile(file) : "missing");
        }
        parts.add("reads " + files);
        return Fingerprint.of(parts.toArray(String[]::new));
    }

    /**
     * Every file besides {@code kernel} a build of it reads from the project or from a folder the
     * command names: what the command and its scripts name, and what the kernel, the golden
     * reference and the baseline include. The files of the project come first, as real paths.
     */
    public static List<Path> files(Project project, Path kernel, Path workDir) throws IOException, InterruptedException {
        Path projectDir = project.directory().toAbsolutePath().normalize();
        Path kernelDir = project.kernel().source().toAbsolutePath().normalize().getParent();
        String command = project.build().command();
        List<Path> reads = BuildReads.of(command, projectDir, kernelDir);
        var words = ShellWords.split(command).stream().map(w -> w.replace("{kernel_dir}", kernelDir.toString())).toList();
        List<Path> includeDirs = BuildReads.includeDirs(command, reads, projectDir, kernelDir);
        var sources = new ArrayList<Path>(List.of(kernel.toAbsolutePath().normalize()));
        if (project.check().golden() instanceof Golden.Reference r) sources.add(r.source().toAbsolutePath().normalize());
        project.baseline().ifPresent(b -> sources.add(b.source().toAbsolutePath().normalize()));
        reads.stream().filter(p -> Language.fromFileName(p).isPresent()).forEach(sources::add);
        var out = new LinkedHashSet<Path>(reads);
        out.addAll(Includes.of(sources.stream().distinct().toList(), askable(words), words, includeDirs, projectDir, workDir));
        out.remove(kernel.toAbsolutePath().normalize());
        return List.copyOf(out);
    }

    /** The command's compiler when it may be asked for dependencies: a known one found on the PATH or by an absolute path outside the project. */
    private static String askable(List<String> words) {
        if (words.isEmpty()) return null;
        String program = words.getFirst();
        if (!Toolchain.isCompiler(program)) return null;
        return !program.contains("/") || program.startsWith("/") ? program : null;
    }

    private static String shown(Project project, Path file) {
        Path dir = project.directory().toAbsolutePath().normalize();
        Path normal = file.toAbsolutePath().normalize();
        try {
            Path realDir = dir.toRealPath();
            if (normal.startsWith(realDir)) return realDir.relativize(normal).toString();
        } catch (IOException e) {
            // The folder's own path stands.
        }
        return normal.startsWith(dir) ? dir.relativize(normal).toString() : normal.toString();
    }

    /** A CPU as a build for it is keyed: its {@code model name} line of /proc/cpuinfo and a hash of its {@code flags} line. */
    public static String target(String modelLine, String flagsLine) {
        return modelLine + " " + Fingerprint.of(flagsLine);
    }

    static String nativeTarget() {
        try {
            var lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
            String model = lines.stream().filter(l -> l.startsWith("model name")).findFirst().orElse("");
            String flags = lines.stream().filter(l -> l.startsWith("flags")).findFirst().orElse("");
            return target(model, flags);
        } catch (IOException e) {
            return System.getProperty("os.arch");
        }
    }
}
