package org.tuningworkbench.engine.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.tuningworkbench.engine.Fingerprint;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.Project;

/**
 * What a kernel's build reads besides the kernel's own text: the headers it includes (as the
 * compiler's dependency output, {@code -MM}, lists them, outside the system folders), and the CPU a
 * {@code -march=native} build targets. Part of both the build cache's key and the records'
 * identity, so editing a header, or moving the cache to another CPU, never reuses a stale program
 * or result.
 */
public final class KernelInputs {

    private static final List<String> SYSTEM = List.of("/usr/", "/lib/", "/opt/");

    private KernelInputs() {}

    /**
     * A fingerprint of the kernel's inputs. For a build command that is not a C/C++ compiler (a
     * script), the headers are not listed; the script's own contents are in the project's setup.
     */
    public static String of(Project project, Path kernel, Path workDir) throws IOException, InterruptedException {
        return of(project, kernel, workDir, nativeTarget());
    }

    /** As {@link #of(Project, Path, Path)} for builds on another machine, whose CPU is {@code target} (as {@link #target} gives it). */
    public static String of(Project project, Path kernel, Path workDir, String target) throws IOException, InterruptedException {
        var parts = new ArrayList<String>();
        String command = project.build().command();
        if (command.contains("-march=native") || command.contains("-mtune=native")) parts.add("target " + target);
        String compiler = command.strip().split("\\s+")[0];
        var script = project.buildScript();
        if (script.isPresent()) parts.add("script " + Fingerprint.ofFile(script.get()));
        if (compiler.matches(".*(gcc|g\\+\\+|cc|c\\+\\+|clang|clang\\+\\+)(-\\d+)?$")) {
            var deps = new TreeMap<String, String>();
            for (Path header : headers(project, compiler, kernel, workDir)) {
                String shown = project.directory().relativize(header.toAbsolutePath().normalize()).toString();
                deps.put(shown, Files.isRegularFile(header) ? Fingerprint.ofFile(header) : "missing");
            }
            parts.add("headers " + deps);
        }
        return Fingerprint.of(parts.toArray(String[]::new));
    }

    /** The non-system files {@code compiler -MM} says the kernel includes. */
    static List<Path> headers(Project project, String compiler, Path kernel, Path workDir) throws IOException, InterruptedException {
        var command = new ArrayList<>(List.of(compiler, "-MM", "-MG"));
        for (String word : project.build().command().strip().split("\\s+")) {
            if (word.startsWith("-I") || word.startsWith("-D") || word.startsWith("-std=") || word.equals("-include")) {
                command.add(word.replace("{kernel_dir}", project.kernel().toAbsolutePath().getParent().toString()));
            }
        }
        command.add(kernel.toAbsolutePath().toString());
        Path dir = Files.createTempDirectory(workDir, WorkFolders.ownedName("deps-"));
        try {
            ChildProcess.Exit exit = new ChildProcess().run(command, dir, "deps", Duration.ofSeconds(30));
            if (!exit.ok()) return List.of();
            String text = Files.readString(exit.stdout()).replace("\\\n", " ");
            int colon = text.indexOf(':');
            var out = new ArrayList<Path>();
            for (String word : text.substring(colon + 1).strip().split("\\s+")) {
                if (word.isBlank()) continue;
                Path p = Path.of(word).isAbsolute() ? Path.of(word) : kernel.toAbsolutePath().getParent().resolve(word);
                p = p.normalize();
                if (p.equals(kernel.toAbsolutePath().normalize()) || SYSTEM.stream().anyMatch(p.toString()::startsWith)) continue;
                out.add(p);
            }
            return out;
        } finally {
            WorkFolders.deleteQuietly(dir);
        }
    }

    /** The CPU {@code -march=native} builds for: its model and its feature flags. */
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
