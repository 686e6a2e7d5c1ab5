package org.tuningworkbench.app.shell;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.tuningworkbench.app.configs.GenerateRowsViewModel;
import org.tuningworkbench.app.project.Examples;

/**
 * What the window asks of the person: every dialog the window opens goes through here. The window
 * answers with dialogs ({@link FxDialogs}), tests with a script.
 */
public interface Dialogs {
    /** Bad input: a title and one line per problem (file:line:column: message), never a stack trace. */
    void showProblem(String title, List<String> problems);

    /** Asks before {@code action} ({@code Run}, {@code Apply}): its button says it, beside Cancel; whether the person agreed. */
    boolean confirm(String title, String header, String text, String action);

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
    Optional<String> review(String title, String header, String text);

    /**
     * Asks where to save a file: {@code suggested} is the name offered, in {@code folder} when it is
     * not null; the file chosen, or empty when the person cancelled.
     */
    Optional<Path> saveFile(String title, String suggested, Path folder);

    /** Files a chooser offers: what they are ({@code Config lists}) and their patterns ({@code *.csv}). */
    record FileKind(String description, List<String> patterns) {
        public static FileKind of(String description, String... patterns) {
            return new FileKind(description, List.of(patterns));
        }
    }

    /**
     * Asks which file to open, offering {@code kinds} first and then any file, in {@code folder} when
     * it is not null; the file chosen, or empty when the person cancelled.
     */
    Optional<Path> openFile(String title, Path folder, List<FileKind> kinds);

    /** Asks for the value lists to generate rows from ({@code lists} holds them, one value a line); the lists confirmed, or empty. */
    Optional<Map<String, String>> valueLists(GenerateRowsViewModel lists);

    /** Shows the project file to edit; {@code saveAndReload} writes the text and opens the project again, and says whether it could. */
    void editProjectFile(Path file, String text, Predicate<String> saveAndReload);

    /** Shows the examples to choose from (in {@code home}); {@code open} opens the project of the one chosen. */
    void showExamples(List<Examples.Example> examples, Path home, Consumer<Path> open);

    /** The keyboard shortcuts, one a line, to read: shown without waiting for an answer. */
    void showShortcuts(String list);
}
