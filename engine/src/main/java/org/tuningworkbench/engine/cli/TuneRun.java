package org.tuningworkbench.engine.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.tuningworkbench.engine.exec.Targets;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.exec.TuningException;
import org.tuningworkbench.engine.project.Lesson;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.RecordFileException;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Confirmation;
import org.tuningworkbench.engine.tune.Ranking;
import org.tuningworkbench.engine.tune.Tuner;

/**
 * The running part of {@code tune}, once its options are read: the tuning where the targets say, then
 * the confirmation of the top configs, each stopped by the first signal; what it prints goes through
 * the {@link TunePrinter}; the exit code says how it ended.
 *
 * @param confirmTop how many of the fastest configs to measure again (0: none)
 * @param lesson     the lesson measured, or null
 */
record TuneRun(Project project, TuneOptions options, Targets where, Path recordFile, int confirmTop, int confirmRounds, Lesson lesson) {

    int run(TunePrinter printer, PrintWriter err) {
        Tuner tuner = new Tuner(project, options, where.executor(project, options));
        // Made before the signals are handled, so the first signal stops whichever phase runs: the tuning or the confirmation.
        // It measures where the run did: on this machine, or on the run's targets.
        Confirmation confirmation = new Confirmation(project, options, where::executor);
        Signals signals = Signals.install(() -> {
            tuner.stop();
            confirmation.stop();
        });
        try (signals; RecordFile file = RecordFile.open(recordFile)) {
            file.skippedLines().forEach(line -> err.println("warning: skipped " + line));
            List<TuningRecord> results = tuner.run(file, printer::print);
            printer.results(project, results, recordFile);
            if (confirmTop > 0 && signals.received().isEmpty()) {
                // Recorded as it is announced: show, best, apply-best, the report and the window rank the records as this run did.
                var confirmed = confirmation.run(results, confirmTop, confirmRounds, printer::label, Confirmation.Progress.NONE, file);
                results = confirmed.over(results);
                printer.confirmation(confirmed, results, project.search().objective());
            }
            if (lesson != null) printer.lesson(lesson, results, project.measure().repeat());
            if (signals.received().isPresent()) return 128 + signals.received().getAsInt();
            return Ranking.of(results, project.search().objective()).best().isPresent() ? ExitCode.OK : ExitCode.NO_SUCCESS;
        } catch (TuningException e) {
            err.println((signals.received().isPresent() ? "" : "error: ") + e.getMessage());
            if (signals.received().isPresent()) return 128 + signals.received().getAsInt();
            return ExitCode.of(e.kind());
        } catch (RecordFileException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.of(e);
        } catch (IOException e) {
            err.println("error: cannot use the record file " + recordFile + ": " + e.getMessage());
            return ExitCode.IO_ERROR;
        }
    }
}
