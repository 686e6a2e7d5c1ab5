package org.tuningworkbench.app.shell;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.value.ObservableValue;
import org.tuningworkbench.app.analysis.ResultsViewModel;
import org.tuningworkbench.app.project.OpenedProject;
import org.tuningworkbench.app.run.RunViewModel;
import org.tuningworkbench.app.task.BackgroundTask;
import org.tuningworkbench.app.task.TaskExecutor;
import org.tuningworkbench.engine.SafeWrite;
import org.tuningworkbench.engine.analysis.Ceilings;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.machine.CeilingsCache;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.report.ReportSource;
import org.tuningworkbench.engine.report.ReportSource.KnownCeilings;
import org.tuningworkbench.engine.report.TuningReport;
import org.tuningworkbench.engine.run.Device;

/**
 * File → Export Report: the report of the results the window shows (the open project's, or the opened
 * recorded space's), written as one HTML file off the JavaFX thread, with the machine's ceilings only
 * as they were measured before (the window never measures them, which would disturb a run).
 */
public final class ReportExport {

    private final ObservableValue<OpenedProject> project;
    private final ResultsViewModel results;
    private final RunViewModel run;
    private final TaskExecutor executor;
    private final Dialogs dialogs;
    private final TuneOptions options;
    /** The ceilings known for each machine class, read from the cache once per opened project. */
    private final Map<String, Optional<Ceilings>> ceilings = new HashMap<>();

    ReportExport(ObservableValue<OpenedProject> project, ResultsViewModel results, RunViewModel run, TaskExecutor executor, Dialogs dialogs,
                 TuneOptions options) {
        this.project = project;
        this.results = results;
        this.run = run;
        this.executor = executor;
        this.dialogs = dialogs;
        this.options = options;
    }

    /** File → Export Records: the records shown, as a Kernel Tuner cache or T4 results. */
    public RecordsExport recordsExport() {
        return new RecordsExport(project::getValue, results::records, dialogs, executor, run::say);
    }

    /** A project opened: the ceilings are read from the cache again when next asked for (they may have been measured meanwhile). */
    void forgetCeilings() {
        ceilings.clear();
    }

    /**
     * This machine's compute peak and memory bandwidth for the roofline, when they were measured (by
     * {@code ./workbench report}); read once per opened project, never measured here, where it would
     * disturb a run.
     */
    public Optional<Ceilings> knownCeilings() {
        return knownCeilings(Device.localCpu().identity());
    }

    private Optional<Ceilings> knownCeilings(String machine) {
        if (machine == null) return Optional.empty();
        return ceilings.computeIfAbsent(machine, m -> CeilingsCache.in(options.cacheDir()).known(m));
    }

    /**
     * Asks where, then writes the report of the results shown (the open project's, or the opened
     * recorded space's) as one HTML file, off the JavaFX thread; the status bar and a note say where
     * it went, a dialog why it could not be written.
     */
    public void exportReport() {
        OpenedProject opened = project.getValue();
        if (opened == null) {
            dialogs.showProblem("No project open", List.of("Open a project or a recorded space first: the report shows its results."));
            return;
        }
        if (results.all().isEmpty()) {
            dialogs.showProblem("No results to report", List.of("Run the configs first (Ctrl+R): the report shows what was measured."));
            return;
        }
        Path folder = opened.recorded().isPresent() ? opened.projectFile().toAbsolutePath().getParent() : opened.project().directory();
        dialogs.saveFile("Export report", opened.project().name() + "-report.html", folder).ifPresent(this::exportReportTo);
    }

    /** Writes the report of the results shown to {@code file}, off the JavaFX thread. */
    public void exportReportTo(Path file) {
        OpenedProject opened = project.getValue();
        if (opened == null || results.all().isEmpty()) return;
        var report = reportOf(opened, results.records(), Optional.ofNullable(run.baselineProperty().get()));
        // The project's own files are never replaced by a report named like one of them.
        executor.execute(BackgroundTask.of(() -> ReportSource.write(report.get(), file, SafeWrite.sparing(opened.inputs()))).onSuccess(written -> {
            run.say("Report of " + Counts.of(results.all().size(), "config") + " written to " + written);
            dialogs.notify("Report written", written.toString());
        }).onFailure(e -> dialogs.showProblem("Cannot write the report", List.of(file + ": "
                + (e instanceof IOException ? e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage() : String.valueOf(e))))));
    }

    /** The report, built when it is written (its analyses are pure): the window's records, and ceilings only as known. */
    private Supplier<TuningReport> reportOf(OpenedProject opened, List<TuningRecord> records, Optional<TuningRecord> baseline) {
        boolean space = opened.recorded().isPresent();
        var source = new ReportSource(space ? Optional.empty() : Optional.of(opened.project()), opened.recorded(), opened.project().name(),
                records, baseline, opened.projectFile().toString());
        // Looked up here, on the window's thread, which keeps the ceilings read for each machine; the report is built off it.
        String device = records.getLast().device();
        KnownCeilings known = knownCeilings(device).map(c -> KnownCeilings.measuredBefore(c, CeilingsCache.in(options.cacheDir())))
                .orElseGet(() -> new KnownCeilings(Optional.empty(), "not measured for " + device
                        + " yet: ./workbench report measures them once (a few seconds); the window only reads them"));
        return () -> source.report(machine -> known);
    }
}
