package org.tuningworkbench.app.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.engine.analysis.LessonFigures;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.InvalidConfigException;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.project.Lesson;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * Lesson mode: the steps of a project's lesson in order. Each step shows what changed in the
 * kernel since the step before (the variants compared line by line; the first step against the
 * source as written), its measurement from the records, if measured, with its standing against the
 * step before and step 1 ({@link LessonFigures}), and its note (Markdown).
 */
public final class LessonViewModel {

    /** One changed line between two consecutive steps' variants (1-based line of the kernel). */
    public record Change(int line, String before, String after) {}

    private final Lesson lesson;
    private final Supplier<TunableSource> source;
    private final Function<Config, TuningRecord> measurements;
    private final Consumer<Config> onShow;
    private final ReadOnlyIntegerWrapper index = new ReadOnlyIntegerWrapper(-1);
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper counter = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper measurement = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper standing = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper expectation = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper contradicted = new ReadOnlyBooleanWrapper();
    private LessonFigures figures;
    private final Supplier<TuningRecord> baseline;
    private final Supplier<Double> peakGflops;
    private final ReadOnlyObjectWrapper<List<StoryChart.Bar>> story = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyStringWrapper changesFrom = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<List<Change>> changes = new ReadOnlyObjectWrapper<>(List.of());
    private final BooleanBinding atFirst = Bindings.createBooleanBinding(() -> index.get() <= 0, index);
    private final BooleanBinding atLast;

    /**
     * @param source       the kernel as it is now (its variants are what the steps compare)
     * @param measurements a config's latest record, or null when it has none
     * @param onShow       told the config of each step shown (the window selects its row)
     */
    public LessonViewModel(Lesson lesson, Supplier<TunableSource> source, Function<Config, TuningRecord> measurements,
                           Consumer<Config> onShow) {
        this(lesson, source, measurements, onShow, () -> null, () -> null);
    }

    /**
     * @param baseline   the project's baseline record, or null (the story chart's last bar)
     * @param peakGflops this machine's measured compute peak, or null when not measured (the story chart's shares)
     */
    public LessonViewModel(Lesson lesson, Supplier<TunableSource> source, Function<Config, TuningRecord> measurements,
                           Consumer<Config> onShow, Supplier<TuningRecord> baseline, Supplier<Double> peakGflops) {
        this.baseline = baseline;
        this.peakGflops = peakGflops;
        this.lesson = lesson;
        this.source = source;
        this.measurements = measurements;
        this.onShow = onShow;
        this.atLast = Bindings.createBooleanBinding(() -> index.get() >= lesson.steps().size() - 1, index);
    }

    public Lesson lesson() { return lesson; }
    public int size() { return lesson.steps().size(); }
    /** 0-based; -1 before the first step is shown. */
    public ReadOnlyIntegerProperty indexProperty() { return index.getReadOnlyProperty(); }
    public ReadOnlyStringProperty titleProperty() { return title.getReadOnlyProperty(); }
    /** {@code Step 2 of 5}. */
    public ReadOnlyStringProperty counterProperty() { return counter.getReadOnlyProperty(); }
    /** The step's note, Markdown. */
    public ReadOnlyStringProperty noteProperty() { return note.getReadOnlyProperty(); }
    /** The step's median, spread and samples: {@code No.3 im2col: 1.234 ms · CV 1.2% · 7 samples · 42.1 GFLOP/s}. */
    public ReadOnlyStringProperty measurementProperty() { return measurement.getReadOnlyProperty(); }
    /** Against the step before and step 1, one a line, by the test every claim uses: {@code 3.10× faster than step 2 (p < 0.001)}. */
    public ReadOnlyStringProperty standingProperty() { return standing.getReadOnlyProperty(); }
    /** What this machine says of the note's expected direction ({@code expect}); empty when the note expects none. */
    public ReadOnlyStringProperty expectationProperty() { return expectation.getReadOnlyProperty(); }
    /** Whether this machine measured the step the other way from its note's expectation. */
    public ReadOnlyBooleanProperty contradictedProperty() { return contradicted.getReadOnlyProperty(); }
    /** What the changes are measured against: {@code Changed from step 1} or {@code Changed from the source as written}. */
    public ReadOnlyStringProperty changesFromProperty() { return changesFrom.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<List<Change>> changesProperty() { return changes.getReadOnlyProperty(); }
    public BooleanBinding atFirstProperty() { return atFirst; }
    public BooleanBinding atLastProperty() { return atLast; }

    public void first() { go(0); }
    public void next() { go(index.get() + 1); }
    public void previous() { go(index.get() - 1); }

    /** Shows step {@code i} (0-based), kept within the lesson. */
    public void go(int i) {
        if (lesson.steps().isEmpty()) return;
        int at = Math.clamp(i, 0, lesson.steps().size() - 1);
        index.set(at);
        Lesson.Step step = lesson.steps().get(at);
        title.set(step.title());
        counter.set("Step " + (at + 1) + " of " + lesson.steps().size());
        note.set(step.note());
        showChanges(at);
        refresh();
        onShow.accept(step.config());
    }

    /** Reads the step's measurement again (after a run delivered results). */
    public void refresh() {
        int at = index.get();
        if (at < 0) return;
        figures = LessonFigures.of(lesson, measurements);
        LessonFigures.StepFigures step = figures.steps().get(at);
        measurement.set(step.measurement(Figures::micros) + (step.record() == null ? "; Measure Lesson (Ctrl+Shift+L) measures its steps" : ""));
        var lines = new ArrayList<String>();
        if (!step.againstPreviousText().isEmpty()) lines.add(step.againstPreviousText());
        if (!step.againstFirstText().isEmpty()) lines.add(step.againstFirstText());
        standing.set(String.join("\n", lines));
        expectation.set(step.expectationText());
        contradicted.set(step.expectation() == LessonFigures.Expectation.CONTRADICTED);
        story.set(StoryChart.bars(figures, at, baseline.get(), peakGflops.get()));
    }

    /** The story chart's bars: each step's speed-up over step 1 (and the baseline's), the shown step marked. */
    public ReadOnlyObjectProperty<List<StoryChart.Bar>> storyProperty() { return story.getReadOnlyProperty(); }

    /** Every step's figures, as last read. */
    public LessonFigures figures() {
        return figures == null ? LessonFigures.of(lesson, measurements) : figures;
    }

    private void showChanges(int at) {
        TunableSource kernel = source.get();
        changesFrom.set(at == 0 ? "Changed from the source as written" : "Changed from step " + at);
        try {
            String before = at == 0 ? kernel.text() : kernel.substitute(lesson.steps().get(at - 1).config()).text();
            String after = kernel.substitute(lesson.steps().get(at).config()).text();
            changes.set(changedLines(before, after));
        } catch (InvalidConfigException e) {
            changes.set(List.of(new Change(0, "", e.getMessage())));
        }
    }

    /** Substitution keeps every line in place, so two variants differ line by line. */
    static List<Change> changedLines(String before, String after) {
        String[] a = before.split("\n", -1);
        String[] b = after.split("\n", -1);
        var out = new ArrayList<Change>();
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            String x = i < a.length ? a[i] : "";
            String y = i < b.length ? b[i] : "";
            if (!x.equals(y)) out.add(new Change(i + 1, x, y));
        }
        return out;
    }
}
