package org.tuningworkbench.app.project;

import java.util.prefs.Preferences;
import org.tuningworkbench.engine.build.BuildApproval;
import org.tuningworkbench.engine.project.Project;

/**
 * The projects whose own build the person allowed to run. Nothing of a project runs when it is
 * opened; the first Run of a project that runs a command of its own (a build command, a baseline's
 * flags) asks, once for that content: the project file, the commands and every project file they
 * name or source ({@link BuildApproval}).
 */
public final class TrustedBuilds {

    private final Preferences preferences;

    public TrustedBuilds(Preferences preferences) {
        this.preferences = preferences;
    }

    /** Whether the project runs nothing of its own, or the person allowed what it runs as it is now. */
    public boolean trusted(Project project, String projectText) {
        return !BuildApproval.needed(project) || preferences.getBoolean(key(project, projectText), false);
    }

    public void trust(Project project, String projectText) {
        preferences.putBoolean(key(project, projectText), true);
    }

    /** What the person is asked to allow, in words: the commands, where they run from, and the files they read. */
    public static String question(Project project) {
        var files = BuildApproval.files(project).stream().map(f -> "  " + project.directory().relativize(f.toAbsolutePath())).toList();
        return String.join("\n", BuildApproval.commands(project)) + "\n\nIt runs from " + project.directory() + "."
                + (files.isEmpty() ? "" : "\nIt reads:\n" + String.join("\n", files))
                + "\n\nYou are asked once; editing the project, the commands or a file they read asks again.";
    }

    private static String key(Project project, String projectText) {
        // Preferences keys are at most 80 characters: the fingerprint is 32.
        return "build-" + BuildApproval.fingerprint(project, projectText);
    }
}
