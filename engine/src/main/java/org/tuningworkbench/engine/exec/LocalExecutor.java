package org.tuningworkbench.engine.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.KernelLaunch;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.bridge.NpyArray;
import org.tuningworkbench.engine.Fingerprint;
import org.tuningworkbench.engine.ScratchFolders;
import org.tuningworkbench.engine.backend.Backend;
import org.tuningworkbench.engine.backend.Backends;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.build.KernelInputs;
import org.tuningworkbench.engine.build.MissingPackage;
import org.tuningworkbench.engine.cache.BuildCache;
import org.tuningworkbench.engine.cache.Leftovers;
import org.tuningworkbench.engine.build.BuildService;
import org.tuningworkbench.engine.build.DeviceBuildLog;
import org.tuningworkbench.engine.build.Diagnostic;
import org.tuningworkbench.engine.build.Toolchain;
import org.tuningworkbench.engine.build.ToolchainException;
import org.tuningworkbench.engine.lock.PidLock;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.InvalidConfigException;
import org.tuningworkbench.engine.marker.SourceFiles;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.Baseline;
import org.tuningworkbench.engine.project.Golden;
import org.tuningworkbench.engine.project.Metric;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.SetupIdentity;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.run.Affinity;
import org.tuningworkbench.engine.run.Device;
import org.tuningworkbench.engine.run.LibraryCore;
import org.tuningworkbench.engine.run.ProgramRunner;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.run.RunOutcome;
import org.tuningworkbench.engine.run.Timing;
import org.tuningworkbench.engine.stats.Statistics;
import org.tuningworkbench.engine.stats.SteadinessProbe;
import org.tuningworkbench.engine.verify.Verification;
import org.tuningworkbench.engine.verify.Verifier;

/**
 * A CPU, on this machine or on a remote {@link Target} (a host over SSH, a Slurm cluster): each
 * config's variant is built through the {@link BuildService} where it will run (ahead, while the
 * device measures), run in its own process by the native harness, and its outputs checked against
 * the golden result. On a remote target, a trial whose answer does not come back is recorded as
 * {@link Status#LOST} and the run goes on. A native steadiness probe runs right before and after every measurement; a
 * config measured while the machine was unsteady is measured again (up to {@code unsteadyRetries}
 * times) and flagged if it still was.
 */
public final class LocalExecutor implements Executor {

    private final Project project;
    /** How this project's variants are built, which device runs them and how a run becomes a timing. */
    private final Backend backend;
    private final TuneOptions options;
    private final Target target;
    /** How jobs reach a remote target; null on this machine. */
    private final RemoteShell shell;
    /** The local CPU, or for an OpenCL kernel the device its [device] chooses, or a remote target's CPU (known once open). */
    private Device device = Device.localCpu();
    /** What tells the program its device: the OpenCL platform and device indices. */
    private Map<String, String> deviceEnvironment = Map.of();
    /** Why the device cannot run a config's launches, asked before the config is built. */
    private Function<List<KernelLaunch>, Optional<String>> launchRefusal = launches -> Optional.empty();
    private ProgramRunner runner;
    private RemoteTarget remote;
    private final ChildProcess deviceProcess = new ChildProcess();
    /** Where the measured program and the builds run; with device_ids, the next listed CPU for each config in turn. */
    private volatile Affinity affinity;
    private final List<Integer> deviceIds;
    private final java.util.SortedSet<Integer> allowedCpus;
    private int nextDevice;
    private final SteadinessProbe probe = new SteadinessProbe();
    private final Map<String, Future<BuildResult>> ahead = new ConcurrentHashMap<>();
    private TunableSource source;
    private BuildService builds;
    private Verifier verifier;
    private Path runDir;
    /** Where each config's run writes its outputs and timings: in memory when there is room, else {@code runDir}. */
    private Path scratchDir;
    private Listener listener = Listener.NONE;
    private PidLock deviceLock;
    private volatile boolean stopped;
    private volatile Racing.Best raceBest;
    /** Where the run's programs on this machine share their filled inputs ({@link Launcher#INPUT_DIR_ENV}); empty on a remote target. */
    private Map<String, String> inputEnvironment = Map.of();
    /** What the program's environment gets besides pinning and racing: a baseline's environment while it is measured in it. */
    private Map<String, String> runEnvironment = Map.of();

