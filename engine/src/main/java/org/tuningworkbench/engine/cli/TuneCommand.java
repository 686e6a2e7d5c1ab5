package org.tuningworkbench.engine.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.tuningworkbench.engine.build.BuildApproval;
import org.tuningworkbench.engine.configs.ConfigFormat;
import org.tuningworkbench.engine.configs.ConfigFormatException;
import org.tuningworkbench.engine.configs.ConfigList;
import org.tuningworkbench.engine.configs.ConfigNumbers;
import org.tuningworkbench.engine.configs.ImportedList;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.Candidates;
import org.tuningworkbench.engine.project.Lesson;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.project.Range;
import org.tuningworkbench.engine.project.SearchSettings;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.output.ResultFormat;
import org.tuningworkbench.engine.recorded.RecordedSpaces;
import org.tuningworkbench.engine.search.Order;
import org.tuningworkbench.engine.search.Strategies;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.tune.Confirmation;
import org.tuningworkbench.engine.tune.LessonRun;
import org.tuningworkbench.engine.recorded.PriorFiles;
import org.tuningworkbench.engine.recorded.RecordedSpaceException;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.engine.exec.Targets;
import org.tuningworkbench.engine.exec.Target;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code workbench tune PROJECT}: tunes a project headless and prints one line per config, the best, and a table. */
@Command(name = "tune", mixinStandardHelpOptions = true,
        description = "Tunes a project: every config is built, run in its own process, verified and recorded.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:at least one config succeeded",
            "1:no config succeeded",
            "2:bad input (command line, project file, markers, golden reference)",
            "3:the compiler is not installed",
            "4:records, cache or work folder cannot be read or written",
            "5:another run writes the same records, or measures on the device (--no-wait)",
            "70:internal error (a bug)",
            "129:stopped by SIGHUP; finished records are kept",
            "130:stopped by SIGINT (Ctrl+C); finished records are kept",
            "143:stopped by SIGTERM; finished records are kept"})
