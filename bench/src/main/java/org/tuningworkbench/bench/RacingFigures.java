package org.tuningworkbench.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Ranking;

/** The racing part's arithmetic on what was measured: which configs the truth re-measures, how far the pick is behind, what each arm spent. */
final class RacingFigures {

    private RacingFigures() {}

    /**
     * The configs the long re-measurement judges the pick against: the {@code k} fastest of the
     * brute-force ranking, then the pick when it is not among them (its brute-force record).
     */
    static List<TuningRecord> truthCandidates(List<TuningRecord> bruteForce, Config pick, int k) {
        if (k < 1) throw new IllegalArgumentException("the re-measurement needs at least one config, not " + k);
        var out = new ArrayList<>(Ranking.of(bruteForce).ordered().stream().filter(TuningRecord::ok).limit(k).toList());
        if (out.stream().noneMatch(r -> r.configValues().equals(pick))) {
            out.add(bruteForce.stream().filter(r -> r.configValues().equals(pick)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("the pick " + pick + " is not among the brute-force records")));
        }
        return out;
    }

    /**
     * How far the pick is behind the fastest config by the re-measured medians (keyed by
     * {@link Config#key()}): 0 when it is the fastest, 0.05 when it is 5% slower.
     */
    static double pickBehind(Map<String, Double> medianUsByKey, String pickKey) {
        Double pick = medianUsByKey.get(pickKey);
        if (pick == null) throw new IllegalArgumentException("the pick was not re-measured");
        double fastest = medianUsByKey.values().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        if (!(fastest > 0)) throw new IllegalArgumentException("a re-measured median is not positive: " + fastest);
        return pick / fastest - 1;
    }

    /** Whether a pick {@code behind} the fastest (as {@link #pickBehind}) is within {@code tolerance} of it (0.03 for 3%). */
    static boolean within(double behind, double tolerance) {
        return behind <= tolerance + 1e-12;
    }

    /** The racing arm's wall time as a share of the brute-force arm's. */
    static double ratio(double racingS, double bruteForceS) {
        if (!(bruteForceS > 0) || !(racingS >= 0)) throw new IllegalArgumentException("wall times must be positive: " + racingS + " s, " + bruteForceS + " s");
        return racingS / bruteForceS;
    }

    /** The time of the kernel calls the records timed, in milliseconds. */
    static double timedCallsMs(List<TuningRecord> records) {
        return records.stream().mapToDouble(TuningRecord::timedCallsUs).sum() / 1000;
    }

    /** The records' build time, in milliseconds (a build found in the cache counts its look-up). */
    static double buildMs(List<TuningRecord> records) {
        return records.stream().mapToDouble(r -> r.buildMs() == null ? 0 : r.buildMs()).sum();
    }

    /** The samples the records kept. */
    static long samples(List<TuningRecord> records) {
        return records.stream().mapToLong(r -> r.samplesUs().size()).sum();
    }

    /** The engine's own time per config: wall time beyond the timed kernel calls and the builds, per config. */
    static double engineMsPerConfig(double wallMs, double timedCallsMs, double buildMs, int configs) {
        if (configs < 1) throw new IllegalArgumentException("no configs to share the time among");
        return (wallMs - timedCallsMs - buildMs) / configs;
    }
}
