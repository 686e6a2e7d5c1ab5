package org.tuningworkbench.app.shell;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the window was asked to do on start: the project or kernel to open, and for
 * {@code --snapshot FILE.png [--run]} the screenshot to write before exiting ({@code --dark} and
 * {@code --view source|variant|difference} or a chart ({@code latency|trials|effect|heatmap|parallel|roofline}) and {@code --select N} choose what it shows).
 */
public record LaunchOptions(Path project, Path snapshot, boolean run, boolean dark, String view, int select) {

    /** What the editor shows. */
    public static final List<String> EDITOR_VIEWS = List.of("source", "variant", "difference");
    /** The chart tabs, by the name their exports take. */
    public static final List<String> CHART_VIEWS = List.of("latency", "trials", "effect", "heatmap", "parallel", "roofline");
    static final List<String> VIEWS = java.util.stream.Stream.concat(EDITOR_VIEWS.stream(), CHART_VIEWS.stream()).toList();

    public static LaunchOptions parse(List<String> args, Path defaultProject) {
        Path snapshot = null;
        Path project = null;
        boolean run = false;
        boolean dark = false;
        String view = null;
        int select = 0;
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
                case "--select" -> {
                    try {
                        select = Integer.parseInt(i + 1 < rest.size() ? rest.get(++i) : "");
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("--select needs a config number");
                    }
                }
                case "--view" -> {
                    if (i + 1 >= rest.size() || !VIEWS.contains(rest.get(i + 1))) {
                        throw new IllegalArgumentException("--view needs one of " + String.join(", ", VIEWS));
                    }
                    view = rest.get(++i);
                }
                default -> {
                    if (a.startsWith("--")) throw new IllegalArgumentException("unknown option " + a);
                    if (project != null) throw new IllegalArgumentException("give one project or kernel file, found " + project + " and " + a);
                    project = Path.of(a);
                }
            }
        }
        return new LaunchOptions(project == null ? defaultProject : project, snapshot, run, dark, view, select);
    }
}
