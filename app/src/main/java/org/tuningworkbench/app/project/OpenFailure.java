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

    /** The person chose not to open it (they cancelled a question on the way): nothing to report. */
    public static OpenFailure cancelled() {
        return new OpenFailure("", List.of());
    }

    public boolean isCancelled() {
        return getMessage().isEmpty();
    }
}
