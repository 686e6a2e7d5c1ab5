package org.tuningworkbench.engine.tune;

import org.tuningworkbench.engine.WorkFolders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.bridge.NpyArray;
import org.tuningworkbench.engine.Fingerprint;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.build.Builder;
import org.tuningworkbench.engine.build.Diagnostic;
import org.tuningworkbench.engine.build.Toolchain;
import org.tuningworkbench.engine.build.ToolchainException;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.InvalidConfigException;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.marker.Variant;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.Baseline;
import org.tuningworkbench.engine.project.BuildSettings;
import org.tuningworkbench.engine.project.Golden;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.RecordKey;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.run.Affinity;
import org.tuningworkbench.engine.run.Device;
import org.tuningworkbench.engine.run.DeviceRunner;
import org.tuningworkbench.engine.run.RunOutcome;
import org.tuningworkbench.engine.stats.Statistics;
import org.tuningworkbench.engine.stats.SteadinessProbe;
import org.tuningworkbench.engine.verify.Verification;
import org.tuningworkbench.engine.verify.Verifier;

/**
 * Tunes one project: marked source → variants → builds → runs → verification → records → events.
 *
 * <p>Variants build in parallel while the device measures; the device runs one program at a time,
 * in config order. Every config ends with one record, appended to the record file before the next
 * config is measured; a fault in one config (invalid, not compiling, crashing, hanging, wrong)
 * becomes its status and never stops the others. Configs already in the record file for the same
 * source, setup, toolchain and device are not measured again.
 *
 * <p>The {@link Pipeline} decides what builds do while the device measures; with {@code pin} the
 * measured program has a core to itself. A native steadiness probe runs right before and after
 * every measurement; a config measured while the machine was unsteady is measured again (up to
 * {@code unsteadyRetries} times) and flagged if it still was.
 */
public final class Tuner {

    private final Project project;
    private final TuneOptions options;
    private final Device device = Device.localCpu();
    private final DeviceRunner runner = new DeviceRunner();
    private final ChildProcess deviceProcess = new ChildProcess();
    private final Set<ChildProcess> buildProcesses = ConcurrentHashMap.newKeySet();
    private final Affinity affinity;
    private final SteadinessProbe probe = new SteadinessProbe();
    /** In quiet mode builds hold the read side while they compile; a measurement takes the write side. */
    private final ReentrantReadWriteLock quiet = new ReentrantReadWriteLock(true);
    private volatile boolean stopped;
    private volatile ExecutorService builds;

    public Tuner(Project project, TuneOptions options) {
        this.project = project;
        this.options = options;
        this.affinity = options.pin() ? Affinity.pinned(Runtime.getRuntime().availableProcessors()) : Affinity.NONE;
    }

    /** Stops the run from any thread: the running program and builds are killed, finished records stay. */
    public void stop() {
        stopped = true;
        deviceProcess.cancel();
        buildProcesses.forEach(ChildProcess::cancel);
        ExecutorService pool = builds;
        if (pool != null) pool.shutdownNow();
    }

