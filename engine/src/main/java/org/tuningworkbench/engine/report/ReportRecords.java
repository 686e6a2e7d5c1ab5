package org.tuningworkbench.engine.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.tuningworkbench.engine.analysis.Results;
import org.tuningworkbench.engine.configs.ConfigNumbers;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Ranking;

/**
 * The records a report keeps of a run's, met one at a time (a record file of a million configs is
 * never held whole): every one up to {@link #ALL_UP_TO} configs; beyond, the {@link #TOP} fastest,
 * the slowest success, a seeded uniform sample of {@link #SAMPLE} configs, and counts of all of them
 * by status and verification. Memory is bounded by those numbers, not by the run's size.
 */
public final class ReportRecords {

    /** Runs of up to this many configs are reported whole. */
    public static final int ALL_UP_TO = 10_000;
    /** Beyond {@link #ALL_UP_TO}: the fastest configs kept, which the result table lists. */
    public static final int TOP = 1_000;
    /** Beyond {@link #ALL_UP_TO}: the configs drawn at random (seeded) for the charts and the per-parameter figures. */
    public static final int SAMPLE = 5_000;

    /**
     * What a report of a sampled run knows of all its configs, beside the records it kept.
     *
     * @param configs      the run's configs
     * @param measured     those that succeeded
     * @param failed       those that did not, by status
     * @param verification every config by how its output compared ({@link ReportText#verificationOf})
     * @param top          how many of the kept records are the fastest ones
     * @param numbers      each kept record's number ({@code No.3}), as for the whole run
     */
    public record Sample(long configs, long measured, Map<Status, Long> failed, Map<String, Long> verification, int top,
                         Map<TuningRecord, Integer> numbers) {
        public Sample {
            failed = Collections.unmodifiableMap(new TreeMap<>(failed));
            verification = Collections.unmodifiableMap(new TreeMap<>(verification));
        }

        /** The kept records that the result table lists: the fastest. */
        public List<TuningRecord> fastest(List<TuningRecord> kept) {
            return Ranking.of(kept).ordered().stream().filter(Results::measured).limit(top).toList();
        }
    }

    /** A record kept with its number and its place in the run. */
    private record Kept(TuningRecord record, int number, long place) {}

    private static final Comparator<Kept> SLOWEST_FIRST = Comparator.comparingDouble((Kept k) -> Ranking.cost(k.record(), Objective.TIME)).reversed();

    private final List<Kept> all = new ArrayList<>();
    private final PriorityQueue<Kept> fastest = new PriorityQueue<>(TOP + 1, SLOWEST_FIRST);
    private final Kept[] drawn = new Kept[SAMPLE];
    private final SplittableRandom random = new SplittableRandom(42);
    private Kept slowest;
    private long configs;
    private long measured;
    private final Map<Status, Long> failed = new TreeMap<>();
    private final Map<String, Long> verification = new TreeMap<>();

    /** The records a report keeps of {@code records}, each numbered as the configs {@code listed} number them ({@link ConfigNumbers}). */
    public static ReportRecords of(List<TuningRecord> records, List<Config> listed) {
        var kept = new ReportRecords();
        var numbers = new ConfigNumbers(listed);
        for (TuningRecord r : records) kept.add(r, numbers.of(r.configValues()));
        return kept;
    }

    /** Takes the next config's record, numbered {@code number}. */
    public void add(TuningRecord record, int number) {
        Kept kept = new Kept(record, number, configs);
        configs++;
        if (Results.measured(record)) measured++;
        else failed.merge(record.status(), 1L, Long::sum);
        verification.merge(ReportText.verificationOf(record), 1L, Long::sum);
        if (configs <= ALL_UP_TO) {
            all.add(kept);
            return;
        }
        if (!all.isEmpty()) {
            // Past the size reported whole: what was kept whole is met again as a sample.
            List<Kept> before = List.copyOf(all);
            all.clear();
            for (int i = 0; i < before.size(); i++) sample(before.get(i), i + 1L);
        }
        sample(kept, configs);
    }

    /** Offers the {@code seen}-th config to the fastest, the slowest and the uniform sample (reservoir sampling). */
    private void sample(Kept kept, long seen) {
        TuningRecord r = kept.record();
        if (Results.measured(r)) {
            fastest.add(kept);
            if (fastest.size() > TOP) fastest.poll();
            if (slowest == null || r.medianUs() > slowest.record().medianUs()) slowest = kept;
        }
        if (seen <= SAMPLE) {
            drawn[(int) (seen - 1)] = kept;
        } else {
            long at = random.nextLong(seen);
            if (at < SAMPLE) drawn[(int) at] = kept;
        }
    }

    /** Whether the run had more configs than are reported whole. */
    public boolean sampled() {
        return configs > ALL_UP_TO;
    }

    /** The kept records in the run's order: all of them, or the fastest, the slowest and the sample. */
    public List<TuningRecord> records() {
        return kept().stream().map(Kept::record).toList();
    }

    private List<Kept> kept() {
        if (!sampled()) return List.copyOf(all);
        var byRecord = new IdentityHashMap<TuningRecord, Kept>();
        fastest.forEach(k -> byRecord.put(k.record(), k));
        if (slowest != null) byRecord.put(slowest.record(), slowest);
        for (Kept k : drawn) if (k != null) byRecord.put(k.record(), k);
        return byRecord.values().stream().sorted(Comparator.comparingLong(Kept::place)).toList();
    }

    /** What is known of all the configs beside the kept ones; empty when every config is kept. */
    public java.util.Optional<Sample> sample() {
        if (!sampled()) return java.util.Optional.empty();
        var numbers = new IdentityHashMap<TuningRecord, Integer>();
        kept().forEach(k -> numbers.put(k.record(), k.number()));
        return java.util.Optional.of(new Sample(configs, measured, failed, verification, fastest.size(), numbers));
    }

    /** The numbers of the kept records. */
    public Map<TuningRecord, Integer> numbers() {
        var numbers = new IdentityHashMap<TuningRecord, Integer>();
        kept().forEach(k -> numbers.put(k.record(), k.number()));
        return numbers;
    }
}
