package org.tuningworkbench.bridge;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** The source languages a kernel can be written in. */
public enum Language {
    C("c", ".c", "gcc -O3 -march=native -std=gnu11 -I{kernel_dir} {source} -o {output} -lm"),
    CXX("c++", ".cpp", "g++ -O3 -march=native -std=gnu++17 -I{kernel_dir} {source} -o {output} -lm"),
    /** OpenCL C: the command builds the host launcher; the kernel is built for the device when the launcher starts. */
    OPENCL("opencl", ".cl", "gcc -O2 -std=gnu11 {source} -o {output} -lOpenCL -lm"),
    /** Any other source (Python, CUDA, HIP, ...), which the project's own harness builds and runs: only its markers are read. */
    OTHER("other", "", "");

    private final String projectName;
    private final String extension;
    private final String defaultBuildCommand;

    Language(String projectName, String extension, String defaultBuildCommand) {
        this.projectName = projectName;
        this.extension = extension;
        this.defaultBuildCommand = defaultBuildCommand;
    }

    public String projectName() { return projectName; }

    /** The extension given to generated sources in this language. */
    public String extension() { return extension; }

    /** The language the generated launcher is written in: C for an OpenCL kernel, whose host program is C. */
    public Language hostLanguage() { return this == OPENCL ? C : this; }

    /** The build command used when a project names none; see {@code BuildCommand} for placeholders. */
    public String defaultBuildCommand() { return defaultBuildCommand; }

    public static Optional<Language> fromProjectName(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "c" -> Optional.of(C);
            case "c++", "cpp", "cxx" -> Optional.of(CXX);
            case "opencl", "cl" -> Optional.of(OPENCL);
            default -> Optional.empty();
        };
    }

    public static Optional<Language> fromFileName(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".c")) return Optional.of(C);
        if (name.endsWith(".cl")) return Optional.of(OPENCL);
        for (String ext : new String[] {".cpp", ".cc", ".cxx", ".c++", ".hpp", ".hh"}) {
            if (name.endsWith(ext)) return Optional.of(CXX);
        }
        return Optional.empty();
    }
}
