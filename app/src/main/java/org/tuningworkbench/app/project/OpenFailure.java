package org.tuningworkbench.app.project;

import java.util.List;

/** A project or kernel that cannot be opened: a title for the dialog and one line per problem. */
public final class OpenFailure extends Exception {
    private final List<String> problems;

    public OpenFailure(String title, List<String> problems) {
        super(title);
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