    public LocalExecutor(Project project, TuneOptions options) {
        this(project, options, Target.LOCAL, (RemoteShell) null);
    }

    /** Measures on {@code target}; {@code sshConfig} (may be null) is the ssh configuration file an SSH target is reached with. */
    public LocalExecutor(Project project, TuneOptions options, Target target, Path sshConfig) {
        this(project, options, target, target instanceof Target.Local ? null : RemoteShell.of(target, sshConfig));
    }

    LocalExecutor(Project project, TuneOptions options, Target target, RemoteShell shell) {
        this.target = target;
        this.shell = shell;
        this.project = project;
        this.backend = Backends.of(project);
        this.runner = backend.runner(project);
        this.options = options;
        this.deviceIds = project.measure().deviceIds();
        this.allowedCpus = deviceIds.isEmpty() ? java.util.Collections.emptySortedSet() : Affinity.allowedCpus();
        this.affinity = !deviceIds.isEmpty() ? Affinity.onDevice(deviceIds.getFirst(), deviceIds, allowedCpus)
                : options.pin() ? Affinity.pinned(Affinity.allowedCpus()) : Affinity.NONE;
    }

    @Override
    public TuningRecord.Identity open(Listener listener) throws TuningException {
        this.listener = listener;
        var remoteRefusal = shell == null ? Optional.<String>empty() : backend.remoteRefusal();
        if (remoteRefusal.isPresent()) throw new TuningException(TuningException.Kind.INPUT, remoteRefusal.get() + " (asked for " + target.text() + ")");
        var refused = Affinity.refuse(deviceIds, allowedCpus);
        if (refused.isPresent()) throw new TuningException(TuningException.Kind.INPUT, refused.get());
        String kernelText = readKernel();
        source = project.tunableSource(kernelText);
        if (!source.errors().isEmpty()) {
            throw new TuningException(TuningException.Kind.INPUT, source.errors().stream().map(Object::toString).collect(Collectors.joining("\n")));
        }
        Leftovers.collect(options.cacheDir());
        runDir = options.newRunDir("run-");
        scratchDir = ScratchFolders.forRun(runDir,
                project.outputs().stream().mapToLong(KernelArg.Buffer::bytes).sum());
        try {
            // Builds keep off the measuring CPU where they may run beside a measurement, and always off the project's device_ids.
            boolean buildsApart = options.pipeline() == Pipeline.PARALLEL || !deviceIds.isEmpty();
            builds = target instanceof Target.Local ? BuildService.forKernel(project, backend.recipe(project), options.cacheDir(), options.buildThreads(),
                    options.pipeline() == Pipeline.QUIET, buildsApart ? affinity.buildPrefix() : List.of()) : remoteBuilds();
            // A fresh run measures every config again, and builds it again too: no program of an earlier run is taken for its sources.
            if (!options.resume()) builds.buildAgain();
        } catch (MeasurementLost e) {
            throw new TuningException(TuningException.Kind.IO, "cannot reach " + target.text() + ": " + e.getMessage(), e);
        } catch (ToolchainException e) {
            throw new TuningException(TuningException.Kind.TOOLCHAIN, e.getMessage());
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.IO, "cannot write the work folder: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TuningException(TuningException.Kind.INPUT, "stopped while reading the kernel's headers");
        }
        Toolchain toolchain = builds.toolchain();
        if (remote == null) place();
        if (remote == null) {
            try {
                Path inputs = Files.createDirectories(runDir.resolve("inputs"));
                inputEnvironment = Map.of(Launcher.INPUT_DIR_ENV, inputs.toAbsolutePath().toString());
            } catch (IOException e) {
                throw new TuningException(TuningException.Kind.IO, "cannot write the work folder: " + e.getMessage(), e);
            }
        }
        try {
            verifier = new Verifier(golden(), project.tolerance());
        } catch (MeasurementLost e) {
            throw new TuningException(TuningException.Kind.IO, "the golden result did not come back from " + target.text() + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.IO, "cannot write the work folder: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TuningException(TuningException.Kind.INPUT, "stopped while computing the golden result");
        }
        return new TuningRecord.Identity(TuningRecord.Identity.sourceOf(kernelText, builds.inputs()), setupHash(), toolchain.version(), device.identity(), device.instance());
    }

    /** The device the backend measures on here, and what tells the program which it is. */
    private void place() throws TuningException {
        try {
            Backend.Placement placement = backend.place(project, options.cacheDir());
            device = placement.device();
            deviceEnvironment = placement.environment();
            launchRefusal = placement.launchRefusal();
        } catch (ToolchainException e) {
            throw new TuningException(TuningException.Kind.TOOLCHAIN, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TuningException(TuningException.Kind.INPUT, "stopped while choosing the device");
        }
    }

    /**
     * Builds on the remote target: it is asked what it is (its CPU is the records' device class, its
     * compiler their toolchain) and sent each variant; programs run there and answer with their outputs.
     */
    private BuildService remoteBuilds() throws IOException, InterruptedException, ToolchainException {
        try {
            remote = new RemoteTarget(shell, project, options.cacheDir(), runDir, options.pin());
        } catch (IOException e) {
            throw new ToolchainException(e.getMessage());
        }
        String program = project.build().command().strip().split("\\s+")[0];
        var probe = remote.probe(Toolchain.isCompiler(program) ? program : null, deviceProcess);
        if (Toolchain.isCompiler(program) && probe.toolchain().isEmpty()) {
            throw new ToolchainException("the compiler `" + program + "` is not installed on " + target.text() + " (" + probe.node() + ")");
        }
        Toolchain toolchain = Toolchain.isCompiler(program) ? new Toolchain(program, probe.toolchain()) : backend.recipe(project).toolchain();
        device = probe.device(target.text());
        affinity = Affinity.NONE;
        runner = remote;
        String inputs = KernelInputs.of(project, project.kernel(), options.cacheDir(), probe.buildTarget());
        return new BuildService(project, backend.recipe(project), toolchain, options.cacheDir(), options.buildThreads(), options.pipeline() == Pipeline.QUIET, List.of(),
                inputs, settings -> remote.builder(settings, toolchain.version(), inputs));
    }

    @Override
    public void prepare(Config config) {
        if (options.pipeline() == Pipeline.SEQUENTIAL || stopped) return;
        if (invalidLaunch(config).isPresent()) return;
        variant(config).ifPresent(text -> ahead.computeIfAbsent(config.key(),
                k -> builds.submit(kernelFileName(), text, project.entry(), "", config.values())));
    }

    private Optional<String> variant(Config config) {
        try {
            return Optional.of(source.substitute(config).text());
        } catch (InvalidConfigException e) {
            return Optional.empty();
        }
    }

    @Override
    public Optional<Measurement> measure(Config config) throws TuningException, InterruptedException {
        String text;
        try {
            text = source.substitute(config).text();
        } catch (InvalidConfigException e) {
            return Optional.of(new Measurement(failed(config, Status.INVALID_CONFIG, e.getMessage()), ""));
        }
        Optional<String> invalidLaunch = invalidLaunch(config);
        if (invalidLaunch.isPresent()) return Optional.of(new Measurement(failed(config, Status.INVALID_CONFIG, invalidLaunch.get()), ""));
        Future<BuildResult> pending = ahead.remove(config.key());
        try {
            BuildResult built = pending != null ? await(pending) : null;
            // A build ahead that failed on the cache's side (not the compiler's) is tried again here; a second failure is an I/O error.
            if (built == null) built = builds.build(kernelFileName(), text, project.entry(), "", config.values());
            return measureBuilt(config, built, kernelFileName());
        } catch (MeasurementLost e) {
            return Optional.of(new Measurement(failed(config, Status.LOST, e.getMessage()), ""));
        } catch (IOException e) {
            // A full disk or a refused write is the machine's fault, not the config's: said, and measured again on resume.
            return Optional.of(new Measurement(failed(config, Status.ENVIRONMENT_ERROR, "cannot write the work folder: " + e.getMessage()
                    + " (measured again on resume)"), ""));
        }
    }

    /** Why the config's kernel launches cannot be made (its work sizes cannot be worked out, or exceed the device's limits); empty when they can. */
    private Optional<String> invalidLaunch(Config config) {
        try {
            List<KernelLaunch> launches = project.launchesFor(config.values());
            return launchRefusal.apply(launches);
        } catch (IllegalArgumentException e) {
            return Optional.of("the work sizes: " + e.getMessage());
        }
    }

    @Override
    public Optional<Measurement> baseline() throws TuningException, InterruptedException {
        if (project.baseline().isEmpty()) return Optional.empty();
        Baseline baseline = project.baseline().get();
        String text;
        try {
            text = SourceFiles.read(baseline.source()).text();
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.INPUT, "cannot read the baseline source " + baseline.source() + ": " + e.getMessage(), e);
        }
        try {
            String fileName = baseline.source().getFileName().toString();
            BuildResult built = builds.build(fileName, text, baseline.function(), baseline.flags());
            // A baseline library that is not installed (OpenBLAS) skips the baseline with what to install, not a compile error.
            var missing = built instanceof BuildResult.Failed ? MissingPackage.in(built.log()) : Optional.<MissingPackage>empty();
            if (missing.isPresent()) return Optional.of(Measurement.skipped(missing.get().advice()));
            List<Map<String, String>> environments = baseline.environments().isEmpty() ? List.of(Map.of()) : baseline.environments();
            return bestCandidate(baseline, built, fileName, environments);
        } catch (MeasurementLost e) {
            return Optional.of(new Measurement(failed(new Config(Map.of()), Status.LOST, e.getMessage()).asBaseline(baseline.label()), ""));
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.IO, "cannot write the work folder: " + e.getMessage(), e);
        }
    }

