package org.tuningworkbench.app;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.tuningworkbench.app.shell.Dialogs;

/** Dialogs that answer yes and remember what they were shown. */
public final class RecordingDialogs implements Dialogs {
    public final List<String> problems = new CopyOnWriteArrayList<>();
    public final List<String> notes = new CopyOnWriteArrayList<>();
    public final List<String> questions = new CopyOnWriteArrayList<>();
    public boolean answer = true;
    public final List<String> reviewed = new CopyOnWriteArrayList<>();
    /** What review answers, given the text shown: unchanged by default; null cancels. */
    public java.util.function.UnaryOperator<String> edit = text -> text;

    @Override
    public void showProblem(String title, List<String> lines) {
        problems.add(title + ": " + String.join(" | ", lines));
    }

    @Override
    public boolean confirm(String title, String header, String text, String action) {
        questions.add(title + ": " + header + " | " + text + " [" + action + " / Cancel]");
        return answer;
    }

    /** What the unsaved-changes question answers; null: Don't Save when {@link #answer} is yes, Cancel when no. */
    public Unsaved unsavedAnswer;

    @Override
    public Unsaved unsaved(String title, String header, String text) {
        questions.add(title + ": " + header + " | " + text);
        return unsavedAnswer != null ? unsavedAnswer : answer ? Unsaved.DISCARD : Unsaved.CANCEL;
    }

    @Override
    public java.util.Optional<String> review(String title, String header, String text) {
        reviewed.add(title + ": " + header);
        return java.util.Optional.ofNullable(edit.apply(text));
    }

    @Override
    public void notify(String title, String text) {
        notes.add(title + ": " + text);
    }

    /** The file a save dialog answers with; null cancels. */
    public java.nio.file.Path saveAs;
    public final List<String> saveQuestions = new CopyOnWriteArrayList<>();

    @Override
    public java.util.Optional<java.nio.file.Path> saveFile(String title, String suggested, java.nio.file.Path folder) {
        saveQuestions.add(title + ": " + suggested);
        return java.util.Optional.ofNullable(saveAs);
    }

    /** The file an open dialog answers with; null cancels. */
    public java.nio.file.Path openAs;
    public final List<String> openQuestions = new CopyOnWriteArrayList<>();

    @Override
    public java.util.Optional<java.nio.file.Path> openFile(String title, java.nio.file.Path folder, List<FileKind> kinds) {
        openQuestions.add(title);
        return java.util.Optional.ofNullable(openAs);
    }

    /** What the value lists dialog answers, given the lists shown: unchanged by default; null cancels. */
    public java.util.function.UnaryOperator<java.util.Map<String, String>> valueLists = lists -> lists;

    @Override
    public java.util.Optional<java.util.Map<String, String>> valueLists(org.tuningworkbench.app.configs.GenerateRowsViewModel lists) {
        return java.util.Optional.ofNullable(valueLists.apply(lists.valueLists()));
    }

    public final List<String> shown = new CopyOnWriteArrayList<>();

    @Override
    public void editProjectFile(java.nio.file.Path file, String text, java.util.function.Predicate<String> saveAndReload) {
        shown.add("project file " + file.getFileName());
    }

    @Override
    public void showExamples(List<org.tuningworkbench.app.project.Examples.Example> examples, java.nio.file.Path home,
                             java.util.function.Consumer<java.nio.file.Path> open) {
        shown.add(examples.size() + " examples");
    }

    @Override
    public void showShortcuts(String list) {
        shown.add("shortcuts");
    }
}
