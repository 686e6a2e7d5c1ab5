package org.tuningworkbench.engine.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Ranking;
import org.tuningworkbench.engine.tune.TuneOptions;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.engine.tune.TuningEvent;
import org.tuningworkbench.engine.tune.TuningException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code workbench tune PROJECT}: tunes a project headless and prints one line per config, the best, and a table. */
@Command(name = "tune", mixinStandardHelpOptions = true,
        description = "Tunes a project: every config is built, run in its own process, verified and recorded.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:at least one config succeeded",
            "1:no config succeeded",
            "2:bad input (command line, project file, markers, golden reference)",
            "3:the compiler is not installed",
            "4:records or work folder cannot be written",
            "130:interrupted; finished records are kept"})
final class TuneCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PROJECT", description = "The project file (.toml).")
    Path projectFile;

    @Option(names = "--records", paramLabel = "FILE",
            description = "Record file (JSON Lines) to append to; configs it already holds are not measured again. Default: records.jsonl beside the project.")
    Path records;

    @Option(names = "--fresh", description = "Measure every config again, even those the record file holds.")
    boolean fresh;

    @Option(names = "--json", description = "Print each record as a JSON line on stdout instead of text.")
    boolean json;

    @Option(names = "--set", paramLabel = "SIZE=N", description = "Override a size of [sizes], e.g. --set m=64.")
    Map<String, Long> sizes = new LinkedHashMap<>();

    @Option(names = "--repeat", paramLabel = "N", description = "Samples per config.")
    Integer repeat;

    @Option(names = "--warmup-ms", paramLabel = "MS", description = "Warm-up time per config.")
    Double warmupMs;

    @Option(names = "--min-sample-ms", paramLabel = "MS", description = "Minimum duration of one sample.")
    Double minSampleMs;

    @Option(names = "--timeout-s", paramLabel = "S", description = "Time limit of one config's run.")
    Double timeoutS;

    @Option(names = "--jobs", paramLabel = "N", description = "Variants built at once (default: one per core).")
    Integer jobs;

    @Option(names = "--cache-dir", paramLabel = "DIR", description = "Where variants are built and kept (default: ~/.cache/tuning-workbench).")
    Path cacheDir;

    @Option(names = "--pipeline", paramLabel = "MODE", description = "How builds run around measurements: parallel (default), sequential or quiet.")
    String pipeline;

    @Option(names = "--quiet", description = "No build runs while a measurement is in progress (same as --pipeline quiet).")
    boolean quiet;

    @Option(names = "--pin", description = "Pin the measured program to the last CPU and the builds to the others.")
    boolean pin;

    @Option(names = "--unsteady-retries", paramLabel = "N", description = "Measure a config again up to N times when the steadiness probe says the machine was unsteady (default: 1).")
    Integer unsteadyRetries;

    @Option(names = "--confirm-top", paramLabel = "K", description = "At the end, measure the K fastest configs again, interleaved in fresh processes, and say whether the ranking held.")
    int confirmTop;

    @Option(names = "--confirm-rounds", paramLabel = "N", description = "Rounds of the confirmation (default: 3).")
    int confirmRounds = 3;

    /** The project's baseline record, once measured. */
    private TuningRecord baseline;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Project project;
        try {
            project = ProjectFile.load(projectFile, sizes);
            project = project.withMeasure(measureSettings(project.measure()));
        } catch (ProjectException e) {
            e.errors().forEach(error -> err.println("error: " + error));
            return ExitCode.BAD_INPUT;
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        TuneOptions options = TuneOptions.defaults();
        if (cacheDir != null) options = options.withCacheDir(cacheDir);
        if (jobs != null) options = options.withBuildThreads(Math.max(1, jobs));
        if (fresh) options = options.withResume(false);
        try {
            options = RunOptions.apply(options, pipeline, quiet, pin, unsteadyRetries);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        Path recordPath = records != null ? records : project.directory().resolve("records.jsonl");
        Tuner tuner = new Tuner(project, options);
        Thread hook = new Thread(tuner::stop);
        Runtime.getRuntime().addShutdownHook(hook);
        try (RecordFile file = RecordFile.open(recordPath)) {
            file.skippedLines().forEach(line -> err.println("warning: skipped " + line));
            var progress = new Progress(err, System.console() != null);
            List<TuningRecord> results = tuner.run(file,
                    event -> report(event, out, progress));
            Runtime.getRuntime().removeShutdownHook(hook);
            if (results.isEmpty()) return ExitCode.INTERRUPTED;
            Ranking ranking = Ranking.of(results);
            if (!json) {
                out.println(ranking.best().map(b -> "Best config: No." + b.configNumber()).orElse("Best config: none (no config succeeded)"));
                out.println();
                ResultTable.print("AUTOTUNE " + project.name() + sizesText(project) + " on " + results.getFirst().device(), results, baseline, out);
                out.println("Records: " + recordPath);
            }
            if (confirmTop > 0) {
                var confirmation = new org.tuningworkbench.engine.tune.Confirmation(project, options)
                        .run(results, confirmTop, Math.max(1, confirmRounds), line -> { });
                ConfirmationReport.print(confirmation, out);
            }
            out.flush();
            if (results.size() < Math.max(1, project.configs().size())) return ExitCode.INTERRUPTED;
            return ranking.best().isPresent() ? ExitCode.OK : ExitCode.NO_SUCCESS;
        } catch (TuningException e) {
            err.println("error: " + e.getMessage());
            return switch (e.kind()) {
                case INPUT -> ExitCode.BAD_INPUT;
                case TOOLCHAIN -> ExitCode.MISSING_TOOLCHAIN;
                case IO -> ExitCode.IO_ERROR;
            };
        } catch (IOException e) {
            err.println("error: cannot use the record file " + recordPath + ": " + e.getMessage());
            return ExitCode.IO_ERROR;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Already shutting down: the hook is stopping the tuner.
            }
        }
    }

    private MeasureSettings measureSettings(MeasureSettings m) {
        if (repeat != null) m = m.withRepeat(repeat);
        if (warmupMs != null) m = m.withWarmupMs(warmupMs);
        if (minSampleMs != null) m = m.withMinSampleMs(minSampleMs);
        if (timeoutS != null) m = m.withRunTimeout(Duration.ofMillis(Math.round(timeoutS * 1000)));
        return m;
    }

    private void report(TuningEvent event, PrintWriter out, Progress progress) {
        switch (event) {
            case TuningEvent.Started s -> progress.start(s.total(), s.alreadyRecorded());
            case TuningEvent.Measuring m -> progress.measuring(m.config().number());
            case TuningEvent.Finished f -> {
                progress.clear();
                if (json) {
                    printJson(out, f.record());
                } else {
                    out.println(resultLine(f.record()) + (f.resumed() ? " (recorded earlier)" : ""));
                }
                out.flush();
                progress.finished();
            }
            case TuningEvent.BaselineMeasured b -> {
                baseline = b.record();
                progress.clear();
                if (json) {
                    printJson(out, b.record());
                } else {
                    String what = b.record().ok() ? Durations.micros(b.record().medianUs()) : b.record().status().label() + " (" + b.record().error() + ")";
                    out.println("Baseline: " + what + ", " + b.record().baseline() + (b.resumed() ? " (recorded earlier)" : ""));
                }
                out.flush();
            }
            case TuningEvent.Completed c -> progress.clear();
            case TuningEvent.Built b -> { }
        }
    }

    private static void printJson(PrintWriter out, TuningRecord record) {
        try {
            out.println(RecordFile.JSON.writeValueAsString(record));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** {@code No.2: 16.986μs, {L1TileShape=GemmShape<64, 128, 128>}}, or the status for a failed config. */
    static String resultLine(TuningRecord r) {
        String what = r.ok() ? Durations.micros(r.medianUs()) : r.status().label() + " (" + r.error() + ")";
        return "No." + r.configNumber() + ": " + what + ", " + configText(r.config());
    }

    static String configText(Map<String, String> config) {
        return config.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ", "{", "}"));
    }

    private static String sizesText(Project project) {
        if (project.sizes().isEmpty()) return "";
        return project.sizes().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ", " (", ")"));
    }
}
