package org.tuningworkbench.engine.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.exec.Executor;
import org.tuningworkbench.engine.exec.LocalExecutor;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.exec.TuningException;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.stats.SampleStatistics;

/**
 * The closing check of a run: the fastest {@code k} configs are measured again, interleaved (round
 * after round, each config once a round) and each time in a fresh process, so a slow spell of the
 * machine falls on all of them alike. The confirmed figure of a config is the median of its rounds'
 * medians; the ranking held when the confirmed order is the original one. A round takes three
 * samples of a config (or the project's {@code repeat}, when fewer): what the rounds are for is
 * the spread between processes, which more samples in one process do not reduce. It measures
 * through an {@link Executor} as the run does, so it confirms where the run measured.
 */
public final class Confirmation {

    /** The samples a config takes in each round, unless the project asks for fewer or {@link #samplesPerRound} says otherwise. */
    public static final int SAMPLES_PER_ROUND = 3;

    /** The rounds of a confirmation unless told otherwise ({@code --confirm-rounds}, the window's run panel). */
    public static final int ROUNDS = 3;

    /** What a confirmation tells as it goes, on its own thread. */
    @FunctionalInterface
    public interface Progress {
        /** A progress that tells nobody. */
        Progress NONE = (record, round, rounds) -> { };

        /** {@code record}'s config is measured again now, in round {@code round} of {@code rounds}. */
        void measuring(TuningRecord record, int round, int rounds);

        /** The confirmation waits, for the reason given (another run measures on the device); it goes on by itself. */
        default void waiting(String message) {
        }

        /** A progress told as a run's events: {@link TuningEvent.Confirming} and {@link TuningEvent.Waiting}, for a run's listener. */
        static Progress asEvents(int top, Consumer<TuningEvent> events) {
            return new Progress() {
                @Override
                public void measuring(TuningRecord record, int round, int rounds) {
                    events.accept(new TuningEvent.Confirming(record.configValues(), round, rounds, top));
                }

                @Override
                public void waiting(String message) {
                    events.accept(new TuningEvent.Waiting(message));
                }
            };
        }
    }

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

    /** How the confirmation measures a project: on this machine, or where the run measured (a remote target). */
    public interface Executors {
        Executor of(Project project, TuneOptions options);
    }

    private final Project project;
    private final TuneOptions options;
    private final int samplesPerRound;
    private final Executors executors;
    private volatile boolean stopped;
    private volatile Executor measuring;

    /** A confirmation on this machine. */
    public Confirmation(Project project, TuneOptions options) {
        this(project, options, LocalExecutor::new);
    }

    /** A confirmation that measures through {@code executors}, as the run did (the same targets). */
    public Confirmation(Project project, TuneOptions options, Executors executors) {
        this(project, options, Math.min(SAMPLES_PER_ROUND, project.measure().repeat()), executors);
    }

    private Confirmation(Project project, TuneOptions options, int samplesPerRound, Executors executors) {
        if (samplesPerRound < 1) throw new IllegalArgumentException("a round needs at least one sample, not " + samplesPerRound);
        this.project = project;
        this.options = options;
        this.samplesPerRound = samplesPerRound;
        this.executors = executors;
    }

    /**
     * Stops the confirmation at once (a signal, Stop): the build or the run under way is killed and
     * {@link #run} ends with a {@link TuningException} saying it was stopped. Callable from any thread.
     */
    public void stop() {
        stopped = true;
        Executor e = measuring;
        if (e != null) e.stop();
    }

    private void stopIfAsked() throws TuningException {
        if (stopped) throw new TuningException(TuningException.Kind.INPUT, "stopped while confirming the ranking");
    }

    /** The same confirmation taking {@code n} samples of a config each round. */
    public Confirmation samplesPerRound(int n) {
        return new Confirmation(project, options, n, executors);
    }

    /**
     * Re-measures the {@code k} fastest successful records {@code rounds} times each, telling
     * {@code progress} which it measures; {@code label} names a record as the run printed it. Each measurement goes
     * through the executor as the run's did (built from the cache, run in a fresh process, its
     * outputs verified), with racing off and {@link #SAMPLES_PER_ROUND} samples.
     */
    public Result run(List<TuningRecord> records, int k, int rounds, Function<TuningRecord, String> label, Progress progress)
            throws TuningException {
        if (k < 1 || rounds < 1) throw new IllegalArgumentException("k and rounds must be at least 1");
        List<TuningRecord> top = Ranking.of(records).ordered().stream().filter(TuningRecord::ok).limit(k).toList();
        if (top.isEmpty()) return new Result(List.of(), rounds, true, true);
        stopIfAsked();
        var medians = new LinkedHashMap<String, List<Double>>();
        top.forEach(r -> medians.put(key(r), new ArrayList<>()));
        Project measured = project.withMeasure(project.measure().withRepeat(samplesPerRound));
        TuneOptions once = options.toBuilder().racing(Racing.OFF).unsteadyRetries(0).build();
        long samples = 0;
        double callsUs = 0;
        try (Executor executor = executors.of(measured, once)) {
            measuring = executor;
            stopIfAsked();
            executor.open(new Executor.Listener() {
                @Override
                public void built(Config config, BuildResult result) {
                }

                @Override
                public void waiting(String message) {
                    progress.waiting(message);
                }
            });
            for (int round = 1; round <= rounds; round++) {
                for (TuningRecord r : top) {
                    stopIfAsked();
                    progress.measuring(r, round, rounds);
                    var measurement = executor.measure(r.configValues());
                    stopIfAsked();
                    if (measurement.isEmpty()) throw new TuningException(TuningException.Kind.INPUT, "stopped while confirming the ranking");
                    TuningRecord again = measurement.get().record();
                    if (!again.ok() || again.samplesUs().isEmpty()) {
                        throw new TuningException(TuningException.Kind.INPUT, "config " + label.apply(r) + " failed when measured again: "
                                + again.status().label() + (again.error() == null ? "" : " (" + again.error() + ")"));
                    }
                    medians.get(key(r)).add(again.medianUs());
                    samples += again.samplesUs().size();
                    callsUs += again.samplesUs().stream().mapToDouble(Double::doubleValue).sum() * again.timing().callsPerSample();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TuningException(TuningException.Kind.INPUT, "stopped while confirming the ranking");
        } finally {
            measuring = null;
        }
        return judge(top, medians, rounds, label).spent(samples, callsUs);
    }

    private static String key(TuningRecord r) {
        return r.configValues().key();
    }

    /** Compares the confirmed medians' order with the original one. */
    static Result judge(List<TuningRecord> top, Map<String, List<Double>> roundMedians, int rounds, Function<TuningRecord, String> label) {
        var confirmed = new LinkedHashMap<String, Double>();
        roundMedians.forEach((key, values) -> confirmed.put(key, SampleStatistics.of(values.stream().mapToDouble(Double::doubleValue).toArray()).median()));
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
}
