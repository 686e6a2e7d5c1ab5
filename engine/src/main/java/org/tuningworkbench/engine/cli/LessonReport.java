package org.tuningworkbench.engine.cli;

import java.io.PrintWriter;
import org.tuningworkbench.engine.analysis.LessonFigures;

/** Prints a measured lesson: each step's median, spread and samples, its standing against the step before and step 1, and its note's expectation. */
final class LessonReport {
    private LessonReport() {}

    static void print(LessonFigures figures, String how, PrintWriter out) {
        out.println();
        out.println("Lesson: " + figures.title() + " (" + how + ")");
        for (LessonFigures.StepFigures step : figures.steps()) {
            out.println("  Step " + (step.index() + 1) + ": " + step.step().title());
            out.println("    " + step.measurement());
            if (!step.againstPreviousText().isEmpty()) out.println("    " + step.againstPreviousText());
            if (!step.againstFirstText().isEmpty()) out.println("    " + step.againstFirstText());
            if (!step.expectationText().isEmpty()) {
                boolean contradicted = step.expectation() == LessonFigures.Expectation.CONTRADICTED;
                out.println("    " + (contradicted ? "! " : "") + step.expectationText());
            }
        }
        int contradicted = figures.contradicted().size();
        if (contradicted > 0) {
            out.println(contradicted == 1 ? "1 step measured the other way from what its note expects: the note speaks of another machine, or is wrong here."
                    : contradicted + " steps measured the other way from what their notes expect: the notes speak of another machine, or are wrong here.");
        }
    }
}
