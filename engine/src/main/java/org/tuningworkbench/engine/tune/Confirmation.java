package org.tuningworkbench.engine.tune;

import org.tuningworkbench.engine.WorkFolders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.tuningworkbench.engine.backend.Backend;
import org.tuningworkbench.engine.backend.Backends;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.build.BuildService;
import org.tuningworkbench.engine.build.ToolchainException;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.exec.TuningException;
import org.tuningworkbench.engine.marker.InvalidConfigException;
import org.tuningworkbench.engine.marker.SourceFiles;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.run.Affinity;
import org.tuningworkbench.engine.lock.PidLock;
import org.tuningworkbench.engine.run.Device;
import org.tuningworkbench.engine.exec.DeviceLock;
import org.tuningworkbench.engine.run.ProgramRunner;
import org.tuningworkbench.engine.run.RunOutcome;
import org.tuningworkbench.engine.stats.Statistics;

/**
 * The closing check of a run: the fastest {@code k} configs are measured again, interleaved (round
 * after round, each config once a round) and each time in a fresh process, so a slow spell of the
 * machine falls on all of them alike. The confirmed figure of a config is the median of its rounds'
 * medians; the ranking held when the confirmed order is the original one. A round takes three
 * samples of a config (or the project's {@code repeat}, when fewer): what the rounds are for is
 * the spread between processes, which more samples in one process do not reduce.
 */
public final class Confirmation {

    /** The samples a config takes in each round, unless the project asks for fewer or {@link #samplesPerRound} says otherwise. */
    public static final int SAMPLES_PER_ROUND = 3;

