package org.tuningworkbench.app.project;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.prefs.Preferences;

/** The last projects opened, newest first, kept in the user's preferences. */
public final class RecentProjects {

    private static final int LIMIT = 8;
    private final Preferences preferences;

    public RecentProjects(Preferences preferences) {
        this.preferences = preferences;
    }

    public static RecentProjects forUser() {
        return new RecentProjects(Preferences.userRoot().node("org/tuningworkbench/recent"));
    }

    /** Where the recent list is kept; other remembered answers live beside it. */
    public Preferences preferences() {
        return preferences;
    }

    public List<Path> list() {
        var out = new ArrayList<Path>();
        for (int i = 0; i < LIMIT; i++) {
            String value = preferences.get("project." + i, null);
            if (value != null) out.add(Path.of(value));
        }
        return out;
    }

    public void add(Path project) {
        var paths = new ArrayList<>(list());
        Path absolute = project.toAbsolutePath().normalize();
        paths.remove(absolute);
        paths.addFirst(absolute);
        for (int i = 0; i < LIMIT; i++) {
            if (i < paths.size()) preferences.put("project." + i, paths.get(i).toString());
            else preferences.remove("project." + i);
        }
    }
}
