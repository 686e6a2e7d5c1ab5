package org.tuningworkbench.engine.tune;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
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
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.stats.SampleStatistics;

/**
 * The closing check of a run: the best {@code k} configs by the project's objective are measured again,
 * interleaved (round after round, each config once a round) and each time in a fresh process, so a slow
 * spell of the machine falls on all of them alike. The confirmed value of a config is the median of its
 * rounds' values of the objective (its confirmed median, of their medians), and they are ranked again by
 * it, as {@link Ranking} ranks; the ranking held when the confirmed order is the original one. A round takes three
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

    /**
     * One config's original and confirmed figures: {@code record} is its search record with what the confirmation
     * measured of it ({@link ConfirmedFigures}), as the record file keeps it; {@code label} as the run printed it.
     */
    public record Entry(String label, TuningRecord record) {
        public Entry {
            if (record.confirmation() == null) throw new IllegalArgumentException("an entry's record holds its confirmed figures");
        }

        public ConfirmedFigures figures() { return record.confirmation(); }
        public Map<String, String> config() { return record.config(); }
        public double originalMedianUs() { return record.medianUs(); }
        public List<Double> roundMediansUs() { return figures().roundMediansUs(); }
        public double confirmedMedianUs() { return figures().medianUs(); }
        /** Its value of the objective the confirmation ranked by, as confirmed. */
        public double confirmedValue() { return figures().value(); }
        /** Ranks among the configs measured again, 1-based: by the search's samples, and as confirmed. */
        public int originalRank() { return figures().searchRank(); }
        public int confirmedRank() { return figures().rank(); }
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

        /** {@code records} with each config measured again in its confirmed record: what the run ranks once confirmed ({@link Ranking}). */
        public List<TuningRecord> over(List<TuningRecord> records) {
            var confirmed = new java.util.HashMap<String, TuningRecord>();
            entries.forEach(e -> confirmed.put(key(e.record()), e.record()));
            if (entries.isEmpty()) return records;
            // An earlier confirmation a config carried no longer stands: this one was recorded after it.
            return records.stream().map(r -> r.ok() && r.baseline() == null ? confirmed.getOrDefault(key(r), r.unconfirmed()) : r).toList();
        }

        /** The config measured best again (confirmed rank 1); empty when nothing was confirmed. */
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
     * Re-measures the {@code k} best successful records by the project's objective {@code rounds} times each, telling
     * {@code progress} which it measures, and ranks them again by the same objective; {@code label} names a record as
     * the run printed it. Each measurement goes through the executor as the run's did (built from the cache, run in a
     * fresh process, its outputs verified), with racing off and {@link #SAMPLES_PER_ROUND} samples. Once every
     * round is measured, each config's record with its confirmed figures is appended to {@code recordIn} (when it is
     * not null), so that whoever reads the records later ranks them as the run announced.
     */
    public Result run(List<TuningRecord> records, int k, int rounds, Function<TuningRecord, String> label, Progress progress,
                      RecordFile recordIn) throws TuningException, IOException {
        Result result = run(records, k, rounds, label, progress);
        if (recordIn != null) for (Entry e : result.entries()) recordIn.append(e.record());
        return result;
    }

    /** {@link #run(List, int, int, Function, Progress, RecordFile)} without recording what it found (a lesson's steps). */
    public Result run(List<TuningRecord> records, int k, int rounds, Function<TuningRecord, String> label, Progress progress)
            throws TuningException {
        if (k < 1 || rounds < 1) throw new IllegalArgumentException("k and rounds must be at least 1");
        Objective objective = project.search().objective();
        // Chosen by the search's samples: an earlier confirmation that still stands ({@code Tuner}) does not choose what this one measures.
        List<TuningRecord> top = Ranking.of(records.stream().map(TuningRecord::unconfirmed).toList(), objective).ordered().stream()
                .filter(r -> Ranking.value(r, objective).isPresent()).limit(k).toList();
        if (top.isEmpty()) return new Result(List.of(), rounds, true, true);
        stopIfAsked();
        var measured = new LinkedHashMap<String, List<TuningRecord>>();
        top.forEach(r -> measured.put(key(r), new ArrayList<>()));
        Project measuredProject = project.withMeasure(project.measure().withRepeat(samplesPerRound));
        TuneOptions once = options.toBuilder().racing(Racing.OFF).unsteadyRetries(0).build();
        long samples = 0;
        double callsUs = 0;
        try (Executor executor = executors.of(measuredProject, once)) {
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
                    if (Ranking.sampled(again, objective).isEmpty()) {
                        throw new TuningException(TuningException.Kind.INPUT, "config " + label.apply(r) + " measured again has no value of the objective "
                                + objective + " (its metric could not be evaluated)");
                    }
                    measured.get(key(r)).add(again);
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
        return judge(top, measured, objective, Instant.now().truncatedTo(ChronoUnit.MILLIS).toString(), label).spent(samples, callsUs);
    }

    private static String key(TuningRecord r) {
        return r.configValues().key();
    }

    /**
     * Ranks {@code top} (in the search's order) by their rounds' records by {@code objective}: a config's confirmed value
     * is the median of its rounds' values, its confirmed median the median of their medians; of two as good, the
     * one the search ranked higher comes first. Then compares that order with the search's.
     */
    static Result judge(List<TuningRecord> top, Map<String, List<TuningRecord>> rounds, Objective objective, String at,
                        Function<TuningRecord, String> label) {
        var medians = new LinkedHashMap<String, List<Double>>();
        var values = new LinkedHashMap<String, List<Double>>();
        var cost = new LinkedHashMap<String, Double>();
        for (TuningRecord r : top) {
            List<TuningRecord> again = rounds.get(key(r));
            medians.put(key(r), again.stream().map(TuningRecord::medianUs).toList());
            values.put(key(r), again.stream().map(a -> Ranking.sampled(a, objective).orElseThrow()).toList());
            double value = median(values.get(key(r)));
            cost.put(key(r), objective.higherIsBetter() ? -value : value);
        }
        List<String> original = top.stream().map(Confirmation::key).toList();
        List<String> confirmedOrder = original.stream().sorted(java.util.Comparator.comparingDouble(cost::get)).toList();
        var entries = new ArrayList<Entry>();
        for (int i = 0; i < top.size(); i++) {
            TuningRecord r = top.get(i);
            String key = key(r);
            var figures = ConfirmedFigures.of(at, objective, confirmedOrder.indexOf(key) + 1, i + 1, top.size(), medians.get(key), values.get(key),
                    median(medians.get(key)), median(values.get(key)));
            entries.add(new Entry(label.apply(r), r.unconfirmed().confirmed(figures)));
        }
        boolean held = entries.stream().allMatch(e -> e.originalRank() == e.confirmedRank());
        boolean bestHeld = confirmedOrder.getFirst().equals(original.getFirst());
        return new Result(entries, rounds.values().stream().mapToInt(List::size).max().orElse(0), held, bestHeld);
    }

    private static double median(List<Double> values) {
        return SampleStatistics.of(values.stream().mapToDouble(Double::doubleValue).toArray()).median();
    }
}