    /** One config's original and confirmed figures; ranks are 1-based among the top k; {@code label} as the run printed it. */
    public record Entry(String label, Map<String, String> config, double originalMedianUs, List<Double> roundMediansUs,
                        double confirmedMedianUs, int originalRank, int confirmedRank) {
        public Entry {
            config = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(config));
            roundMediansUs = List.copyOf(roundMediansUs);
        }
    }

    /**
     * The confirmation's outcome: entries in the original order, whether order and best held, and
     * what it cost: the samples its runs took and the time of their timed kernel calls.
     */
    public record Result(List<Entry> entries, int rounds, boolean rankingHeld, boolean bestHeld, long samples, double timedCallsUs) {
        public Result {
            entries = List.copyOf(entries);
        }

        /** A verdict before its runs are counted. */
        Result(List<Entry> entries, int rounds, boolean rankingHeld, boolean bestHeld) {
            this(entries, rounds, rankingHeld, bestHeld, 0, 0);
        }

        Result spent(long samplesTaken, double callsUs) {
            return new Result(entries, rounds, rankingHeld, bestHeld, samplesTaken, callsUs);
        }

        /** The config measured fastest again (confirmed rank 1); empty when nothing was confirmed. */
        public java.util.Optional<Entry> confirmedBest() {
            return entries.stream().filter(e -> e.confirmedRank() == 1).findFirst();
        }
    }

    private final Project project;
    private final TuneOptions options;
    private final int samplesPerRound;
    private final Backend backend;
    private final ChildProcess process = new ChildProcess();
    private volatile boolean stopped;
    private volatile BuildService builds;

    public Confirmation(Project project, TuneOptions options) {
        this(project, options, Math.min(SAMPLES_PER_ROUND, project.measure().repeat()));
    }

    private Confirmation(Project project, TuneOptions options, int samplesPerRound) {
        if (samplesPerRound < 1) throw new IllegalArgumentException("a round needs at least one sample, not " + samplesPerRound);
        this.project = project;
        this.backend = Backends.of(project);
        this.options = options;
        this.samplesPerRound = samplesPerRound;
    }

    /**
     * Stops the confirmation at once (a signal, Stop): the build or the run under way is killed and
     * {@link #run} ends with a {@link TuningException} saying it was stopped. Callable from any thread.
     */
    public void stop() {
        stopped = true;
        process.cancel();
        BuildService b = builds;
        if (b != null) b.stop();
    }

    private void stopIfAsked() throws TuningException {
        if (stopped) throw new TuningException(TuningException.Kind.INPUT, "stopped while confirming the ranking");
    }

    /** The same confirmation taking {@code n} samples of a config each round. */
    public Confirmation samplesPerRound(int n) {
        return new Confirmation(project, options, n);
    }

    /**
     * Re-measures the {@code k} fastest successful records {@code rounds} times each, reporting
     * progress lines; {@code label} names a record as the run printed it.
     */
    public Result run(List<TuningRecord> records, int k, int rounds, Function<TuningRecord, String> label, Consumer<String> progress)
            throws TuningException {
        if (k < 1 || rounds < 1) throw new IllegalArgumentException("k and rounds must be at least 1");
        List<TuningRecord> top = Ranking.of(records).ordered().stream().filter(TuningRecord::ok).limit(k).toList();
        if (top.isEmpty()) return new Result(List.of(), rounds, true, true);
        stopIfAsked();
        Map<String, Path> programs = programs(top, label);
        Affinity affinity = options.pin() ? Affinity.pinned(Affinity.allowedCpus()) : Affinity.NONE;
        var medians = new LinkedHashMap<String, List<Double>>();
        top.forEach(r -> medians.put(key(r), new ArrayList<>()));
        var measure = project.measure().withRepeat(samplesPerRound);
        Path work = options.newRunDir("confirm-");
        java.util.Optional<PidLock> lock = java.util.Optional.empty();
        long samples = 0;
        double callsUs = 0;
        try {
            Backend.Placement placement = backend.place(project, options.cacheDir());
            var environment = new java.util.HashMap<>(affinity.runEnvironment());
            environment.putAll(placement.environment());
            ProgramRunner runner = backend.runner(project);
            lock = DeviceLock.acquire(options.cacheDir(), placement.device(), options.waitForDevice(), progress, () -> stopped);
            for (int round = 1; round <= rounds; round++) {
                for (TuningRecord r : top) {
                    stopIfAsked();
                    Path out = Files.createTempDirectory(work, "round-" + round + "-");
                    RunOutcome outcome = runner.run(programs.get(key(r)), out, measure, process, environment);
                    WorkFolders.deleteQuietly(out);
                    stopIfAsked();
                    if (!(outcome instanceof RunOutcome.Measured m) || m.timing().samplesUs().length == 0) {
                        throw new TuningException(TuningException.Kind.INPUT, "config " + label.apply(r) + " failed when measured again");
                    }
                    medians.get(key(r)).add(Statistics.of(m.timing().samplesUs()).median());
                    samples += m.timing().samplesUs().length;
                    callsUs += m.timing().timedCallsUs();
                    progress.accept("confirm round " + round + "/" + rounds + ": " + label.apply(r));
                }
            }
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.IO, "cannot measure the top configs again: " + e.getMessage(), e);
        } catch (ToolchainException e) {
            throw new TuningException(TuningException.Kind.TOOLCHAIN, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TuningException(TuningException.Kind.INPUT, "stopped while confirming the ranking");
        } finally {
            lock.ifPresent(PidLock::close);
            WorkFolders.deleteQuietly(work);
        }
        return judge(top, medians, rounds, label).spent(samples, callsUs);
    }

    private static String key(TuningRecord r) {
        return r.configValues().key();
    }

    /** Compares the confirmed medians' order with the original one. */
    static Result judge(List<TuningRecord> top, Map<String, List<Double>> roundMedians, int rounds, Function<TuningRecord, String> label) {
        var confirmed = new LinkedHashMap<String, Double>();
        roundMedians.forEach((key, values) -> confirmed.put(key, Statistics.of(values.stream().mapToDouble(Double::doubleValue).toArray()).median()));
        List<String> original = top.stream().map(Confirmation::key).toList();
        List<String> confirmedOrder = confirmed.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().thenComparing(e -> original.indexOf(e.getKey())))
                .map(Map.Entry::getKey).toList();
        var entries = new ArrayList<Entry>();
        for (int i = 0; i < top.size(); i++) {
            TuningRecord r = top.get(i);
            entries.add(new Entry(label.apply(r), r.config(), r.medianUs(), roundMedians.get(key(r)), confirmed.get(key(r)), i + 1,
                    confirmedOrder.indexOf(key(r)) + 1));
        }
        boolean held = entries.stream().allMatch(e -> e.originalRank() == e.confirmedRank());
        boolean bestHeld = confirmedOrder.getFirst().equals(original.getFirst());
        return new Result(entries, rounds, held, bestHeld);
    }

    private Map<String, Path> programs(List<TuningRecord> top, Function<TuningRecord, String> label) throws TuningException {
        try {
            String text = SourceFiles.read(project.kernel()).text();
            TunableSource source = project.tunableSource(text);
            String fileName = project.kernel().getFileName().toString();
            var programs = new LinkedHashMap<String, Path>();
            try (var service = BuildService.forKernel(project, backend.recipe(project), options.cacheDir(), 1, false, List.of())) {
                builds = service;
                for (TuningRecord r : top) {
                    stopIfAsked();
                    var variant = source.substitute(r.configValues());
                    BuildResult built = service.build(fileName, variant.text(), project.entry(), "");
                    stopIfAsked();
                    if (!(built instanceof BuildResult.Built b)) {
                        throw new TuningException(TuningException.Kind.INPUT, "config " + label.apply(r) + " no longer builds");
                    }
                    programs.put(key(r), b.program());
                }
            }
            return programs;
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.IO, "cannot rebuild the top configs: " + e.getMessage(), e);
        } catch (ToolchainException e) {
            throw new TuningException(TuningException.Kind.TOOLCHAIN, e.getMessage());
        } catch (InvalidConfigException e) {
            throw new TuningException(TuningException.Kind.INPUT, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TuningException(TuningException.Kind.INPUT, "stopped while confirming the ranking");
        }
    }
}