final class TuneCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PROJECT", description = "The project file (.toml), or the folder that holds it.")
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

    @Option(names = "--warmup-us", paramLabel = "US", description = "Warm-up time per config, in microseconds.")
    Double warmupUs;

    @Option(names = "--warmup", paramLabel = "CALLS", description = "Warm-up as a number of kernel calls per config (as the vendor counts it).")
    Integer warmupCalls;

    @Option(names = "--min-sample-ms", paramLabel = "MS", description = "Minimum duration of one sample.")
    Double minSampleMs;

    @Option(names = "--timeout-s", paramLabel = "S", description = "Time limit of one config's run.")
    Double timeoutS;

    @Option(names = "--jobs", paramLabel = "N", description = "Variants built at once (default: one per core).")
    Integer jobs;

    @Option(names = "--cache-dir", paramLabel = "DIR", description = "Where variants are built and kept (default: ~/.cache/tuning-workbench).")
    Path cacheDir;

    @Option(names = "--pipeline", paramLabel = "MODE", description = "How builds run around measurements: quiet (the default: no build while a measurement runs), parallel (faster, noisier) or sequential.")
    String pipeline;

    @Option(names = "--quiet", description = "Same as --pipeline quiet (the default).")
    boolean quiet;

    @Option(names = "--pin", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Pin the measured program to the last CPU this process may use (its affinity, as a cpuset or a Slurm allocation narrows it), "
                    + "and builds that run beside a measurement (--pipeline parallel) to the others: the default. --no-pin lets the system place each program.")
    boolean pin = true;

    @Option(names = "--target", paramLabel = "WHERE", description = "Where configs are built and measured: local, ssh://[user@]host[:port] or slurm[:PARTITION]; given several times, each measures other configs at once (default: the project's [target], else local).")
    List<String> targetNames = new ArrayList<>();

    @Option(names = "--ssh-config", paramLabel = "FILE", description = "The ssh configuration file an SSH target is reached with (default: ssh's own, ~/.ssh/config).")
    Path sshConfig;

    @Option(names = "--unsteady-retries", paramLabel = "N", description = "Measure a config again up to N times when the steadiness probe says the machine was unsteady (default: 1).")
    Integer unsteadyRetries;

    @Option(names = "--confirm-top", paramLabel = "K", description = "At the end, measure the K fastest configs again, interleaved in fresh processes, and say whether the ranking held "
            + "(default: " + SearchSettings.SPACE_CONFIRM_TOP + " after a search of a [space], 0 otherwise; 0: no confirmation).")
    Integer confirmTop;

    @Option(names = "--confirm-rounds", paramLabel = "N", description = "Rounds of the confirmation (default: " + Confirmation.ROUNDS + ").")
    int confirmRounds = Confirmation.ROUNDS;

    @Option(names = "--no-wait", description = "When another tuning run measures on the device, exit (code 5) instead of waiting for it.")
    boolean noWait;

    @Option(names = "--strategy", paramLabel = "NAME", description = "How the space is searched: grid (every config), random, evolutionary or model "
            + "(default: the project's [search] strategy, else model for a project with a [space], up to " + SearchSettings.SPACE_SEARCH_TRIALS + " trials, and grid for listed configs).")
    String strategy;

    @Option(names = "--prior", paramLabel = "FILE", description = "What other devices or sizes measured for the same parameters (a record file, Kernel Tuner cache or T4 file), for the evolutionary and model strategies to start from; repeatable, added to the project's [search] priors.")
    List<Path> priorFiles = new ArrayList<>();

    @Option(names = "--budget", paramLabel = "N", description = "Stop after N trials (those the record file holds for this search included); 0: no limit on the trials, the project's max_trials left aside.")
    Integer budget;

    @Option(names = "--more", paramLabel = "N", description = "Run N trials beyond those the record file holds: a resumed search goes on (a --budget given too is left aside).")
    Integer more;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of the strategy and of the shuffled order: the same seed and records give the same trials.")
    Long seed;

    @Option(names = "--order", paramLabel = "ORDER", description = "Order of the listed configs and of a grid's walk: shuffled (seeded; the default) or listed (as written; the default with --format vendor).")
    String order;

    @Option(names = "--time-limit-s", paramLabel = "S", description = "Start no trial after S seconds.")
    Double timeLimitS;

    @Option(names = "--format", paramLabel = "STYLE", description = "Output style: default, vendor (exactly as the vendor autotuner prints: No.0, μs, Python dicts, compare success.) or json (as --json).")
    String format = "default";

    @Option(names = "--configs", paramLabel = "FILE", description = "Tune the configs listed in FILE (the vendor list of maps as .py or .txt, JSON or CSV) instead of the project's.")
    Path configsFile;

    @Option(names = "--racing", paramLabel = "on|off", description = "Stop sampling a config once it is clearly slower than the best so far: its samples all slower than the best's (an outlier aside), or its median past the margin (default: the project's [measure] racing, on).")
    String racing;

    @Option(names = "--race-margin", paramLabel = "X", description = "How much slower than the best a config's median (or its verified call) must be to stop sampling it, whatever the spread of its samples (default: the project's race_margin, 1.3); a config whose samples are all slower than the best's stops sooner.")
    Double raceMargin;

    @Option(names = "--lesson", description = "Measure the project's [lesson]: exactly its steps' configs, afresh, racing off, at least "
            + LessonRun.SAMPLES + " samples a step, confirmed in interleaved rounds (as --confirm-top); then each step's median, spread and "
            + "standing against the step before and step 1.")
    boolean lesson;

    /** The project's lesson, when --lesson measures it. */
    private Lesson measuredLesson;

    /** The configs the project lists, which number the lesson's configs as they number them in the project. */
    private List<Config> listedConfigs = List.of();

    /** Where to measure: the {@code --target}s, else the project's {@code [target]}, else this machine. */
    private Targets targets(Project project) throws ProjectException {
        if (targetNames.isEmpty()) {
            Targets own = Targets.of(project);
            return sshConfig == null ? own : new Targets(own.where(), sshConfig);
        }
        return new Targets(targetNames.stream().map(Target::parse).toList(), sshConfig);
    }

    /** The list of {@code --configs FILE}, in the form its extension says, with the settings that came with it. */
    private ImportedList listedConfigs() throws IOException, ConfigFormatException {
        // A list of configs is text a person wrote: past 16 MiB it is not one, and is not read into memory.
        if (!Files.isRegularFile(configsFile)) throw new IOException("not a file");
        if (Files.size(configsFile) > 16L << 20) {
            throw new ConfigFormatException(configsFile + ": " + Files.size(configsFile)
                    + " bytes is too large for a list of configs (at most 16 MiB)");
        }
        String text = Files.readString(configsFile);
        var form = ConfigFormat.of(configsFile);
        try {
            return ConfigList.readList(text, form);
        } catch (ConfigFormatException e) {
            throw new ConfigFormatException(configsFile + ": " + e.getMessage());
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Project project;
        ResultFormat form;
        try {
            checkOptions();
            if (RecordedSpaces.hasSpaceName(projectFile) && Files.isRegularFile(projectFile)) {
                throw new IllegalArgumentException(projectFile + " is a recorded space: it has nothing to measure. Replay a search on it with `workbench replay "
                        + projectFile + " --strategy NAME --budget N --seeds K`, or open it in the window and press Run");
            }
            project = ProjectFile.load(projectFile, sizes);
            if (configsFile != null) {
                // The list's own warm-up and repeat apply; the command line's options still win.
                var list = listedConfigs();
                project = project.withCandidates(Candidates.listed(list.rows().stream().map(Config::fromRow).toList())).withMeasure(list.applyTo(project.measure()));
                if (!list.settings().isEmpty()) err.println(list.summary());
            }
            SearchSettings search = searchSettings(project.search());
            project = project.withMeasure(measureSettings(project.measure())).withSearch(project.candidates().space().isPresent() ? search.forSpace() : search);
            if (lesson) project = lessonProject(project);
            List<String> parameterOrder = project.candidates().parameters().stream().map(Parameter::name).toList();
            form = ResultFormat.printed(json ? "json" : format, parameterOrder);
            // --json takes the place of the style, which must still be one.
            ResultFormat.printed(format, parameterOrder);
        } catch (ProjectException e) {
            e.errors().forEach(error -> err.println("error: " + error));
            return ExitCode.BAD_INPUT;
        } catch (IllegalArgumentException | ConfigFormatException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        } catch (IOException e) {
            err.println("error: cannot read " + configsFile + ": " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        TuneOptions options = TuneOptions.defaults();
        if (cacheDir != null) options = options.toBuilder().cacheDir(cacheDir).build();
        if (jobs != null) options = options.toBuilder().buildThreads(jobs).build();
        if (fresh) options = options.toBuilder().resume(false).build();
        if (more != null) options = options.toBuilder().moreTrials(more).build();
        try {
            options = options.toBuilder().racing(racing(project.measure().racing())).build();
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        try {
            options = RunOptions.apply(options, pipeline, quiet, pin, unsteadyRetries);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        if (noWait) options = options.toBuilder().waitForDevice(false).build();
        var priorPaths = new ArrayList<>(project.search().priors());
        priorPaths.addAll(priorFiles);
        try {
            options = options.toBuilder().priors(PriorFiles.read(priorPaths)).build();
        } catch (RecordedSpaceException e) {
            err.println("error: prior " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        if (measuredLesson != null) options = LessonRun.options(options, project);
        Path recordPath = records != null ? records : project.recordFile();
        if (BuildApproval.needed(project)) {
            err.println("Build commands (the project's own, run from " + project.directory() + "): " + String.join("; ", BuildApproval.commands(project)));
        }
        Targets where;
        try {
            where = targets(project);
            if (sshConfig != null && !Files.isRegularFile(sshConfig)) throw new IllegalArgumentException("--ssh-config " + sshConfig + ": no such file");
        } catch (ProjectException e) {
            e.errors().forEach(error -> err.println("error: " + error));
            return ExitCode.BAD_INPUT;
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        // The lesson's steps are confirmed where they are measured; a search of a space ends with its best few confirmed.
        int confirmTop = this.confirmTop != null ? this.confirmTop : project.search().confirmTop(project, SearchSettings.SPACE_CONFIRM_TOP);
        if (measuredLesson != null && confirmTop == 0) confirmTop = LessonRun.configs(measuredLesson).size();
        var printer = new TunePrinter(form, new ConfigNumbers(measuredLesson != null ? listedConfigs : project.candidates().listed()), out, err);
        return new TuneRun(project, options, where, recordPath, confirmTop, confirmRounds, measuredLesson).run(printer, err);
    }

    private MeasureSettings measureSettings(MeasureSettings m) {
        if (repeat != null) m = m.withRepeat(repeat);
        long warmups = Stream.of(warmupMs, warmupUs, warmupCalls).filter(Objects::nonNull).count();
        if (warmups > 1) throw new IllegalArgumentException("give the warm-up once: --warmup CALLS, --warmup-us US or --warmup-ms MS");
        if (warmupMs != null) m = m.withWarmupMs(warmupMs);
        if (warmupUs != null) m = m.withWarmupMs(warmupUs / 1000);
        if (warmupCalls != null) m = m.withWarmupCalls(warmupCalls);
        if (minSampleMs != null) m = m.withMinSampleMs(minSampleMs);
        if (timeoutS != null) m = m.withRunTimeout(Duration.ofMillis(Math.round(timeoutS * 1000)));
        return m;
    }

    /** The project as --lesson measures it; refuses options that choose other configs or race. */
    private Project lessonProject(Project project) throws ProjectException {
        if (configsFile != null || strategy != null || budget != null || more != null || "on".equals(racing)) {
            throw new IllegalArgumentException("--lesson measures the lesson's steps, racing off: leave out --configs, --strategy, --budget, --more and --racing on");
        }
        var read = ProjectFile.lesson(project);
        if (read.isEmpty() || read.get().steps().isEmpty()) {
            throw new IllegalArgumentException(projectFile + " has no [lesson] to measure: add a [[lesson.step]] naming a config for each step (docs/lessons.md)");
        }
        measuredLesson = read.get();
        listedConfigs = project.candidates().listed();
        return LessonRun.project(project, measuredLesson);
    }

    /** What --racing and --race-margin say on top of the project's racing; null when they say nothing (the project's holds). */
    private Racing racing(Racing base) {
        if (racing == null && raceMargin == null) return null;
        boolean on = base.enabled();
        if (racing != null) {
            if (!racing.equals("on") && !racing.equals("off")) throw new IllegalArgumentException("--racing takes on or off, not `" + racing + "`");
            on = racing.equals("on");
        }
        return new Racing(on, raceMargin != null ? raceMargin : base.margin(), base.minSamples());
    }

    /**
     * The options that need no project, each within its documented range ({@link Range}), and a
     * --cache-dir that is not a folder: refused before anything runs.
     */
    private void checkOptions() {
        Range.BUDGET.check("--budget", budget);
        Range.MORE.check("--more", more);
        Range.JOBS.check("--jobs", jobs);
        Range.CONFIRM_ROUNDS.check("--confirm-rounds", confirmRounds);
        Range.CONFIRM_TOP.check("--confirm-top", confirmTop);
        Range.TIME_LIMIT_S.check("--time-limit-s", timeLimitS);
        Range.REPEAT.check("--repeat", repeat);
        Range.WARMUP_MS.check("--warmup-ms", warmupMs);
        Range.WARMUP_US.check("--warmup-us", warmupUs);
        Range.WARMUP_CALLS.check("--warmup", warmupCalls);
        Range.MIN_SAMPLE_MS.check("--min-sample-ms", minSampleMs);
        Range.RUN_TIMEOUT_S.check("--timeout-s", timeoutS);
        Range.UNSTEADY_RETRIES.check("--unsteady-retries", unsteadyRetries);
        Range.RACE_MARGIN.check("--race-margin", raceMargin);
        String notAFolder = cacheDir == null ? null : CacheCommand.notAFolder(cacheDir, true);
        if (notAFolder != null) throw new IllegalArgumentException(notAFolder);
    }

    private SearchSettings searchSettings(SearchSettings s) {
        if (strategy != null) {
            if (!Strategies.NAMES.contains(strategy)) {
                throw new IllegalArgumentException("unknown strategy `" + strategy + "`; use one of "
                        + String.join(", ", Strategies.NAMES));
            }
            s = s.withStrategy(strategy);
        }
        if (seed != null) s = s.withSeed(seed);
        // The vendor's numbers are the configs' places in their list: it measures them as listed.
        if (order == null && format.equals("vendor")) s = s.withOrder(Order.LISTED);
        if (order != null) {
            try {
                s = s.withOrder(Order.of(order));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--order: " + e.getMessage(), e);
            }
        }
        if (budget != null) s = s.withBudget(budget == 0 ? s.budget().withoutMaxTrials() : s.budget().withMaxTrials(budget));
        if (timeLimitS != null) s = s.withBudget(s.budget().withTimeLimit(Duration.ofMillis(Math.max(1, Math.round(timeLimitS * 1000)))));
        return s;
    }
}
