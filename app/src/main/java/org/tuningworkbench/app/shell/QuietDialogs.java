package org.tuningworkbench.app.shell;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.tuningworkbench.app.configs.GenerateRowsViewModel;
import org.tuningworkbench.app.project.Examples;

/** For unattended screenshots: problems and notes are printed, questions answered yes, nothing chosen or edited. */
final class QuietDialogs implements Dialogs {

    @Override
    public void showProblem(String title, List<String> problems) {
        System.err.println("workbench: " + title);
        problems.forEach(p -> System.err.println("  " + p));
    }

    @Override
    public boolean confirm(String title, String header, String text, String action) {
        return true;
    }

    @Override
    public Unsaved unsaved(String title, String header, String text) {
        return Unsaved.DISCARD;
    }

    @Override
    public void notify(String title, String text) {
        System.err.println("workbench: " + title + ": " + text);
    }

    @Override
    public Optional<String> review(String title, String header, String text) {
        System.err.println("workbench: " + title + "\n" + header);
        return Optional.of(text);
    }

    @Override
    public Optional<Path> saveFile(String title, String suggested, Path folder) {
        return Optional.empty();
    }

    @Override
    public Optional<Path> openFile(String title, Path folder, List<FileKind> kinds) {
        return Optional.empty();
    }

    @Override
    public Optional<Map<String, String>> valueLists(GenerateRowsViewModel lists) {
        return Optional.empty();
    }

    @Override
    public void editProjectFile(Path file, String text, Predicate<String> saveAndReload) {
    }

    @Override
    public void showExamples(List<Examples.Example> examples, Path home, Consumer<Path> open) {
    }

    @Override
    public void showShortcuts(String list) {
        System.err.println(list);
    }
}
