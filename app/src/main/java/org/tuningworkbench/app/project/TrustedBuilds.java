package org.tuningworkbench.app.project;

import java.io.IOException;
import java.util.prefs.Preferences;
import org.tuningworkbench.engine.Fingerprint;
import org.tuningworkbench.engine.project.Project;

/**
 * The projects whose own build command the person allowed to run. Nothing of a project runs when it
 * is opened; the first Run of a project with a command of its own asks, once for that content: the
 * project file, and the script the command starts when it is one of the project's files.
 */
public final class TrustedBuilds {

    private final Preferences preferences;

    public TrustedBuilds(Preferences preferences) {
        this.preferences = preferences;
    }

    public boolean trusted(Project project, String projectText) {
        return preferences.getBoolean(key(project, projectText), false);
    }

    public void trust(Project project, String projectText) {
        preferences.putBoolean(key(project, projectText), true);
    }

    private static String key(Project project, String projectText) {
        String script = "";
        if (project.buildScript().isPresent()) {
            try {
                script = Fingerprint.ofFile(project.buildScript().get());
            } catch (IOException e) {
                script = "unreadable";
            }
        }
        // Preferences keys are at most 80 characters: the fingerprint is 32.
        return "build-" + Fingerprint.of(project.directory().toString(), projectText, project.build().command(), script);
    }
}
