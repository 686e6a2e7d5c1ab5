package org.tuningworkbench.app.project;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.tuningworkbench.engine.recorded.RecordedSpaceException;
import org.tuningworkbench.engine.recorded.RecordedSpaces;
import java.util.Map;
import org.tuningworkbench.engine.SafeWrite;
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

    /**
     * Checks a project drafted for a bare kernel before it is written: returns the text to write (as
     * drafted or as edited), or empty to open nothing. {@code problems} are the previous answer's
     * errors, empty the first time.
     */
    @FunctionalInterface
    public interface DraftReview {
        java.util.Optional<String> review(Path projectFile, KernelProject.Draft draft, List<String> problems);

        /** Writes the draft as it is. */
        DraftReview AS_DRAFTED = (file, draft, problems) -> problems.isEmpty() ? java.util.Optional.of(draft.text()) : java.util.Optional.empty();
    }

    public static OpenedProject open(Path file, Map<String, Long> sizeOverrides) throws OpenFailure {
        return open(file, sizeOverrides, DraftReview.AS_DRAFTED);
    }

    public static OpenedProject open(Path file, Map<String, Long> sizeOverrides, DraftReview review) throws OpenFailure {
        if (RecordedSpaces.hasSpaceName(file)) {
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
            if (!Files.exists(projectFile)) createProjectFor(file, projectFile, review);
        }
        Project project;
        try {
            project = ProjectFile.load(projectFile, sizeOverrides);
        } catch (ProjectException e) {
            boolean missing = e.errors().size() == 1 && e.errors().getFirst().message().equals("project file not found");
            throw new OpenFailure(missing ? "The project file is missing" : "The project has errors",
                    e.errors().stream().map(ProjectError::toString).toList());
        }
        String projectText;
        try {
            // The file the project was read from: a folder stands for the project.toml in it.
            projectText = Files.readString(project.file());
        } catch (IOException e) {
            throw new OpenFailure("The project cannot be read", List.of(project.file() + ": " + e.getMessage()));
        }
        try {
            return new OpenedProject(project, projectText, SourceFiles.read(project.kernel().source()).text(), Map.copyOf(sizeOverrides));
        } catch (NoSuchFileException e) {
            throw new OpenFailure("The kernel file is missing", List.of(e.getFile() + ": file not found"));
        } catch (IOException e) {
            throw new OpenFailure("The kernel file cannot be read", List.of(project.kernel().source() + ": " + e.getMessage()));
        }
    }

    /** Drafts a project for the kernel, has it checked, and writes it only once it loads. */
    private static void createProjectFor(Path kernel, Path projectFile, DraftReview review) throws OpenFailure {
        try {
            var draft = KernelProject.draft(kernel, SourceFiles.read(kernel).text());
            List<String> problems = List.of();
            while (true) {
                var text = review.review(projectFile, draft, problems);
                if (text.isEmpty()) {
                    if (problems.isEmpty()) throw OpenFailure.cancelled();
                    throw new OpenFailure("The project drafted for " + kernel.getFileName() + " has errors", problems);
                }
                try {
                    // Checked as the file it is to become, then written whole: no draft file beside the kernel to plant a link at.
                    ProjectFile.parse(projectFile, text.get(), Map.of());
                    SafeWrite.sparing(List.of(kernel)).text(projectFile, text.get(), StandardCharsets.UTF_8);
                    return;
                } catch (ProjectException e) {
                    problems = e.errors().stream().map(ProjectError::toString).toList();
                    draft = new KernelProject.Draft(text.get(), draft.guesses());
                }
            }
        } catch (IOException e) {
            throw new OpenFailure("Cannot create a project for " + kernel.getFileName(), List.of(projectFile + ": " + e.getMessage()));
        }
    }
}