    /**
     * The baseline in each of its environments, those that resolve to the same library kernels
     * measured once; the fastest that ran correctly is the baseline, named with the kernels that ran
     * ({@code OpenBLAS sgemm [Haswell kernels]}) or, for a library that does not say, its environment.
     */
    private Optional<Measurement> bestCandidate(Baseline baseline, BuildResult built, String fileName, List<Map<String, String>> environments)
            throws IOException, InterruptedException, TuningException {
        Measurement best = null;
        var tried = new StringBuilder();
        try {
            var cores = new java.util.ArrayList<Optional<LibraryCore>>();
            for (Map<String, String> environment : environments) {
                cores.add(environments.size() > 1 && built instanceof BuildResult.Built b ? libraryCore(b.program(), environment) : Optional.empty());
            }
            List<BaselineCandidate> candidates = BaselineCandidate.group(environments, cores);
            for (BaselineCandidate candidate : candidates) {
                runEnvironment = candidate.measuredIn();
                Optional<Measurement> measured = measureBuilt(new Config(Map.of()), built, fileName);
                if (measured.isEmpty()) return Optional.empty();
                TuningRecord r = measured.get().record();
                // The kernels the measurement itself reported; those it was expected to run when it ended before saying.
                LibraryCore ran = r.library() != null ? new LibraryCore(r.library().core(), r.library().config()) : candidate.core();
                tried.append(String.format(java.util.Locale.ROOT, "%s: %s%n", candidate.describe(ran),
                        r.ok() ? String.format(java.util.Locale.ROOT, "%.3f us", r.medianUs()) : r.status().label()));
                TuningRecord.Library library = ran == null ? null : baseline.environments().isEmpty()
                        ? new TuningRecord.Library(ran.core(), ran.config(), null) : candidate.library(ran);
                var named = new Measurement(r.asBaseline(candidate.label(baseline.label(), ran)).withLibrary(library), measured.get().log());
                if (best == null || r.ok() && (!best.record().ok() || r.medianUs() < best.record().medianUs())) best = named;
            }
        } finally {
            runEnvironment = Map.of();
        }
        return Optional.of(environments.size() > 1 ? new Measurement(best.record(), "the baseline in each environment:\n" + tried + best.log()) : best);
    }

