package org.tuningworkbench.engine.recorded;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * What a recorded space's own tuner ranked by, with the values it recorded: the {@link Objective}
 * (its name, {@code time}, {@code score}, {@code GFLOP/s}, and whether higher is better, as a
 * project's {@code [search] objective} has them) and, for each config, the objective's value as the
 * file records it. The objective is the same idea as a project's; what differs is where a config's
 * value comes from: a project's is worked out from the workbench's own record (its median or kernel
 * time, or a metric: {@code tune.Ranking}), a file's is read from the file, and Kernel Tuner's
 * {@code time} is the mean of a config's {@code times} (or what its own metric said), not their
 * median, so the two orders may differ.
 *
 * @param objective      the objective, as the file names it
 * @param directionKnown whether the file or Kernel Tuner's table of known objectives gives its direction; otherwise lower is taken as better
 * @param values         config key ({@link org.tuningworkbench.engine.marker.Config#key()}) to the objective's value, for the configs that have one
 */
public record FileObjective(Objective objective, boolean directionKnown, Map<String, Double> values) {

    /** Kernel Tuner's objectives whose direction it knows (its {@code objective_default_map}): true where higher is better. */
    private static final Map<String, Boolean> KNOWN = Map.ofEntries(Map.entry("time", false), Map.entry("energy", false),
            Map.entry("fitness", true), Map.entry("cost", false), Map.entry("loss", false), Map.entry("GFLOP/s", true),
            Map.entry("TFLOP/s", true), Map.entry("GB/s", true), Map.entry("TB/s", true), Map.entry("GFLOPS/W", true),
            Map.entry("TFLOPS/W", true), Map.entry("GFLOP/J", true), Map.entry("TFLOP/J", true));

    public FileObjective {
        values = Map.copyOf(values);
    }

    /** {@code name} with the direction the file gives ({@code higherIsBetter}, null when it does not), else Kernel Tuner's for a known objective. */
    static FileObjective of(String name, Boolean higherIsBetter, Map<String, Double> values) {
        if (higherIsBetter != null) return new FileObjective(new Objective(name, higherIsBetter), true, values);
        Boolean known = KNOWN.get(name);
        return new FileObjective(new Objective(name, known != null && known), known != null, values);
    }

    /** No values recorded: a space ranked by median alone. */
    static FileObjective none(String name) {
        return of(name, null, Map.of());
    }

    public Optional<Double> valueOf(TuningRecord record) {
        return Optional.ofNullable(values.get(record.configValues().key()));
    }

    /**
     * The successful records that have a value, best first by it; then the other successful ones by
     * median; then the failed ones, in the order given.
     */
    public List<TuningRecord> ranked(List<TuningRecord> records) {
        Comparator<Double> better = objective.higherIsBetter() ? Comparator.reverseOrder() : Comparator.naturalOrder();
        var valued = new ArrayList<TuningRecord>();
        var measured = new ArrayList<TuningRecord>();
        var failed = new ArrayList<TuningRecord>();
        for (TuningRecord r : records) {
            if (!r.ok()) failed.add(r);
            else if (values.containsKey(r.configValues().key())) valued.add(r);
            else measured.add(r);
        }
        valued.sort(Comparator.comparing(r -> values.get(r.configValues().key()), better));
        measured.sort(Comparator.comparing(r -> r.medianUs() == null ? Double.MAX_VALUE : r.medianUs()));
        var out = new ArrayList<TuningRecord>(records.size());
        out.addAll(valued);
        out.addAll(measured);
        out.addAll(failed);
        return out;
    }

    /** The best of {@code records} by the file's objective, as {@code show} and {@code best} rank a recorded space; empty when none succeeded. */
    public Optional<TuningRecord> best(List<TuningRecord> records) {
        return ranked(records).stream().filter(TuningRecord::ok).findFirst();
    }

    /** How the ranking is described: {@code the file's objective `time` (lower is better)}. */
    public String describe() {
        return "the file's objective `" + objective.name() + "` (" + (objective.higherIsBetter() ? "higher" : "lower") + " is better"
                + (directionKnown ? "" : ", as the file does not say") + ")";
    }
}
