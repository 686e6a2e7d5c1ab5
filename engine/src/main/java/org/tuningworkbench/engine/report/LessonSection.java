package org.tuningworkbench.engine.report;

import static org.tuningworkbench.engine.report.Svg.escape;

import java.util.Locale;
import org.tuningworkbench.engine.analysis.LessonFigures;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.format.Numbers;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.stats.Comparison;

/** The report's lesson: each step's median, spread and samples, its standing against the step before and step 1, and its note's expectation. */
final class LessonSection {

    private LessonSection() {}

    static String html(LessonFigures figures) {
        var html = new StringBuilder("<p>").append(escape(figures.title())).append(": each step against the step before and against step 1, by the test "
                + "every claim of this report uses (a Mann-Whitney U test and the medians' 95% interval; a step with fewer than "
                + Comparison.MIN_SAMPLES + " samples is not compared). Measure Lesson (or <code>tune --lesson</code>) measures the steps "
                + "with racing off and enough samples.</p>\n");
        html.append("<table class=\"results lesson\"><thead><tr><th>step</th><th>config</th><th>median</th><th>CV</th><th>samples</th>"
                + "<th>GFLOP/s</th><th>against the step before</th><th>against step 1</th><th>the note expects</th></tr></thead><tbody>\n");
        for (LessonFigures.StepFigures step : figures.steps()) {
            TuningRecord r = step.record();
            boolean measured = r != null && r.ok() && r.medianUs() != null;
            boolean contradicted = step.expectation() == LessonFigures.Expectation.CONTRADICTED;
            html.append("<tr").append(contradicted ? " class=\"contradicted\"" : "").append(">");
            String number = (step.index() + 1) + ".";
            // Titles often carry their number already ("1. Direct loops").
            cell(html, step.step().title().startsWith(number) ? step.step().title() : number + " " + step.step().title());
            cell(html, "No." + step.step().number() + (step.step().config().name() == null ? "" : " " + step.step().config().name()));
            cell(html, measured ? Durations.micros(r.medianUs()) + (step.samples() == 0 ? " (verified call)" : "") : r == null ? "not measured" : r.status().label());
            cell(html, measured && r.cv() != null ? Numbers.percent(r.cv()) : "");
            cell(html, measured ? Integer.toString(step.samples()) : "");
            cell(html, measured && r.gflops() != null ? Numbers.rate(r.gflops()) : "");
            cell(html, step.againstPreviousText());
            cell(html, step.againstFirstText());
            cell(html, expectation(step));
            html.append("</tr>\n");
        }
        html.append("</tbody></table>\n");
        int contradicted = figures.contradicted().size();
        if (contradicted > 0) {
            html.append("<p class=\"warning\">").append(contradicted == 1 ? "One step" : contradicted + " steps")
                    .append(" measured the other way from what the note expects: the note speaks of another machine, or is wrong here.</p>\n");
        }
        return html.toString();
    }

    private static String expectation(LessonFigures.StepFigures step) {
        return switch (step.expectation()) {
            case NONE -> "";
            case MET -> step.step().expect().word() + ": as measured";
            case UNDECIDED -> step.step().expect().word() + ": not told apart here";
            case CONTRADICTED -> step.step().expect().word() + ": measured the other way";
        };
    }

    private static void cell(StringBuilder html, String text) {
        html.append("<td>").append(escape(text)).append("</td>");
    }
}
