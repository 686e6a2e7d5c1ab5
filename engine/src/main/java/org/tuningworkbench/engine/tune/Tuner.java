package org.tuningworkbench.engine.tune;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.exec.Executor;
import org.tuningworkbench.engine.exec.Targets;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.exec.TuningException;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.SearchSettings;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.LatestRun;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.RecordKey;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.search.Observation;
import org.tuningworkbench.engine.search.PriorAdvice;
import org.tuningworkbench.engine.search.Order;
import org.tuningworkbench.engine.search.SearchStrategy;
import org.tuningworkbench.engine.search.Strategies;
import org.tuningworkbench.engine.space.SearchSpace;

/**
 * The tuning loop: ask the strategy for the next configs, let the executor build them ahead, measure
 * them one at a time, record each, tell the strategy, report events — until the budget is spent,
 * the strategy has nothing left, or {@link #stop()}.
 *
 * <p>Every trial ends with one record, appended to the record file before the next is measured; a
 * fault in one config is its status and never stops the others. With resume, the records an earlier
 * run made for the same kernel, setup, toolchain and device are told to the strategy first and
 * reported as they were; they are not measured again.
 */
public final class Tuner {

    private final Project project;
    private final TuneOptions options;
    private final Executor executor;
    private volatile boolean stopped;

    /** Tunes {@code project} where its {@code [target]} says: this machine when it says nothing. */
    public Tuner(Project project, TuneOptions options) {
        this(project, options, Targets.ofProject(project, options));
    }

    public Tuner(Project project, TuneOptions options, Executor executor) {
        this.project = project;
        this.options = options;
        this.executor = executor;
    }

    /** Stops the run from any thread: what is running is killed, finished records stay. */
    public void stop() {
        stopped = true;
        executor.stop();
    }

