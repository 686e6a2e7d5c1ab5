package org.tuningworkbench.app.shell;

import java.util.List;

/** What the view models ask of the person; the window answers with dialogs, tests with a script. */
public interface Dialogs {
    /** Bad input: a title and one line per problem (file:line:column: message), never a stack trace. */
    void showProblem(String title, List<String> problems);

    boolean confirm(String title, String header, String text);

    /** What to do with unsaved changes before something that would lose them. */
    enum Unsaved { SAVE, DISCARD, CANCEL }

    /**
     * Asks what to do with unsaved changes ({@code header} names them): Save (the default, Enter),
     * Don't Save, or Cancel (Esc).
     */
    Unsaved unsaved(String title, String header, String text);

    /** A passing note, such as "the run finished". */
    void notify(String title, String text);

    /**
     * Shows a text to check and edit before it is written (a project drafted for a bare kernel, with
     * its guesses in {@code header}); the text as the person left it, or empty when they cancelled.
     */
    java.util.Optional<String> review(String title, String header, String text);

    /**
     * Asks where to save a file: {@code suggested} is the name offered, in {@code folder} when it is
     * not null; the file chosen, or empty when the person cancelled.
     */
    java.util.Optional<java.nio.file.Path> saveFile(String title, String suggested, java.nio.file.Path folder);
}