    /** Runs every config of the project, reporting to {@code events}; returns the records in config order. */
    public List<TuningRecord> run(RecordFile records, Consumer<TuningEvent> events) throws TuningException {
        String kernelText = readKernel();
        TunableSource source = TunableSource.parse(project.kernel(), kernelText);
        if (!source.errors().isEmpty()) {
            throw new TuningException(TuningException.Kind.INPUT, source.errors().stream().map(Object::toString).collect(Collectors.joining("\n")));
        }
        Toolchain toolchain;
        try {
            toolchain = Toolchain.of(project.build().command());
        } catch (ToolchainException e) {
            throw new TuningException(TuningException.Kind.TOOLCHAIN, e.getMessage());
        }
        var identity = new Identity(Fingerprint.of(kernelText), setupHash(), toolchain.version(), device.identity());
        Builder builder = new Builder(options.cacheDir().resolve("builds"), project.build(), toolchain, project.directory(), affinity.buildPrefix());
        Path runDir = options.newRunDir("run-");
        List<Config> configs = project.configs().isEmpty() ? List.of(new Config(1, Map.of())) : project.configs();
        java.util.function.Function<Config, java.util.Optional<TuningRecord>> earlierRecord =
                c -> options.resume() ? records.find(identity.key(c)) : java.util.Optional.empty();
        int resumable = (int) configs.stream().filter(c -> earlierRecord.apply(c).isPresent()).count();
        events.accept(new TuningEvent.Started(configs.size(), resumable, toolchain.version(), device.identity()));
        var results = new ArrayList<TuningRecord>();
        builds = Executors.newFixedThreadPool(options.buildThreads(), Thread.ofPlatform().daemon().name("build-", 0).factory());
        try {
            Verifier verifier = new Verifier(golden(builder, runDir), project.tolerance());
            String kernelFile = project.kernel().getFileName().toString();
            var pending = new LinkedHashMap<Config, Future<BuildResult>>();
            var invalid = new HashMap<Config, String>();
            for (Config config : configs) {
                if (earlierRecord.apply(config).isPresent()) continue;
                try {
                    Variant variant = source.substitute(config);
                    pending.put(config, options.pipeline() == Pipeline.SEQUENTIAL
                            ? new FutureTask<>(() -> build(builder, kernelFile, variant.text(), project.entry()))
                            : builds.submit(() -> build(builder, kernelFile, variant.text(), project.entry())));
                } catch (InvalidConfigException e) {
                    invalid.put(config, e.getMessage());
                }
            }
            if (project.baseline().isPresent()) measureBaseline(project.baseline().get(), toolchain, identity, records, verifier, runDir, events);
            for (Config config : configs) {
                if (stopped) break;
                var earlier = earlierRecord.apply(config);
                if (earlier.isPresent()) {
                    results.add(earlier.get());
                    events.accept(new TuningEvent.Finished(config, earlier.get(), true, ""));
                    continue;
                }
                Measured measured = invalid.containsKey(config)
                        ? new Measured(identity.failed(config, Status.INVALID_CONFIG, invalid.get(config)), "")
                        : measure(config, pending.get(config), verifier, runDir, identity, events);
                if (measured == null) break;
                records.append(measured.record);
                results.add(measured.record);
                events.accept(new TuningEvent.Finished(config, measured.record, false, measured.log));
            }
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.IO, "cannot write the records or the work folder: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopped = true;
        } finally {
            builds.shutdownNow();
            WorkFolders.deleteQuietly(runDir);
        }
        boolean incomplete = stopped && results.size() < configs.size();
        events.accept(new TuningEvent.Completed(List.copyOf(results), incomplete));
        return results;
    }

    private record Measured(TuningRecord record, String log) {}

