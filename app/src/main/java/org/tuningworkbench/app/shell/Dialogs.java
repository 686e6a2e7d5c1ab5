package org.tuningworkbench.app.shell;

import java.util.List;

/** What the view models ask of the person; the window answers with dialogs, tests with a script. */
public interface Dialogs {
    /** Bad input: a title and one line per problem (file:line:column: message), never a stack trace. */
    void showProblem(String title, List<String> problems);

    boolean confirm(String title, String header, String text);

    /** A passing note, such as "the run finished". */
    void notify(String title, String text);
}
