package org.tuningworkbench.engine.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.analysis.LessonFigures;
import org.tuningworkbench.engine.configs.ConfigNumbers;
import org.tuningworkbench.engine.format.Configs;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.output.ResultFormat;
import org.tuningworkbench.engine.output.TableFormat;
import org.tuningworkbench.engine.output.Results;
import org.tuningworkbench.engine.project.Lesson;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Confirmation;
import org.tuningworkbench.engine.tune.TuningEvent;

/**
 * What {@code tune} prints as its run goes: each record in the form chosen once ({@link ResultFormat}),
 * the progress line and what the run says on the errors' output, then the results and the closing
 * reports (the confirmation, the lesson). Those reports follow the text form on the standard output;
 * with a form another program parses (JSON lines, the vendor's), they go to the errors' output.
 */
final class TunePrinter {

    private final ResultFormat form;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Progress progress;
    private final ConfigNumbers configNumbers;
    /** Each record's number in this run, as printed ({@code No.3}): its config's ({@link ConfigNumbers}). */
    private final Map<TuningRecord, Integer> numbers = new IdentityHashMap<>();
    /** The project's baseline record, once measured. */
    private TuningRecord baseline;

    TunePrinter(ResultFormat form, ConfigNumbers configNumbers, PrintWriter out, PrintWriter err) {
        this.form = form;
        this.configNumbers = configNumbers;
        this.out = out;
        this.err = err;
        this.progress = new Progress(TerminalWriter.raw(err), System.console() != null);
    }

    /** Prints {@code event}, in the run's order. */
    void print(TuningEvent event) {
        switch (event) {
            case TuningEvent.Started s -> {
                form.started(s, out);
                progress.start(s.planned(), s.alreadyRecorded());
            }
            case TuningEvent.Measuring m -> progress.measuring(m.trial().number());
            case TuningEvent.Finished f -> {
                int number = configNumbers.of(f.record().configValues());
                numbers.put(f.record(), number);
                progress.clear();
                form.measured(f.record(), number, f.resumed(), out);
                out.flush();
                progress.finished();
            }
            case TuningEvent.BaselineMeasured b -> {
                baseline = b.record();
                progress.clear();
                form.baseline(b.record(), b.resumed(), out);
                out.flush();
            }
            case TuningEvent.BaselineSkipped b -> say("Baseline skipped (" + b.label() + "): " + b.reason());
            case TuningEvent.Completed c -> progress.clear();
            case TuningEvent.Notice n -> say(n.message());
            case TuningEvent.Waiting w -> say(w.message());
            case TuningEvent.Built b -> { }
            case TuningEvent.Proposed p -> { }
            // The confirmation is printed whole once it is done (confirmation()).
            case TuningEvent.Confirming c -> { }
            case TuningEvent.Confirmed c -> { }
        }
    }

    private void say(String line) {
        progress.clear();
        err.println(line);
        err.flush();
    }

    /** The run's results in the chosen form, once it is over. */
    void results(Project project, List<TuningRecord> results, Path recordFile) {
        if (results.isEmpty()) return;
        String sizes = project.inputs().sizes().isEmpty() ? "" : " (" + Configs.pairs(project.inputs().sizes()) + ")";
        try {
            form.results(new Results("AUTOTUNE " + project.name() + sizes + " on " + results.getFirst().device(), results, baseline, numbers,
                    project.search().objective(), recordFile), out);
        } catch (IOException e) {
            // The forms a run prints write no file of their own.
            throw new UncheckedIOException(e);
        }
        out.flush();
    }

    /** The confirmation of the top configs, and the best of {@code results} (the run's records, confirmed) by {@code objective}. */
    void confirmation(Confirmation.Result result, List<TuningRecord> results, Objective objective) {
        ConfirmationReport.print(result, reports());
        // The configs measured again are named as the run named them.
        var measuredAgain = new IdentityHashMap<TuningRecord, String>();
        result.entries().forEach(e -> measuredAgain.put(e.record(), e.label()));
        if (!result.entries().isEmpty()) reports().println(TableFormat.best(results, objective, r -> measuredAgain.getOrDefault(r, label(r))));
        reports().flush();
    }

    /** Each step of the measured lesson against the one before and the first. */
    void lesson(Lesson lesson, List<TuningRecord> results, int samples) {
        if (results.isEmpty()) return;
        var byConfig = new HashMap<Config, TuningRecord>();
        results.forEach(r -> byConfig.put(r.configValues(), r));
        LessonReport.print(LessonFigures.of(lesson, byConfig::get), "racing off, " + samples + " samples a step", reports());
        reports().flush();
    }

    /** {@code No.3}, {@code No.3 tiled}, as the lines and the table name a record of this run. */
    String label(TuningRecord r) {
        return Results.label(numbers.get(r), r);
    }

    private PrintWriter reports() {
        return form.sharesOutput() ? out : err;
    }
}
