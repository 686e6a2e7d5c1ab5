package org.tuningworkbench.app.project;

import java.nio.file.Path;
import java.util.Map;
import org.tuningworkbench.engine.project.Project;

/**
 * A project as the window holds it: the engine's reading of it, plus the texts the person edits.
 *
 * @param sizeOverrides sizes given on top of the project's own (tests and demos use smaller shapes)
 */
public record OpenedProject(Project project, String projectText, String kernelText, Map<String, Long> sizeOverrides) {

    public Path projectFile() {
        return project.file();
    }

    public Path kernelFile() {
        return project.kernel();
    }

    public Path recordFile() {
        return project.directory().resolve("records.jsonl");
    }
}
