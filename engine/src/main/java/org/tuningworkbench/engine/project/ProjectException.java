package org.tuningworkbench.engine.project;

import java.util.List;
import java.util.stream.Collectors;

/** A project that cannot be used, with every problem found in it. */
public final class ProjectException extends Exception {
    private final List<ProjectError> errors;

    public ProjectException(List<ProjectError> errors) {
        super(errors.stream().map(ProjectError::toString).collect(Collectors.joining("\n")));
        this.errors = List.copyOf(errors);
    }

    public ProjectException(ProjectError error) {
        this(List.of(error));
    }

    public List<ProjectError> errors() {
        return errors;
    }
}
