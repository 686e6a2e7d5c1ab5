package org.tuningworkbench.app.lesson;

import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import org.tuningworkbench.app.configs.ConfigGridViewModel;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.app.editor.SourceEditorViewModel;
import org.tuningworkbench.app.editor.ViewMode;
import org.tuningworkbench.app.project.OpenedProject;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.Lesson;
import org.tuningworkbench.engine.project.ProjectError;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * Lesson mode in the window: opens the project's lesson in a pane beside the charts, and shows
 * each step's config as the selected row, its variant in the editor.
 */
public final class LessonMode {

    private final ObservableValue<OpenedProject> project;
    private final ConfigGridViewModel grid;
    private final SourceEditorViewModel editor;
    private final ObjectProperty<ConfigRow> selected;
    private final BiConsumer<String, List<String>> problem;
    private final Consumer<Node> showPane;
    private final Runnable measure;
    private Supplier<TuningRecord> baseline = () -> null;
    private Supplier<Double> peakGflops = () -> null;
    private final ReadOnlyBooleanWrapper active = new ReadOnlyBooleanWrapper();
    private LessonViewModel lesson;

    /**
     * @param showPane puts the lesson's pane in the window (null takes it away)
     * @param measure  measures the lesson's steps (Measure Lesson)
     */
    public LessonMode(ObservableValue<OpenedProject> project, ConfigGridViewModel grid, SourceEditorViewModel editor,
                      ObjectProperty<ConfigRow> selected, BiConsumer<String, List<String>> problem, Consumer<Node> showPane, Runnable measure) {
        this.project = project;
        this.grid = grid;
        this.editor = editor;
        this.selected = selected;
        this.problem = problem;
        this.showPane = showPane;
        this.measure = measure;
        // The project saved and read again brings its lesson as it now reads, at the same step.
        project.addListener((obs, was, now) -> {
            if (!active.get() || was == null || now == null || !was.projectFile().equals(now.projectFile())) return;
            int at = lesson == null ? 0 : lesson.indexProperty().get();
            if (!open(at, true)) close();
        });
    }

    /**
     * A project was opened (its source and configs loaded): lesson mode, when on, starts that
     * project's lesson at its first step, and closes when it has none; nothing of the last lesson stays.
     */
    public void projectOpened() {
        if (!active.get()) return;
        OpenedProject opened = project.getValue();
        boolean hasLesson;
        try {
            hasLesson = opened != null && opened.recorded().isEmpty() && ProjectFile.lesson(opened.project()).map(l -> !l.steps().isEmpty()).orElse(false);
        } catch (ProjectException e) {
            hasLesson = true;  // opening it says what is wrong
        }
        if (!hasLesson || !open(0)) close();
    }

    public ReadOnlyBooleanProperty activeProperty() { return active.getReadOnlyProperty(); }

    /** Where the story chart finds the project's baseline record and this machine's measured peak (either may give null). */
    public void storyFrom(Supplier<TuningRecord> baseline, Supplier<Double> peakGflops) {
        this.baseline = baseline;
        this.peakGflops = peakGflops;
    }

    /** The lesson shown, or null outside lesson mode. */
    public LessonViewModel lesson() { return lesson; }

    public void toggle() {
        if (active.get()) close();
        else open(0);
    }

    /** Opens the lesson at step {@code index} (0-based); false, after saying why, when the project has none or it has no such step. */
    public boolean open(int index) {
        return open(index, false);
    }

    /** {@code nearest}: a lesson with fewer steps than {@code index} opens at its last. */
    private boolean open(int index, boolean nearest) {
        OpenedProject opened = project.getValue();
        if (opened == null || opened.recorded().isPresent()) {
            problem.accept("No lesson", List.of("Open a project that has a [lesson], such as the examples matmul-tiling and conv2d-relu."));
            return false;
        }
        Optional<Lesson> read;
        try {
            read = ProjectFile.lesson(opened.project());
        } catch (ProjectException e) {
            problem.accept("The lesson has errors", e.errors().stream().map(ProjectError::toString).toList());
            return false;
        }
        if (read.isEmpty() || read.get().steps().isEmpty()) {
            problem.accept("No lesson", List.of(opened.projectFile() + " has no [lesson]: add a [[lesson.step]] naming a config and its note "
                    + "for each step (see docs/project-format.md, \"Lessons\")."));
            return false;
        }
        int steps = read.get().steps().size();
        if (index >= steps && !nearest) {
            problem.accept("No step " + (index + 1), List.of("The lesson of " + opened.projectFile() + " has " + steps + (steps == 1 ? " step." : " steps.")));
            return false;
        }
        lesson = new LessonViewModel(read.get(), editor::source, config -> grid.rowOf(config).map(ConfigRow::record).orElse(null),
                this::select, baseline, peakGflops);
        showPane.accept(new LessonView(lesson, this::close, measure));
        active.set(true);
        lesson.go(index);
        return true;
    }

    public void close() {
        lesson = null;
        showPane.accept(null);
        active.set(false);
    }

    public void next() {
        if (lesson != null) lesson.next();
    }

    public void previous() {
        if (lesson != null) lesson.previous();
    }

    /** After results arrived: the step's measurement may be new. */
    public void refresh() {
        if (lesson != null) lesson.refresh();
    }

    private void select(Config config) {
        grid.rowOf(config).ifPresent(row -> {
            selected.set(row);
            editor.modeProperty().set(ViewMode.VARIANT);
        });
    }
}
