package org.tuningworkbench.engine.tune;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Function;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.exec.TuningException;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.Candidates;
import org.tuningworkbench.engine.project.Lesson;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.SearchSettings;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.search.Budget;
import org.tuningworkbench.engine.search.Order;

/**
 * How a lesson is measured, from the window's Measure Lesson and {@code tune --lesson} alike: exactly
 * its steps' configs, in the lesson's order, each measured afresh and to the end (racing off: every
 * step gets all its samples, so each step can be compared with the one before and with step 1),
 * with at least {@link #SAMPLES} samples, then confirmed in {@link #CONFIRMATION_ROUNDS} interleaved
 * rounds in fresh processes ({@link Confirmation}), so a slow spell of the machine falls on all steps alike.
 */
public final class LessonRun {

    /**
     * The fewest samples a step takes: with seven a side, two steps wholly apart have an exact
     * Mann-Whitney p of 0.0006, well past the test's 0.05; with three a side no difference can be told.
     */
    public static final int SAMPLES = 7;

    /** The confirmation's rounds. */
    public static final int CONFIRMATION_ROUNDS = 3;

    private LessonRun() {}

    /** The lesson's configs, in the order of its steps, each once (two steps may show the same config). */
    public static List<Config> configs(Lesson lesson) {
        var configs = new LinkedHashSet<Config>();
        lesson.steps().forEach(step -> configs.add(step.config()));
        return List.copyOf(configs);
    }

    /** {@code project} as the lesson measures it: its steps' configs alone, listed, racing off, at least {@link #SAMPLES} samples. */
    public static Project project(Project project, Lesson lesson) {
        MeasureSettings m = project.measure();
        m = m.withRepeat(Math.max(SAMPLES, m.repeat())).withRacing(m.racing().withEnabled(false));
        SearchSettings s = project.search().withStrategy("grid").withOrder(Order.LISTED).withBudget(Budget.UNLIMITED);
        return project.withCandidates(Candidates.listed(configs(lesson))).withMeasure(m).withSearch(s);
    }

    /**
     * Measures the lesson's steps again with {@code confirmation} (made for the lesson's project, which {@link Confirmation#stop}
     * ends at once) in {@link #CONFIRMATION_ROUNDS} interleaved rounds, each in a fresh process, and says whether their order
     * held ({@code confirmed in 3 interleaved rounds: the steps' order held}); empty when no step succeeded, why when the
     * confirmation could not run or was stopped.
     */
    public static String confirm(Confirmation confirmation, Project lessonProject, List<TuningRecord> records, Function<TuningRecord, String> label) {
        try {
            var result = confirmation.run(records, lessonProject.candidates().listed().size(), CONFIRMATION_ROUNDS, label, Confirmation.Progress.NONE);
            if (result.entries().isEmpty()) return "";
            return "confirmed in " + result.rounds() + " interleaved rounds: "
                    + (result.rankingHeld() ? "the steps' order held" : result.bestHeld() ? "the fastest step held, the order below it changed"
                    : "the fastest step changed; measure again on a quieter machine");
        } catch (TuningException | RuntimeException e) {
            return "the confirmation could not run: " + e.getMessage();
        }
    }

    /** {@code base} as the lesson measures: afresh (records of earlier runs raced or sampled otherwise) and without racing. */
    public static TuneOptions options(TuneOptions base, Project lessonProject) {
        return base.toBuilder().resume(false).racing(lessonProject.measure().racing().withEnabled(false)).build();
    }
}
