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

    @Override
    public void showProblem(String title, List<String> lines) {
        problems.add(title + ": " + String.join(" | ", lines));
    }

    @Override
    public boolean confirm(String title, String header, String text) {
        questions.add(title + ": " + header + " | " + text);
        return answer;
    }

    @Override
    public void notify(String title, String text) {
        notes.add(title + ": " + text);
    }
}
