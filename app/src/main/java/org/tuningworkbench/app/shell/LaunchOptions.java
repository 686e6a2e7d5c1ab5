package org.tuningworkbench.app.shell;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the window was asked to do on start: the project or kernel to open, and for
 * {@code --snapshot FILE.png [--run]} the screenshot to write before exiting.
 */
public record LaunchOptions(Path project, Path snapshot, boolean run, boolean dark) {

    public static LaunchOptions parse(List<String> args, Path defaultProject) {
        Path snapshot = null;
        Path project = null;
        boolean run = false;
        boolean dark = false;
        var rest = new ArrayList<>(args);
        for (int i = 0; i < rest.size(); i++) {
            String a = rest.get(i);
            switch (a) {
                case "--snapshot" -> {
                    if (i + 1 >= rest.size()) throw new IllegalArgumentException("--snapshot needs a FILE.png");
                    snapshot = Path.of(rest.get(++i));
                }
                case "--run" -> run = true;
                case "--dark" -> dark = true;
                default -> {
                    if (a.startsWith("--")) throw new IllegalArgumentException("unknown option " + a);
                    if (project != null) throw new IllegalArgumentException("give one project or kernel file, found " + project + " and " + a);
                    project = Path.of(a);
                }
            }
        }
        return new LaunchOptions(project == null ? defaultProject : project, snapshot, run, dark);
    }
}
