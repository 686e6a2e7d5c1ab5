package org.tuningworkbench.engine.recorded;

import java.util.AbstractList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.RandomAccess;
import java.util.Set;
import org.tuningworkbench.engine.Fingerprint;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.space.SearchSpace;

/**
 * A search space measured in full elsewhere (brute-forced on a GPU, say): its parameters and one
 * record for every config that was tried, failed ones included. Configs the original constraints
 * excluded were never tried, so they are neither recorded nor in {@link #space()}.
 *
 * @param name       what the space is called: its file's name without {@code .json} or {@code .json.gz}
 * @param deviceName the device it was measured on, as the file names it ({@code unknown} when it does not)
 * @param kernelName the kernel measured
 * @param objective  what the original tuning minimised or maximised ({@code time} for every shared space);
 *                   replay always minimises the median time
 * @param parameters the tuned parameters, in the file's order, numbers kept as numbers
 * @param records    one record per config, in the file's order: samples in µs, or a failed status and error
 * @param ranking    the objective's value the file records for each config, by which its own tuner ranked them
 */
public record RecordedSpace(String name, String deviceName, String kernelName, String objective, List<Parameter> parameters,
                            List<TuningRecord> records, FileObjective ranking) {

    public RecordedSpace {
        if (name == null || deviceName == null || kernelName == null || objective == null) {
            throw new IllegalArgumentException("a recorded space needs a name, a device, a kernel and an objective");
        }
        if (ranking == null) ranking = FileObjective.none(objective);
        parameters = List.copyOf(parameters);
        records = records instanceof Indexed indexed ? indexed : new Indexed(parameters, records);
    }

    /** A space that records no objective values of its own: it ranks by median. */
    public RecordedSpace(String name, String deviceName, String kernelName, String objective, List<Parameter> parameters, List<TuningRecord> records) {
        this(name, deviceName, kernelName, objective, parameters, records, null);
    }

    /** Every config of the file, and no other: the configs the original constraints excluded are not in it. */
    public SearchSpace space() {
        Indexed indexed = (Indexed) records;
        SearchSpace space = indexed.space;
        if (space == null) {
            space = SearchSpace.listed(parameters, records.stream().map(TuningRecord::configValues).toList());
            indexed.space = space;
        }
        return space;
    }

    /** The record of {@code config}, whatever order its values are given in; empty when the file does not hold it. */
    public Optional<TuningRecord> lookup(Config config) {
        return Optional.ofNullable(((Indexed) records).byKey.get(config.key()));
    }

    /** The best median time in µs of the configs that succeeded; NaN when none did. */
    public double optimum() {
        return ((Indexed) records).optimum;
    }

    /** What the space's records were measured with, as far as it says: its device; no setup, and "recorded" for the compiler. */
    public TuningRecord.Identity identity() {
        return new TuningRecord.Identity(Fingerprint.of(name(), kernelName()), null, "recorded", deviceName(), null);
    }

    /** How many configs succeeded (have samples and no failure). */
    public int validCount() {
        return ((Indexed) records).valid;
    }

    /** A config's successful record from its samples (µs). */
    public static TuningRecord measured(Map<String, String> config, List<Double> samplesUs) {
        return TuningRecord.of(config, Status.OK, samplesUs);
    }

    /** A config's failed record: its status and what went wrong, no samples. */
    public static TuningRecord failed(Map<String, String> config, Status status, String error) {
        return TuningRecord.builder().config(config).outcome(new TuningRecord.Outcome(status, error, null)).build();
    }

    /**
     * The records, looked up by config key; also holds what is worked out once (the optimum, the
     * space). A list like any other to callers, so the record's equality is that of its parts.
     */
    private static final class Indexed extends AbstractList<TuningRecord> implements RandomAccess {
        final List<TuningRecord> list;
        final Map<String, TuningRecord> byKey;
        final double optimum;
        final int valid;
        volatile SearchSpace space;

        Indexed(List<Parameter> parameters, List<TuningRecord> records) {
            this.list = List.copyOf(records);
            Map<String, Set<String>> allowed = new HashMap<>();
            parameters.forEach(p -> allowed.put(p.name(), new HashSet<>(p.values())));
            this.byKey = HashMap.newHashMap(list.size());
            double best = Double.NaN;
            int ok = 0;
            for (TuningRecord r : list) {
                Map<String, String> values = r.config();
                if (!values.keySet().equals(allowed.keySet())) {
                    throw new IllegalArgumentException("config " + r.configValues() + " does not set exactly the parameters " + allowed.keySet());
                }
                values.forEach((k, v) -> {
                    if (!allowed.get(k).contains(v)) throw new IllegalArgumentException("config " + r.configValues() + ": " + v + " is not a value of " + k);
                });
                if (byKey.put(r.configValues().key(), r) != null) throw new IllegalArgumentException("config " + r.configValues() + " is recorded twice");
                if (r.ok() && r.medianUs() != null) {
                    ok++;
                    if (Double.isNaN(best) || r.medianUs() < best) best = r.medianUs();
                }
            }
            this.optimum = best;
            this.valid = ok;
        }

        @Override
        public TuningRecord get(int index) {
            return list.get(index);
        }

        @Override
        public int size() {
            return list.size();
        }
    }
}