    /** Runs the search, reporting to {@code events}; returns the run's records (resumed ones first), baseline excluded. */
    public List<TuningRecord> run(RecordFile records, Consumer<TuningEvent> events) throws TuningException {
        try (executor) {
            TuningRecord.Identity identity = executor.open(new Executor.Listener() {
                @Override
                public void built(Config config, BuildResult result) {
                    events.accept(new TuningEvent.Built(config, result));
                }

                @Override
                public void waiting(String message) {
                    events.accept(new TuningEvent.Waiting(message));
                }

                @Override
                public void notice(String message) {
                    events.accept(new TuningEvent.Notice(message));
                }
            });
            return new Run(records, events, identity).go();
        } catch (java.io.IOException e) {
            throw new TuningException(TuningException.Kind.IO, "cannot write the records: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopped = true;
            return List.of();
        }
    }

    /** One run of the loop and its state. */
    private final class Run {
        final RecordFile records;
        final Consumer<TuningEvent> events;
        final TuningRecord.Identity identity;
        final SearchSettings search = project.search();
        final SearchSpace space = project.candidates().searchSpace();
        final SearchStrategy strategy;
        final PriorAdvice advice;
        final String runId = UUID.randomUUID().toString();
        final List<TuningRecord> results = new ArrayList<>();
        /** Results refused before they were built (invalid_config), which the budget does not count. */
        int notCounted;
        final Set<String> reported = new HashSet<>();
        final Instant start = Instant.now();
        /** The names of the listed configs that have one, by key: looked up for every trial, of which a replay answers thousands a second. */
        final Map<String, String> listedNames = new HashMap<>();
        /** The best record's cost by the objective ({@link Ranking#cost}), which racing races against. */
        Double bestCost;
        /** The earlier run's confirmation that stands as the record file ranks it ({@link LatestRun#standingConfirmation}); null for none. */
        String earlierConfirmation;
        /** Each resumed config's latest record as the file holds it, its confirmation with it, by config key. */
        final Map<String, TuningRecord> recordedEarlier = new HashMap<>();
        /** Whether this run wrote a config's record: an earlier confirmation then no longer stands. */
        boolean measuredAny;

        Run(RecordFile records, Consumer<TuningEvent> events, TuningRecord.Identity identity) throws TuningException {
            this.records = records;
            this.events = events;
            this.identity = identity;
            try {
                this.advice = PriorAdvice.of(space, options.priors());
                this.strategy = Strategies.create(search.strategy(), space, pinned(), search.seed(), search.order(), advice);
            } catch (IllegalArgumentException e) {
                throw new TuningException(TuningException.Kind.INPUT, e.getMessage());
            }
            for (Config c : pinned()) if (c.name() != null) listedNames.putIfAbsent(c.key(), c.name());
        }

        /** The configs a person listed; a project with neither list nor space runs its source as it is. */
        List<Config> pinned() {
            if (project.candidates().listed().isEmpty() && project.candidates().space().isEmpty()) return List.of(new Config(Map.of()));
            return project.candidates().listed();
        }

        List<TuningRecord> go() throws TuningException, java.io.IOException, InterruptedException {
            Map<String, TuningRecord> earlier = earlierRecords();
            var budget = search.budget();
            if (options.moreTrials().isPresent()) {
                budget = budget.withMaxTrials((int) earlier.values().stream().filter(Tuner::countsAgainstBudget).count() + options.moreTrials().getAsInt());
            }
            // Without a list or a space the source as written is the one config (pinned()), which the listed space does not count.
            long size = project.candidates().space().isPresent() ? space.size() + project.candidates().listed().size() : Math.max(space.size(), pinned().size());
            int planned = (int) Math.min(Integer.MAX_VALUE, budget.maxTrials().isPresent() ? Math.min(budget.maxTrials().getAsInt(), size) : size);
            events.accept(new TuningEvent.Started(planned, earlier.size(), identity.toolchain(), identity.device(), strategy.name(),
                    space.describe(), advice.used()));
            baseline();
            for (TuningRecord r : inListedOrder(earlier.values())) {
                strategy.tell(observation(r, search.objective()));
                report(r.name() == null ? r.toBuilder().name(nameOf(r.configValues())).build() : r, true, "");
            }
            var ahead = new ArrayDeque<Config>();
            boolean exhausted = false;
            boolean halted = false;
            try (var measuring = new InFlight(executor)) {
                while (true) {
                    int trials = counted() + measuring.count();
                    if (!stopped && !halted && !budget.spent(trials, Duration.between(start, Instant.now()))) {
                        int room = Math.min(options.lookahead(), budget.remaining(trials)) - ahead.size();
                        if (room > 0 && !exhausted) {
                            var next = new ArrayList<Config>();
                            while (next.isEmpty() && !exhausted) {
                                List<Config> asked = strategy.ask(room);
                                exhausted = asked.isEmpty();
                                // A grid walks configs an earlier run recorded too; they were reported already.
                                asked.stream().filter(c -> !reported.contains(c.key()) && !measuring.contains(c.key())).forEach(next::add);
                            }
                            if (!next.isEmpty()) {
                                var advised = new HashSet<String>();
                                for (Config c : next) if (strategy.advised(c)) advised.add(c.key());
                                events.accept(new TuningEvent.Proposed(next, advised));
                            }
                            for (Config c : next) {
                                ahead.add(c);
                                executor.prepare(c);
                            }
                        }
                        while (measuring.room() && !ahead.isEmpty() && !budget.spent(counted() + measuring.count(), Duration.between(start, Instant.now()))) {
                            Trial trial = new Trial(results.size() + measuring.count() + 1, ahead.poll());
                            events.accept(new TuningEvent.Measuring(trial));
                            measuring.start(trial);
                        }
                    }
                    if (measuring.count() == 0) break;
                    InFlight.Done done = measuring.next();
                    if (done.measurement().isEmpty()) {
                        halted = true;
                        continue;
                    }
                    Executor.Measurement measured = done.measurement().get();
                    TuningRecord record = stamp(measured.record().toBuilder().name(nameOf(done.trial().config())).build(), done.trial().number(), identity);
                    records.append(record);
                    measuredAny = true;
                    strategy.tell(observation(record, search.objective()));
                    report(record, false, measured.log());
                }
            }
            boolean incomplete = stopped;
            List<TuningRecord> ended = standing();
            events.accept(new TuningEvent.Completed(ended, incomplete));
            return ended;
        }

        /**
         * The run's records as the record file ranks them ({@link LatestRun}): a run that measured nothing (every config
         * resumed) wrote nothing after the earlier run's confirmation, which therefore still stands for the configs it measured.
         */
        List<TuningRecord> standing() {
            if (measuredAny || earlierConfirmation == null) return List.copyOf(results);
            return results.stream().map(r -> {
                TuningRecord recorded = recordedEarlier.get(r.configValues().key());
                ConfirmedFigures figures = recorded == null ? null : LatestRun.standing(recorded, earlierConfirmation).confirmation();
                return figures == null ? r : r.confirmed(figures);
            }).toList();
        }

        /** The trials that count against the budget: configs refused before they were built (invalid_config) do not, as Kernel Tuner skips them. */
        int counted() {
            return results.size() - notCounted;
        }

        /** The name a listed config carries ({@code cpp_packed_gemm_0}), whichever instance of it the strategy proposed; null when none. */
        String nameOf(Config config) {
            return config.name() != null ? config.name() : listedNames.get(config.key());
        }

        /**
         * The records of earlier runs as a walk in the listed order meets their configs (the listed
         * configs first, then the space's in its values' order), so they are numbered by their place
         * in the list; in a shuffled order, as the record file holds them.
         */
        List<TuningRecord> inListedOrder(java.util.Collection<TuningRecord> earlier) {
            if (search.order() != Order.LISTED) return List.copyOf(earlier);
            var listed = new HashMap<String, Integer>();
            for (Config c : pinned()) listed.putIfAbsent(c.key(), listed.size());
            java.util.Comparator<TuningRecord> byPlace = java.util.Comparator.comparing(r -> listed.getOrDefault(r.configValues().key(), Integer.MAX_VALUE));
            return earlier.stream().sorted(byPlace.thenComparing(r -> space.positions(r.configValues()).orElse(new int[0]), java.util.Arrays::compare)).toList();
        }

        /** The records of earlier runs for configs this run may measure, by config key (the latest of each). */
        Map<String, TuningRecord> earlierRecords() {
            var out = new LinkedHashMap<String, TuningRecord>();
            if (!options.resume()) return out;
            Set<String> pinnedKeys = new HashSet<>();
            pinned().forEach(c -> pinnedKeys.add(c.key()));
            TuningRecord lastOfRun = null;
            for (TuningRecord r : records.records()) if (r.baseline() == null && r.identity().sameAs(identity)) lastOfRun = r;
            earlierConfirmation = LatestRun.standingConfirmation(lastOfRun);
            for (TuningRecord r : records.records()) {
                // A trial lost on its way back from a remote target, or failed by the machine (a full disk), was never measured: it is measured again.
                if (r.baseline() != null || r.status().measuredAgainOnResume() || !r.identity().sameAs(identity)) continue;
                Config c = r.configValues();
                // The measurement, not an earlier run's confirmation of it: this run's own confirmation, if it makes one, ranks it.
                if (pinnedKeys.contains(c.key()) || project.candidates().space().map(s -> s.contains(c)).orElse(false)) {
                    out.put(c.key(), r.unconfirmed());
                    recordedEarlier.put(c.key(), r);
                }
            }
            return out;
        }

        void report(TuningRecord record, boolean resumed, String log) {
            // Racing races against the best by the objective (by time, the kernels' own time where timed apart), on its wall-clock samples.
            double cost = Ranking.cost(record, search.objective());
            if (record.ok() && record.medianUs() != null && cost < Double.MAX_VALUE && (bestCost == null || cost < bestCost)) {
                bestCost = cost;
                double best = record.medianUs();
                // A record read back from a file may say anything: race only against a real figure.
                if (best > 0 && Double.isFinite(best)) {
                    double[] samples = record.samplesUs().stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).toArray();
                    double slowest = samples.length == 0 ? best : Math.max(best, Racing.slowestUsual(samples));
                    double fastest = record.minUs() != null && record.minUs() > 0 && record.minUs() <= best ? record.minUs() : best;
                    executor.raceAgainst(Racing.Best.of(best, fastest, slowest,
                            record.timing() == null ? null : record.timing().firstCallUs()));
                }
            }
            results.add(record);
            if (!countsAgainstBudget(record)) notCounted++;
            Config config = record.configValues();
            // Its key is made here, once: whoever takes the event (a window's JavaFX thread) finds it made.
            reported.add(config.key());
            events.accept(new TuningEvent.Finished(new Trial(results.size(), config), record, resumed, log));
        }

        void baseline() throws TuningException, java.io.IOException, InterruptedException {
            Optional<TuningRecord.Identity> id = executor.baselineIdentity(identity);
            if (id.isEmpty()) return;
            var key = new RecordKey(id.get().source(), id.get().setup(), id.get().toolchain(), id.get().device(), new Config(Map.of()).key());
            Optional<TuningRecord> earlier = (options.resume() ? records.find(key) : Optional.<TuningRecord>empty())
                    .filter(r -> !r.status().measuredAgainOnResume());
            if (earlier.isPresent()) {
                events.accept(new TuningEvent.BaselineMeasured(earlier.get(), true, ""));
                return;
            }
            Optional<Executor.Measurement> measured = executor.baseline();
            if (measured.isEmpty()) return;
            if (measured.get().skipped() != null) {
                events.accept(new TuningEvent.BaselineSkipped(project.baseline().map(b -> b.label()).orElse("baseline"), measured.get().skipped()));
                return;
            }
            TuningRecord record = stamp(measured.get().record(), 0, id.get());
            records.append(record);
            events.accept(new TuningEvent.BaselineMeasured(record, false, measured.get().log()));
        }

        /** The record as trial {@code trial} of this run, with {@code id}; the instance that measured it stays the record's own. */
        TuningRecord stamp(TuningRecord record, int trial, TuningRecord.Identity id) {
            String instance = record.identity().instance();
            if (instance != null) id = new TuningRecord.Identity(id.source(), id.setup(), id.toolchain(), id.device(), instance);
            // The setting spells out what the identity's setup digests; answers replayed from a recorded space have no setup.
            return record.stamped(runId, trial, strategy.name(), search.seed(), Instant.now().truncatedTo(ChronoUnit.MILLIS).toString(), id,
                    id.setup() == null ? null : TuningRecord.Setting.of(project));
        }
    }

    static boolean countsAgainstBudget(TuningRecord r) {
        return r.status() != Status.INVALID_CONFIG;
    }

    /**
     * What the strategy learns of a record: the objective's value as a cost, less is better (a metric
     * where higher is better as its reciprocal); a record without a positive value of it failed.
     */
    static Observation observation(TuningRecord r, Objective objective) {
        var value = Ranking.value(r, objective);
        if (value.isEmpty() || objective.higherIsBetter() && !(value.getAsDouble() > 0)) return Observation.failed(r.configValues());
        return Observation.ok(r.configValues(), objective.higherIsBetter() ? 1 / value.getAsDouble() : value.getAsDouble());
    }
}