    /** Builds and measures one config; null when the run was stopped before it finished. */
    private Measured measure(Config config, Future<BuildResult> build, Verifier verifier, Path runDir, Identity identity,
                             Consumer<TuningEvent> events) throws IOException, InterruptedException {
        BuildResult result;
        try {
            if (build instanceof FutureTask<BuildResult> sequential && !sequential.isDone()) sequential.run();
            result = build.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            result = new BuildResult.Failed("the build could not start: " + cause.getMessage(), java.time.Duration.ZERO, "", List.of());
        } catch (java.util.concurrent.CancellationException e) {
            return null;
        }
        if (stopped) return null;
        events.accept(new TuningEvent.Built(config, result));
        String buildLog = result.log();
        if (result instanceof BuildResult.Failed failed) {
            if (failed.reason().equals("cancelled")) return null;
            String firstError = result.diagnostics().stream().filter(d -> d.severity() == Diagnostic.Severity.ERROR).findFirst()
                    .map(d -> d.describe(project.kernel().getFileName().toString()))
                    .orElseGet(() -> Diagnostic.firstLinkerError(buildLog).map(e -> "link error: " + e).orElse(failed.reason()));
            return new Measured(identity.record(config, Status.COMPILE_ERROR, firstError, null, null, result, null, null, buildLog), buildLog);
        }
        var built = (BuildResult.Built) result;
        events.accept(new TuningEvent.Measuring(config));
        Path outputDir = runDir.resolve("config-" + config.number());
        RunOutcome outcome = runOnDevice(built.program(), outputDir);
        Steadiness steadiness = Steadiness.NOT_PROBED;
        if (outcome instanceof RunOutcome.Measured first && first.timing().probed()) {
            var verdict = probe.judge(first.timing().probeBeforeGflops(), first.timing().probeAfterGflops(), first.timing().cpuShare());
            int again = 0;
            while (verdict.unsteady() && again < options.unsteadyRetries() && !stopped) {
                Path retryDir = runDir.resolve("config-" + config.number() + "-again-" + (again + 1));
                RunOutcome retry = runOnDevice(built.program(), retryDir);
                again++;
                if (!(retry instanceof RunOutcome.Measured m) || !m.timing().probed()) break;
                verdict = probe.judge(m.timing().probeBeforeGflops(), m.timing().probeAfterGflops(), m.timing().cpuShare());
                // The outputs verified stay those of the first run; the timing kept is the latest.
                outcome = new RunOutcome.Measured(m.timing(), first.outputDir(), first.time().plus(m.time()), first.stderr());
                WorkFolders.deleteQuietly(retryDir);
            }
            steadiness = new Steadiness(verdict, again);
        }
        String log = buildLog + (outcome.stderr().isEmpty() ? "" : "\n--- run stderr ---\n" + outcome.stderr());
        try {
            return switch (outcome) {
                case RunOutcome.Cancelled c -> null;
                case RunOutcome.TimedOut t -> new Measured(identity.record(config, Status.TIMEOUT,
                        "did not finish within " + t.limit().toSeconds() + " s (measure.timeout_s); killed", null, null, result, outcome, null, log), log);
                case RunOutcome.Crashed c -> new Measured(identity.record(config, Status.CRASH,
                        "the program " + c.description() + lastLine(c.stderr()), c.signal(), null, result, outcome, null, log), log);
                case RunOutcome.Measured m -> {
                    Verification verification = verifier.verify(project.outputs(), m.outputDir());
                    Status status = verification.failed() ? Status.WRONG_RESULT : Status.OK;
                    String error = verification.failed() ? verification.summary() : null;
                    yield new Measured(identity.record(config, status, error, null, m.timing(), result, outcome, verification, log, steadiness), log);
                }
            };
        } finally {
            WorkFolders.deleteQuietly(outputDir);
        }
    }

    /** Runs a built program on the device: exclusively, pinned when asked, and in quiet mode with no build running. */
    private RunOutcome runOnDevice(Path program, Path outputDir) throws IOException, InterruptedException {
        boolean gate = options.pipeline() == Pipeline.QUIET;
        if (gate) quiet.writeLock().lockInterruptibly();
        try {
            return runner.run(program, outputDir, project.measure(), deviceProcess, affinity.runEnvironment());
        } finally {
            if (gate) quiet.writeLock().unlock();
        }
    }

