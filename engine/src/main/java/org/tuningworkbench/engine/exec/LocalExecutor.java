package org.tuningworkbench.engine.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
import org.tuningworkbench.engine.ScratchFolders;
import org.tuningworkbench.engine.backend.Backend;
import org.tuningworkbench.engine.backend.Backends;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.build.KernelInputs;
import org.tuningworkbench.engine.cache.BuildCache;
import org.tuningworkbench.engine.cache.Leftovers;
import org.tuningworkbench.engine.build.BuildService;
import org.tuningworkbench.engine.build.Toolchain;
import org.tuningworkbench.engine.build.ToolchainException;
import org.tuningworkbench.engine.lock.PidLock;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.InvalidConfigException;
import org.tuningworkbench.engine.marker.SourceFiles;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.Golden;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.SetupIdentity;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.run.Affinity;
import org.tuningworkbench.engine.run.Device;
import org.tuningworkbench.engine.run.ProgramRunner;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.run.RunOutcome;
import org.tuningworkbench.engine.run.Timing;
import org.tuningworkbench.engine.stats.SteadinessProbe;
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
    /** Where the backend placed the run, or a remote target's CPU (known once open). */
    private Device device = Device.localCpu();
    /** What tells the program its device (the OpenCL platform and device indices). */
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
    /** Turns each config's build and run into its record; made when the run opens, once the golden result is known. */
    private RecordJudge judge;
    private Path runDir;
    /** Where each config's run writes its outputs and timings: in memory when there is room, else {@code runDir}. */
    private Path scratchDir;
    private Listener listener = Listener.NONE;
    private PidLock deviceLock;
    private volatile boolean stopped;
    private volatile Racing.Best raceBest;
    /** Where the run's programs on this machine share their filled inputs ({@link Launcher#INPUT_DIR_ENV}); empty on a remote target. */
    private Map<String, String> inputEnvironment = Map.of();

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
        source = project.kernel().tunableSource(kernelText);
        if (!source.errors().isEmpty()) {
            throw new TuningException(TuningException.Kind.INPUT, source.errors().stream().map(Object::toString).collect(Collectors.joining("\n")));
        }
        Leftovers.collect(options.cacheDir());
        runDir = options.newRunDir("run-");
        scratchDir = ScratchFolders.forRun(runDir,
                project.inputs().outputs().stream().mapToLong(KernelArg.Buffer::bytes).sum());
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
            verifier = new Verifier(golden(), project.check().tolerance());
            judge = new RecordJudge(project, options.racingFor(project), verifier, () -> affinity.pinned() ? affinity.measuringCpu() : null,
                    () -> remote == null ? device.instance() : remote.instance());
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
            List<String> sent = remote.sent();
            listener.notice("Sent to " + target.text() + " with every build (listed in " + remote.sentList() + "): "
                    + (sent.isEmpty() ? "no project file besides the kernel" : String.join(", ", sent)));
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
        String inputs = KernelInputs.of(project, project.kernel().source(), options.cacheDir(), probe.buildTarget());
        return new BuildService(project, backend.recipe(project), toolchain, options.cacheDir(), options.buildThreads(), options.pipeline() == Pipeline.QUIET, List.of(),
                inputs, settings -> remote.builder(settings, toolchain.version(), inputs));
    }

    @Override
    public void prepare(Config config) {
        if (options.pipeline() == Pipeline.SEQUENTIAL || stopped) return;
        if (invalidLaunch(config).isPresent()) return;
        variant(config).ifPresent(text -> ahead.computeIfAbsent(config.key(),
                k -> builds.submit(kernelFileName(), text, project.kernel().entry(), "", config.values())));
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
            return Optional.of(new Measurement(judge.failed(config, Status.INVALID_CONFIG, e.getMessage()), ""));
        }
        Optional<String> invalidLaunch = invalidLaunch(config);
        if (invalidLaunch.isPresent()) return Optional.of(new Measurement(judge.failed(config, Status.INVALID_CONFIG, invalidLaunch.get()), ""));
        Future<BuildResult> pending = ahead.remove(config.key());
        try {
            BuildResult built = pending != null ? await(pending) : null;
            // A build ahead that failed on the cache's side (not the compiler's) is tried again here; a second failure is an I/O error.
            if (built == null) built = builds.build(kernelFileName(), text, project.kernel().entry(), "", config.values());
            return measureBuilt(config, built, kernelFileName(), Map.of());
        } catch (MeasurementLost e) {
            return Optional.of(new Measurement(judge.failed(config, Status.LOST, e.getMessage()), ""));
        } catch (IOException e) {
            // A full disk or a refused write is the machine's fault, not the config's: said, and measured again on resume.
            return Optional.of(new Measurement(judge.failed(config, Status.ENVIRONMENT_ERROR, "cannot write the work folder: " + e.getMessage()
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
        return new BaselineRun(project.baseline().get(), builds, judge, new BaselineRun.Runs() {
            @Override
            public Optional<Measurement> measure(BuildResult built, String fileName, Map<String, String> environment)
                    throws IOException, InterruptedException, TuningException {
                return measureBuilt(new Config(Map.of()), built, fileName, environment);
            }

            @Override
            public RunOutcome run(Path program, Map<String, String> environment) throws IOException, InterruptedException, TuningException {
                Path outputDir = Files.createTempDirectory(scratchDir, "library-");
                try {
                    return runOnDevice(program, outputDir, environment);
                } finally {
                    WorkFolders.deleteQuietly(outputDir);
                }
            }
        }).measure();
    }

    /** The baseline's identity: its own source, function and flags in place of the kernel's. */
    @Override
    public Optional<TuningRecord.Identity> baselineIdentity(TuningRecord.Identity configs) throws TuningException {
        return project.baseline().isEmpty() ? Optional.empty() : Optional.of(BaselineRun.identity(project.baseline().get(), configs));
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

    /**
     * Runs a built program and judges it; {@code fileName} is the source its compiler messages refer to, {@code environment}
     * what the program's environment gets besides pinning and racing (a baseline's, while it is measured in it).
     */
    private Optional<Measurement> measureBuilt(Config config, BuildResult result, String fileName, Map<String, String> environment)
            throws IOException, InterruptedException, TuningException {
        if (stopped) return Optional.empty();
        listener.built(config, result);
        String buildLog = result.log();
        if (result instanceof BuildResult.Failed failed) {
            if (failed.reason().equals("cancelled")) return Optional.empty();
            return Optional.of(new Measurement(judge.ofBuild(config, failed, fileName), buildLog));
        }
        Path program = ((BuildResult.Built) result).program();
        // device_ids: each config (and its measurements again) on the next listed CPU, in turn.
        if (!deviceIds.isEmpty()) affinity = Affinity.onDevice(deviceIds.get(nextDevice++ % deviceIds.size()), deviceIds, allowedCpus);
        Path outputDir = Files.createTempDirectory(scratchDir, "config-");
        try {
            RunOutcome outcome = runOnDevice(program, outputDir, environment);
            RecordJudge.Steadiness steadiness = RecordJudge.Steadiness.NOT_PROBED;
            if (outcome instanceof RunOutcome.Measured first && first.timing().probed()) {
                var verdict = steadiness(first.timing());
                int again = 0;
                // A config raced out is measured again too: a slow spell of the machine may be all that made it look slower.
                while (verdict.unsteady() && again < options.unsteadyRetries() && !stopped) {
                    Path retryDir = Files.createTempDirectory(scratchDir, "again-");
                    RunOutcome retry = runOnDevice(program, retryDir, environment);
                    again++;
                    WorkFolders.deleteQuietly(retryDir);
                    if (!(retry instanceof RunOutcome.Measured m) || !m.timing().probed()) break;
                    verdict = steadiness(m.timing());
                    // The outputs verified stay those of the first run; the timing kept is the latest.
                    outcome = new RunOutcome.Measured(m.timing(), first.outputDir(), first.time().plus(m.time()), first.stderr());
                }
                steadiness = new RecordJudge.Steadiness(verdict, again);
            }
            String log = buildLog + (outcome.stderr().isEmpty() ? "" : "\n--- run stderr ---\n" + outcome.stderr());
            TuningRecord record = judge.ofRun(config, outcome, result, fileName, log, steadiness);
            return Optional.ofNullable(record).map(r -> new Measurement(r, log));
        } finally {
            WorkFolders.deleteQuietly(outputDir);
        }
    }

    private SteadinessProbe.Verdict steadiness(Timing timing) {
        return probe.judge(timing.probeBeforeGflops(), timing.probeAfterGflops(), timing.cpuShare());
    }

    /** What every program of the run gets in its environment: the OpenCL device it runs on, the folder of shared inputs. */
    private Map<String, String> programEnvironment() {
        var out = new java.util.HashMap<>(deviceEnvironment);
        out.putAll(inputEnvironment);
        return out;
    }

    /** Runs a built program on the device: exclusively, pinned when asked, and in quiet mode with no build running. */
    private RunOutcome runOnDevice(Path program, Path outputDir, Map<String, String> runEnvironment) throws IOException, InterruptedException, TuningException {
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
        return switch (project.check().golden()) {
            case Golden.None n -> Map.of();
            case Golden.Files f -> ReferenceOutputs.read(f);
            case Golden.Reference r -> new ReferenceOutputs(project, builds, runner, deviceProcess, programEnvironment()).compute(r, runDir);
        };
    }

    private String readKernel() throws TuningException {
        try {
            return SourceFiles.read(project.kernel().source()).text();
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.INPUT, "cannot read the kernel file " + project.kernel().source() + ": "
                    + (e instanceof java.nio.file.NoSuchFileException ? "file not found" : e.getMessage()));
        }
    }

    private String kernelFileName() {
        return project.kernel().source().getFileName().toString();
    }

    private String setupHash() throws TuningException {
        try {
            return SetupIdentity.of(project);
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.INPUT, "cannot read an input of the project: " + e.getMessage(), e);
        }
    }
}
