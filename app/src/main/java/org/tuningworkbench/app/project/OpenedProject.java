package org.tuningworkbench.app.project;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tuningworkbench.engine.project.SearchSettings;
import org.tuningworkbench.engine.replay.RecordedProject;
import org.tuningworkbench.engine.recorded.RecordedSpace;
import org.tuningworkbench.engine.search.Budget;
import org.tuningworkbench.engine.project.Project;

/**
 * A project as the window holds it: the engine's reading of it, plus the texts the person edits.
 *
 * @param sizeOverrides sizes given on top of the project's own (tests and demos use smaller shapes)
 */
public record OpenedProject(Project project, String projectText, String kernelText, Map<String, Long> sizeOverrides,
                            Optional<RecordedSpace> recorded) {

    public OpenedProject(Project project, String projectText, String kernelText, Map<String, Long> sizeOverrides) {
        this(project, projectText, kernelText, sizeOverrides, Optional.empty());
    }

    /**
     * A recorded space opened like a project: its sheet (a parameter a marked line) stands in for the
     * kernel, and nothing is written back.
     */
    public static OpenedProject recorded(Path file, RecordedSpace space) {
        Project project = RecordedProject.of(file, space, new SearchSettings("random", 1, Budget.trials(100)));
        return new OpenedProject(project, "", RecordedProject.sheet(space), Map.of(), Optional.of(space));
    }

    public Path projectFile() {
        return project.file();
    }

    public Path kernelFile() {
        return project.kernel().source();
    }

    /** The files the project is read from (its file, kernel and records): an export named like one of them is refused. */
    public List<Path> inputs() {
        return List.of(projectFile(), kernelFile(), recordFile());
    }

    /** Where runs record: beside the project (a recorded space's replays record to a file of the window's own, never here). */
    public Path recordFile() {
        return project.recordFile();
    }
}