    /**
     * Measures the project's baseline like a config (built with its own flags, verified against the
     * golden) and records it as config 0 marked {@code baseline}.
     */
    private void measureBaseline(Baseline baseline, Toolchain toolchain, Identity configs, RecordFile records, Verifier verifier,
                                 Path runDir, Consumer<TuningEvent> events) throws TuningException, IOException, InterruptedException {
        String text;
        try {
            text = Files.readString(baseline.source());
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.INPUT, "cannot read the baseline source " + baseline.source() + ": " + e.getMessage(), e);
        }
        var identity = new Identity(Fingerprint.of(text, baseline.function(), baseline.flags()), configs.setupHash, configs.toolchain, configs.device);
        Config config = new Config(0, Map.of());
        var earlier = options.resume() ? records.find(identity.key(config)) : java.util.Optional.<TuningRecord>empty();
        if (earlier.isPresent()) {
            events.accept(new TuningEvent.BaselineMeasured(earlier.get(), true, ""));
            return;
        }
        var settings = new BuildSettings((project.build().command() + " " + baseline.flags()).strip(), project.build().timeout());
        Builder builder = new Builder(options.cacheDir().resolve("builds"), settings, toolchain, project.directory(), affinity.buildPrefix());
        String fileName = baseline.source().getFileName().toString();
        Measured measured = measure(config, new FutureTask<>(() -> build(builder, fileName, text, baseline.function())), verifier, runDir, identity, events);
        if (measured == null) return;
        TuningRecord record = measured.record().asBaseline(baseline.label());
        records.append(record);
        events.accept(new TuningEvent.BaselineMeasured(record, false, measured.log()));
    }

    private BuildResult build(Builder builder, String fileName, String text, String entry) throws IOException, InterruptedException {
        var process = new ChildProcess();
        buildProcesses.add(process);
        boolean gate = options.pipeline() == Pipeline.QUIET;
        try {
            if (gate) quiet.readLock().lockInterruptibly();
            try {
                if (stopped) process.cancel();
                return builder.build(fileName, text, launcher(fileName, entry), process);
            } finally {
                if (gate) quiet.readLock().unlock();
            }
        } finally {
            buildProcesses.remove(process);
        }
    }

    /** What the steadiness probe said about the kept measurement, and how often the config was measured again. */
    private record Steadiness(SteadinessProbe.Verdict verdict, int remeasured) {
        static final Steadiness NOT_PROBED = new Steadiness(null, 0);
    }

    private Launcher launcher(String fileName, String entry) {
        return new Launcher(project.language(), fileName, entry, project.args(), project.measure().seed());
    }

    /** The expected outputs, from files or by running the reference function once (its outputs are kept beside its build). */
    private Map<String, NpyArray> golden(Builder builder, Path runDir) throws TuningException, IOException, InterruptedException {
        return switch (project.golden()) {
            case Golden.None n -> Map.of();
            case Golden.Files f -> {
                var out = new LinkedHashMap<String, NpyArray>();
                for (var e : f.byOutput().entrySet()) out.put(e.getKey(), readGolden(e.getValue()));
                yield out;
            }
            case Golden.Reference r -> referenceOutputs(builder, r, runDir);
        };
    }

    private Map<String, NpyArray> referenceOutputs(Builder builder, Golden.Reference reference, Path runDir)
            throws TuningException, IOException, InterruptedException {
        String text;
        try {
            text = Files.readString(reference.source());
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.INPUT, "cannot read the golden reference source " + reference.source() + ": " + e.getMessage(), e);
        }
        var process = new ChildProcess();
        buildProcesses.add(process);
        BuildResult result;
        try {
            String fileName = reference.source().getFileName().toString();
            result = builder.build(fileName, text, launcher(fileName, reference.function()), process);
        } finally {
            buildProcesses.remove(process);
        }
        String what = "the golden reference `" + reference.function() + "` in " + reference.source().getFileName();
        if (result instanceof BuildResult.Failed failed) {
            String errors = failed.diagnostics().stream().filter(d -> d.severity() == Diagnostic.Severity.ERROR)
                    .map(d -> d.describe(reference.source().getFileName().toString())).limit(5).collect(Collectors.joining("\n  "));
            throw new TuningException(TuningException.Kind.INPUT, what + " does not build: " + failed.reason() + (errors.isEmpty() ? "" : "\n  " + errors));
        }
        Path programDir = ((BuildResult.Built) result).program().getParent();
        Path goldenDir = programDir.resolve("golden");
        if (!Files.isDirectory(goldenDir)) {
            Path outputDir = runDir.resolve("golden");
            var once = project.measure().withRepeat(1).withWarmupMs(0).withMinSampleMs(0);
            RunOutcome outcome = runner.run(((BuildResult.Built) result).program(), outputDir, once, deviceProcess);
            switch (outcome) {
                case RunOutcome.Measured m -> { }
                case RunOutcome.Cancelled c -> throw new TuningException(TuningException.Kind.INPUT, "stopped while computing the golden result");
                case RunOutcome.TimedOut t -> throw new TuningException(TuningException.Kind.INPUT, what + " did not finish within " + t.limit().toSeconds() + " s");
                case RunOutcome.Crashed c -> throw new TuningException(TuningException.Kind.INPUT, what + " " + c.description() + lastLine(c.stderr()));
            }
            Path staged = programDir.resolve("golden.tmp-" + ProcessHandle.current().pid());
            Files.createDirectories(staged);
            for (var output : project.outputs()) {
                Files.move(outputDir.resolve(output.name() + ".npy"), staged.resolve(output.name() + ".npy"));
            }
            try {
                Files.move(staged, goldenDir, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException raced) {
                WorkFolders.deleteQuietly(staged);
            }
        }
        var out = new LinkedHashMap<String, NpyArray>();
        for (var output : project.outputs()) out.put(output.name(), NpyArray.read(goldenDir.resolve(output.name() + ".npy")));
        return out;
    }

    private static NpyArray readGolden(Path file) throws TuningException {
        try {
            return NpyArray.read(file);
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.INPUT, "cannot read the golden file " + file + ": " + e.getMessage(), e);
        }
    }

    private String readKernel() throws TuningException {
        try {
            return Files.readString(project.kernel());
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.INPUT, "cannot read the kernel file " + project.kernel() + ": "
                    + (e instanceof java.nio.file.NoSuchFileException ? "file not found" : e.getMessage()));
        }
    }

    private String setupHash() {
        var m = project.measure();
        return Fingerprint.of(project.language().name(), project.entry(), project.args().toString(), project.golden().toString(),
                project.tolerance().toString(), project.build().command(),
                m.warmupMs() + "/" + m.repeat() + "/" + m.minSampleMs() + "/" + m.seed());
    }

    private static String lastLine(String stderr) {
        String last = stderr.strip().lines().reduce((a, b) -> b).orElse("");
        return last.isEmpty() ? "" : "; last output: " + last;
    }

    /** The identity shared by every record of this run, and the record assembly that uses it. */
    private final class Identity {
        final String sourceHash;
        final String setupHash;
        final String toolchain;
        final String device;

        Identity(String sourceHash, String setupHash, String toolchain, String device) {
            this.sourceHash = sourceHash;
            this.setupHash = setupHash;
            this.toolchain = toolchain;
            this.device = device;
        }

        RecordKey key(Config config) {
            return new RecordKey(sourceHash, setupHash, toolchain, device, config.values());
        }

        TuningRecord failed(Config config, Status status, String error) {
            return record(config, status, error, null, null, null, null, null, "");
        }

        TuningRecord record(Config config, Status status, String error, Integer signal, org.tuningworkbench.engine.run.Timing timing,
                            BuildResult build, RunOutcome run, Verification verification, String log) {
            return record(config, status, error, signal, timing, build, run, verification, log, Steadiness.NOT_PROBED);
        }

        TuningRecord record(Config config, Status status, String error, Integer signal, org.tuningworkbench.engine.run.Timing timing,
                            BuildResult build, RunOutcome run, Verification verification, String log, Steadiness steadiness) {
            var verdict = steadiness.verdict();
            Statistics stats = timing != null && timing.samplesUs().length > 0 ? Statistics.of(timing.samplesUs()) : null;
            List<Double> samples = timing == null ? List.of() : java.util.Arrays.stream(timing.samplesUs()).boxed().toList();
            Double gflops = stats == null || project.flops().isEmpty() ? null : project.flops().getAsDouble() / (stats.median() * 1e3);
            Double gbps = stats == null || project.bytes().isEmpty() ? null : project.bytes().getAsDouble() / (stats.median() * 1e3);
            return new TuningRecord(TuningRecord.SCHEMA, Instant.now().truncatedTo(ChronoUnit.MILLIS).toString(), project.name(),
                    config.number(), config.values(), status, error, signal, samples,
                    timing == null ? null : timing.callsPerSample(),
                    stats == null ? null : stats.median(), stats == null ? null : stats.min(), stats == null ? null : stats.max(),
                    stats == null ? null : stats.mean(), stats == null ? null : stats.stddev(), stats == null ? null : stats.cv(),
                    stats == null ? null : stats.noisy(), gflops, gbps,
                    build == null ? null : build.time().toNanos() / 1e6,
                    build instanceof BuildResult.Built b ? b.cached() : null,
                    run == null ? null : run.time().toNanos() / 1e6,
                    verification, build == null ? List.of() : build.diagnostics(),
                    sourceHash, setupHash, toolchain, device, log.isEmpty() ? null : truncate(log),
                    timing == null || timing.firstCallUs() <= 0 ? null : timing.firstCallUs(),
                    verdict == null ? null : verdict.beforeGflops(), verdict == null ? null : verdict.afterGflops(),
                    verdict == null ? null : verdict.usualGflops(), verdict == null ? null : verdict.unsteady(),
                    verdict == null ? null : steadiness.remeasured(), affinity.pinned() && run != null ? affinity.measuringCpu() : null,
                    timing == null || timing.samplesCpuUs().length == 0 ? null : Statistics.of(timing.samplesCpuUs()).median(),
                    timing == null || timing.samplesCpuUs().length == 0 ? null : timing.cpuShare(), null);
        }

        private static String truncate(String log) {
            return log.length() <= 4000 ? log : "…" + log.substring(log.length() - 4000);
        }
    }
}