    /**
     * The library kernels the program would run in {@code environment}, asked of it without
     * measuring anything ({@code TW_DESCRIBE_LIBRARY}); empty when it names none or ends otherwise.
     */
    private Optional<LibraryCore> libraryCore(Path program, Map<String, String> environment) throws IOException, InterruptedException, TuningException {
        Path outputDir = Files.createTempDirectory(scratchDir, "library-");
        var asked = new java.util.HashMap<>(environment);
        asked.put("TW_DESCRIBE_LIBRARY", "1");
        runEnvironment = asked;
        try {
            return runOnDevice(program, outputDir) instanceof RunOutcome.Measured m ? Optional.ofNullable(m.timing().library()) : Optional.empty();
        } finally {
            runEnvironment = Map.of();
            WorkFolders.deleteQuietly(outputDir);
        }
    }

    /** The baseline's identity: its own source, function and flags in place of the kernel's. */
    @Override
    public Optional<TuningRecord.Identity> baselineIdentity(TuningRecord.Identity configs) throws TuningException {
        if (project.baseline().isEmpty()) return Optional.empty();
        Baseline baseline = project.baseline().get();
        try {
            // The last part: a baseline is named by the library kernels that ran, so records named otherwise are not resumed.
            String hash = Fingerprint.of(SourceFiles.read(baseline.source()).text(), baseline.function(), baseline.flags(),
                    baseline.environments().stream().map(Baseline::describe).collect(java.util.stream.Collectors.joining(";")), "named by its kernels");
            return Optional.of(new TuningRecord.Identity(hash, configs.setup(), configs.toolchain(), configs.device(), configs.instance()));
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.INPUT, "cannot read the baseline source " + baseline.source() + ": " + e.getMessage(), e);
        }
    }

    /** The result of a build ahead; null when it threw (the cache's bookkeeping, not the compiler, failed). */
    private BuildResult await(Future<BuildResult> pending) throws InterruptedException {
        try {
            return pending.get();
        } catch (ExecutionException e) {
            return null;
        } catch (CancellationException e) {
            return new BuildResult.Failed("cancelled", Duration.ZERO, "", List.of());
        }
    }

    /** Runs a built program and judges it; {@code fileName} is the source its compiler messages refer to. */
    private Optional<Measurement> measureBuilt(Config config, BuildResult result, String fileName)
            throws IOException, InterruptedException, TuningException {
        if (stopped) return Optional.empty();
        listener.built(config, result);
        String buildLog = result.log();
        if (result instanceof BuildResult.Failed failed) {
            if (failed.reason().equals("cancelled")) return Optional.empty();
            if (failed.environment()) {
                return Optional.of(new Measurement(record(config, Status.ENVIRONMENT_ERROR, "the machine failed the build, not the config: "
                        + failed.environmentReason() + " (measured again on resume)", null, null, result, null, null, buildLog, Steadiness.NOT_PROBED), buildLog));
            }
            String firstError = result.diagnostics().stream().filter(d -> d.severity() == Diagnostic.Severity.ERROR).findFirst()
                    .map(d -> d.describe(fileName))
                    .orElseGet(() -> Diagnostic.firstLinkerError(buildLog).map(e -> "link error: " + e).orElse(failed.reason()));
            return Optional.of(new Measurement(record(config, Status.COMPILE_ERROR, firstError, null, null, result, null, null, buildLog,
                    Steadiness.NOT_PROBED), buildLog));
        }
        Path program = ((BuildResult.Built) result).program();
        // device_ids: each config (and its measurements again) on the next listed CPU, in turn.
        if (!deviceIds.isEmpty()) affinity = Affinity.onDevice(deviceIds.get(nextDevice++ % deviceIds.size()), deviceIds, allowedCpus);
        Path outputDir = Files.createTempDirectory(scratchDir, "config-");
        try {
            RunOutcome outcome = runOnDevice(program, outputDir);
            Steadiness steadiness = Steadiness.NOT_PROBED;
            if (outcome instanceof RunOutcome.Measured first && first.timing().probed()) {
                var verdict = judge(first.timing());
                int again = 0;
                // A config raced out is measured again too: a slow spell of the machine may be all that made it look slower.
                while (verdict.unsteady() && again < options.unsteadyRetries() && !stopped) {
                    Path retryDir = Files.createTempDirectory(scratchDir, "again-");
                    RunOutcome retry = runOnDevice(program, retryDir);
                    again++;
                    WorkFolders.deleteQuietly(retryDir);
                    if (!(retry instanceof RunOutcome.Measured m) || !m.timing().probed()) break;
                    verdict = judge(m.timing());
                    // The outputs verified stay those of the first run; the timing kept is the latest.
                    outcome = new RunOutcome.Measured(m.timing(), first.outputDir(), first.time().plus(m.time()), first.stderr());
                }
                steadiness = new Steadiness(verdict, again);
            }
            String log = buildLog + (outcome.stderr().isEmpty() ? "" : "\n--- run stderr ---\n" + outcome.stderr());
            TuningRecord record = switch (outcome) {
                case RunOutcome.Cancelled c -> null;
                case RunOutcome.TimedOut t -> record(config, Status.TIMEOUT, "did not finish within " + t.limit().toSeconds()
                        + " s (measure.timeout_s); killed", null, null, result, outcome, null, log, steadiness);
                case RunOutcome.KernelNotBuilt k -> kernelNotBuilt(config, k, result, fileName, log);
                case RunOutcome.OutOfBounds o -> record(config, Status.OUT_OF_BOUNDS, "the program " + o.description(), null, null, result,
                        outcome, null, log, steadiness);
                case RunOutcome.Crashed c when c.outOfMemory() -> record(config, Status.OUT_OF_MEMORY,
                        "the program " + c.description() + lastLine(c.stderr()), c.signal(), null, result, outcome, null, log, steadiness);
                case RunOutcome.Crashed c -> record(config, Status.CRASH, "the program " + c.description() + lastLine(c.stderr()),
                        c.signal(), null, result, outcome, null, log, steadiness);
                case RunOutcome.Measured m -> {
                    Verification verification = verifier.verify(project.outputs(), m.outputDir());
                    Status status = verification.failed() ? Status.WRONG_RESULT : Status.OK;
                    yield record(config, status, verification.failed() ? verification.summary() : null, null, m.timing(), result, outcome,
                            verification, log, steadiness);
                }
            };
            return Optional.ofNullable(record).map(r -> new Measurement(r, log));
        } finally {
            WorkFolders.deleteQuietly(outputDir);
        }
    }

    /** The device's compiler refused the variant: a compile error of the config, its messages on the kernel's lines. */
    private TuningRecord kernelNotBuilt(Config config, RunOutcome.KernelNotBuilt refused, BuildResult host, String fileName, String log) {
        List<Diagnostic> diagnostics = DeviceBuildLog.diagnostics(refused.log(), fileName, project.directory());
        String firstError = diagnostics.stream().filter(d -> d.severity() == Diagnostic.Severity.ERROR).findFirst()
                .map(d -> d.line() > 0 ? d.describe(fileName) : "the device's OpenCL compiler refused the kernel: " + d.message())
                .orElse("the device's OpenCL compiler refused the kernel" + lastLine(refused.log()));
        var withDevice = new BuildResult.Failed("the device's compiler refused the kernel", host.time(), refused.log(), diagnostics);
        return record(config, Status.COMPILE_ERROR, firstError, null, null, withDevice, refused, null, log, Steadiness.NOT_PROBED);
    }

    private SteadinessProbe.Verdict judge(Timing timing) {
        return probe.judge(timing.probeBeforeGflops(), timing.probeAfterGflops(), timing.cpuShare());
    }

    /** What every program of the run gets in its environment: the OpenCL device it runs on, the folder of shared inputs. */
    private Map<String, String> programEnvironment() {
        var out = new java.util.HashMap<>(deviceEnvironment);
        out.putAll(inputEnvironment);
        return out;
    }

    /** Runs a built program on the device: exclusively, pinned when asked, and in quiet mode with no build running. */
    private RunOutcome runOnDevice(Path program, Path outputDir) throws IOException, InterruptedException, TuningException {
        // A remote target's device is held there, for each measurement (RemoteScript.run).
        if (deviceLock == null && remote == null) {
            deviceLock = DeviceLock.acquire(options.cacheDir(), device, options.waitForDevice(), listener::waiting, () -> stopped).orElse(null);
            if (deviceLock == null) return new RunOutcome.Cancelled(java.time.Duration.ZERO, "");
        }
        boolean gate = options.pipeline() == Pipeline.QUIET;
        if (gate) builds.quietGate().writeLock().lockInterruptibly();
        try {
            var environment = new java.util.HashMap<>(affinity.runEnvironment());
            environment.putAll(options.racingFor(project).environment(raceBest));
            environment.putAll(runEnvironment);
            environment.putAll(programEnvironment());
            return runner.run(program, outputDir, project.measure(), deviceProcess, environment);
        } finally {
            if (gate) builds.quietGate().writeLock().unlock();
        }
    }

    @Override
    public void raceAgainst(Racing.Best best) {
        raceBest = best;
    }

    @Override
    public void stop() {
        stopped = true;
        deviceProcess.cancel();
        if (builds != null) builds.stop();
    }

    @Override
    public void close() {
        if (remote != null) remote.cancelAll();
        if (deviceLock != null) deviceLock.close();
        if (builds != null) builds.close();
        ScratchFolders.release(scratchDir, runDir);
        if (runDir != null) WorkFolders.deleteQuietly(runDir);
        try {
            BuildCache.in(options.cacheDir()).trimTo(BuildCache.DEFAULT_MAX_BYTES);
        } catch (IOException e) {
            // A cache over its limit costs disk space only; `workbench cache clean` says why it cannot clean.
        }
    }

    /** The expected outputs, from files or by running the reference function once (its outputs are kept beside its build). */
    private Map<String, NpyArray> golden() throws TuningException, IOException, InterruptedException {
        return switch (project.golden()) {
            case Golden.None n -> Map.of();
            case Golden.Files f -> {
                var out = new LinkedHashMap<String, NpyArray>();
                for (var e : f.byOutput().entrySet()) out.put(e.getKey(), readGolden(e.getValue()));
                yield out;
            }
            case Golden.Reference r -> new ReferenceOutputs(project, builds, runner, deviceProcess, programEnvironment()).compute(r, runDir);
        };
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
            return SourceFiles.read(project.kernel()).text();
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.INPUT, "cannot read the kernel file " + project.kernel() + ": "
                    + (e instanceof java.nio.file.NoSuchFileException ? "file not found" : e.getMessage()));
        }
    }

    private String kernelFileName() {
        return project.kernel().getFileName().toString();
    }

    private String setupHash() throws TuningException {
        try {
            return SetupIdentity.of(project);
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.INPUT, "cannot read an input of the project: " + e.getMessage(), e);
        }
    }

    static String lastLine(String stderr) {
        String last = stderr.strip().lines().reduce((a, b) -> b).orElse("");
        return last.isEmpty() ? "" : "; last output: " + last;
    }

    /** What the steadiness probe said about the kept measurement, and how often the config was measured again. */
    private record Steadiness(SteadinessProbe.Verdict verdict, int remeasured) {
        static final Steadiness NOT_PROBED = new Steadiness(null, 0);
    }

    private TuningRecord failed(Config config, Status status, String error) {
        return record(config, status, error, null, null, null, null, null, "", Steadiness.NOT_PROBED);
    }

    private TuningRecord record(Config config, Status status, String error, Integer signal, Timing timing, BuildResult build,
                                RunOutcome run, Verification verification, String log, Steadiness steadiness) {
        var verdict = steadiness.verdict();
        Statistics stats = timing != null && timing.latencySamplesUs().length > 0 ? Statistics.of(timing.latencySamplesUs()) : null;
        TuningRecord.Timing times = timing == null ? null : new TuningRecord.Timing(
                Arrays.stream(timing.samplesUs()).boxed().toList(), timing.callsPerSample(),
                timing.firstCallUs() <= 0 ? null : timing.firstCallUs(),
                timing.samplesCpuUs().length == 0 ? null : Statistics.of(timing.samplesCpuUs()).median(),
                timing.samplesCpuUs().length == 0 ? null : timing.cpuShare(),
                affinity.pinned() ? affinity.measuringCpu() : null,
                run == null ? null : run.time().toNanos() / 1e6,
                timing.stoppedEarly() ? options.racingFor(project).reason(timing.raceStop(), timing.firstCallUs(), timing.samplesUs()) : null,
                timing.stoppedEarly() ? timing.raceStop().rule() : null,
                Arrays.stream(timing.samplesKernelUs()).boxed().toList(),
                timing.samplesKernelUs().length == 0 ? null : Statistics.of(timing.samplesKernelUs()).median(),
                timing.launchesPerCall() > 0 ? timing.launchesPerCall() : null,
                timing.faultedSamples() > 0 ? timing.faultedSamples() : null);
        TuningRecord.Statistics statistics = stats == null ? null : new TuningRecord.Statistics(stats.median(), stats.min(), stats.max(),
                stats.mean(), stats.stddev(), stats.cv(), stats.noisy(),
                project.flops().isEmpty() ? null : project.flops().getAsDouble() / (stats.median() * 1e3),
                project.bytes().isEmpty() ? null : project.bytes().getAsDouble() / (stats.median() * 1e3),
                status == Status.OK ? Metric.values(project.metrics(), project.sizes(), config.values(), callTimeUs(stats, times) / 1e3) : null);
        TuningRecord.Steadiness steady = verdict == null ? null : new TuningRecord.Steadiness(verdict.beforeGflops(), verdict.afterGflops(),
                verdict.usualGflops(), verdict.unsteady(), steadiness.remeasured());
        TuningRecord.Build builtWith = build == null ? null
                : new TuningRecord.Build(build.time().toNanos() / 1e6, build instanceof BuildResult.Built b ? b.cached() : null, build.diagnostics());
        String instance = remote == null ? device.instance() : remote.instance();
        TuningRecord.Library library = timing == null || timing.library() == null ? null
                : new TuningRecord.Library(timing.library().core(), timing.library().config(), null);
        return new TuningRecord(TuningRecord.SCHEMA, null, null, null, null, null, project.name(), config.values(), null,
                new TuningRecord.Identity(null, null, null, null, instance),
                new TuningRecord.Outcome(status, error, signal), times, statistics, steady, builtWith, verification,
                log.isEmpty() ? null : truncate(log), null, library);
    }

    /** A call's time as Kernel Tuner's {@code time} has it: the kernels' own time where the device times them, the wall time otherwise. */
    private static double callTimeUs(Statistics wall, TuningRecord.Timing times) {
        return times.kernelUs() != null ? times.kernelUs() : wall.median();
    }

    private static String truncate(String log) {
        return log.length() <= 4000 ? log : "…" + log.substring(log.length() - 4000);
    }
}
