package org.tuningworkbench.app.shell;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.tuningworkbench.engine.search.Strategies;
import org.tuningworkbench.app.editor.ViewMode;

/**
 * What the window was asked to do on start: the project or kernel to open, and for
 * {@code --snapshot FILE.png [--run]} the screenshot to write before exiting ({@code --dark} and
 * {@code --view source|variant|difference} or a chart ({@code latency|trials|effect|heatmap|parallel|roofline}) and {@code --select N} choose what it shows;
 * {@code --lesson N} opens lesson mode at step N, {@code --replay-at N} a replay showing its first N trials, {@code --present}
 * the window as View → Present shows it).
 *
 * @param lesson   the lesson step to show (1-based), 0 for none
 * @param replayAt how many trials of a replay to show, -1 for no replay
 * @param priors   {@code --prior FILE}, repeatable: priors for the run, as if dropped on the side panel
 * @param strategy {@code --strategy NAME}: the run panel's strategy instead of the project's; null to keep it
 * @param present  {@code --present}: the window as View → Present shows it
 */
public record LaunchOptions(Path project, Path snapshot, boolean run, boolean dark, String view, int select, int lesson, int replayAt,
                            List<Path> priors, String strategy, boolean present) {

    public LaunchOptions {
        priors = priors == null ? List.of() : List.copyOf(priors);
    }

    public LaunchOptions(Path project, Path snapshot, boolean run, boolean dark, String view, int select, int lesson, int replayAt) {
        this(project, snapshot, run, dark, view, select, lesson, replayAt, List.of(), null, false);
    }

    public LaunchOptions(Path project, Path snapshot, boolean run, boolean dark, String view, int select) {
        this(project, snapshot, run, dark, view, select, 0, -1);
    }

    /** What the editor shows. */
    public static final List<String> EDITOR_VIEWS = List.of("source", "variant", "difference");
    /** The chart tabs, by the name their exports take. */
    public static final List<String> CHART_VIEWS = List.of("latency", "trials", "effect", "heatmap", "parallel", "roofline");
    static final List<String> VIEWS = java.util.stream.Stream.concat(EDITOR_VIEWS.stream(), CHART_VIEWS.stream()).toList();
    /** The window's command line, as told when it is given wrong. */
    public static final String USAGE = "Usage: workbench [PROJECT.toml | KERNEL.c/.cpp] [--snapshot FILE.png [--run] [--view " + String.join("|", VIEWS)
            + "] [--select N] [--lesson N] [--replay-at N]] [--present] [--dark] [--prior FILE]... [--strategy NAME]";

    /**
     * Shows in {@code model} what was asked for: config No.{@code select} (without one, the best
     * after a run) and the editor's {@code view} when it names one. The records the project already
     * holds are shown this way as much as those a run just measured.
     */
    void showIn(MainViewModel model, boolean afterRun) {
        if (select > 0) model.selectNumber(select);
        else if (afterRun && model.grid().best() != null) model.selectedProperty().set(model.grid().best());
        if (view != null && EDITOR_VIEWS.contains(view)) {
            model.editor().modeProperty().set(ViewMode.valueOf(view.toUpperCase(java.util.Locale.ROOT)));
        }
    }

    /**
     * Opens lesson mode at step {@link #lesson} and a replay showing {@link #replayAt} trials in
     * {@code window}, as far as they were asked for. Returns the option that could not be shown (its
     * problem was said), empty when everything asked for is shown: a picture without it would pass for it.
     */
    public java.util.Optional<String> openModesIn(MainWindow window) {
        if (lesson > 0 && !window.lessonMode().open(lesson - 1)) return java.util.Optional.of("--lesson " + lesson);
        if (present) window.togglePresent();
        if (replayAt >= 0) {
            if (!window.replayMode().open()) return java.util.Optional.of("--replay-at " + replayAt);
            window.replayMode().playback().seek(replayAt);
        }
        return java.util.Optional.empty();
    }

    public static LaunchOptions parse(List<String> args, Path defaultProject) {
        Path snapshot = null;
        Path project = null;
        boolean run = false;
        boolean dark = false;
        boolean present = false;
        String view = null;
        int select = 0;
        int lesson = 0;
        int replayAt = -1;
        var priors = new ArrayList<Path>();
        String strategy = null;
        var rest = new ArrayList<>(args);
        for (int i = 0; i < rest.size(); i++) {
            String a = rest.get(i);
            switch (a) {
                case "--snapshot" -> {
                    if (i + 1 >= rest.size()) throw new IllegalArgumentException("--snapshot needs a FILE.png");
                    snapshot = Path.of(rest.get(++i));
                }
                case "--run" -> run = true;
                case "--strategy" -> {
                    if (i + 1 >= rest.size() || !Strategies.NAMES.contains(rest.get(i + 1))) {
                        throw new IllegalArgumentException("--strategy needs one of " + String.join(", ", Strategies.NAMES));
                    }
                    strategy = rest.get(++i);
                }
                case "--prior" -> {
                    if (i + 1 >= rest.size()) throw new IllegalArgumentException("--prior needs a FILE (a record file, Kernel Tuner cache or T4 file)");
                    priors.add(Path.of(rest.get(++i)));
                }
                case "--dark" -> dark = true;
                case "--present" -> present = true;
                case "--select" -> {
                    try {
                        select = Integer.parseInt(i + 1 < rest.size() ? rest.get(++i) : "");
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("--select needs a config number");
                    }
                }
                case "--lesson" -> {
                    lesson = count(rest, ++i, "--lesson needs a step number (1 is the first)");
                    if (lesson < 1) throw new IllegalArgumentException("--lesson needs a step number (1 is the first)");
                }
                case "--replay-at" -> replayAt = count(rest, ++i, "--replay-at needs a number of trials (0 shows none)");
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
        return new LaunchOptions(project == null ? defaultProject : project, snapshot, run, dark, view, select, lesson, replayAt, priors, strategy, present);
    }

    private static int count(List<String> args, int at, String problem) {
        try {
            int n = Integer.parseInt(at < args.size() ? args.get(at) : "");
            if (n < 0) throw new IllegalArgumentException(problem);
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(problem);
        }
    }
}
