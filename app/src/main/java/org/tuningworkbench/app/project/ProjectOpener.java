package org.tuningworkbench.app.project;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.tuningworkbench.engine.recorded.RecordedSpaceException;
import org.tuningworkbench.engine.recorded.RecordedSpaces;
import java.util.Map;
import org.tuningworkbench.engine.configs.KernelProject;
import org.tuningworkbench.engine.marker.SourceFiles;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectError;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;

/** Opens a project file, or a bare kernel file, for which a first project is written beside it. */
public final class ProjectOpener {

    private static final List<String> KERNEL_EXTENSIONS = List.of(".c", ".cc", ".cpp", ".cxx", ".c++", ".cu", ".h", ".hpp");

    private ProjectOpener() {}

    public static boolean isKernelFile(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return KERNEL_EXTENSIONS.stream().anyMatch(name::endsWith);
    }

    /** The project file the workbench keeps for a bare kernel: {@code saxpy.c} gets {@code saxpy.tuning.toml}. */
    public static Path projectFileFor(Path kernel) {
        String name = kernel.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        return kernel.toAbsolutePath().resolveSibling(name + ".tuning.toml");
    }

    /** A Kernel Tuner cache or T4 results file: {@code .json} or {@code .json.gz}. */
    public static boolean isRecordedSpace(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".json") || name.endsWith(".json.gz");
    }

    public static OpenedProject open(Path file, Map<String, Long> sizeOverrides) throws OpenFailure {
        if (isRecordedSpace(file)) {
            try {
                return OpenedProject.recorded(file.toAbsolutePath(), RecordedSpaces.read(file));
            } catch (RecordedSpaceException e) {
                throw new OpenFailure("The recorded space cannot be read", List.of(e.getMessage()));
            }
        }
        Path projectFile = file;
        if (isKernelFile(file)) {
            if (!Files.isRegularFile(file)) throw new OpenFailure("The kernel file is missing", List.of(file + ": file not found"));
            projectFile = projectFileFor(file);
            if (!Files.exists(projectFile)) createProjectFor(file, projectFile);
        }
        Project project;
        try {
            project = ProjectFile.load(projectFile, sizeOverrides);
        } catch (ProjectException e) {
            boolean missing = e.errors().size() == 1 && e.errors().getFirst().message().equals("project file not found");
            throw new OpenFailure(missing ? "The project file is missing" : "The project has errors",
                    e.errors().stream().map(ProjectError::toString).toList());
        }
        try {
            return new OpenedProject(project, Files.readString(projectFile), SourceFiles.read(project.kernel()).text(), Map.copyOf(sizeOverrides));
        } catch (NoSuchFileException e) {
            throw new OpenFailure("The kernel file is missing", List.of(e.getFile() + ": file not found"));
        } catch (IOException e) {
            throw new OpenFailure("The project cannot be read", List.of(String.valueOf(e.getMessage())));
        }
    }

    private static void createProjectFor(Path kernel, Path projectFile) throws OpenFailure {
        try {
            Files.writeString(projectFile, KernelProject.forKernel(kernel, SourceFiles.read(kernel).text()));
        } catch (IOException e) {
            throw new OpenFailure("Cannot create a project for " + kernel.getFileName(), List.of(projectFile + ": " + e.getMessage()));
        }
    }
}
