package org.tuningworkbench.engine.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.tune.Ranking;

/**
 * The records an analysis looks at and the parameters they vary, each parameter's values in a
 * sensible order: numbers ascending, categories in the order they were declared (or first seen).
 * A baseline record is not a config: leave it out and pass it to the analyses that show it.
 *
 * <p>A record that does not set a parameter (a config keeping the source's value) has the source's
 * value of it, the marker's text, when the source is known ({@code kept}): {@link #value} gives it, and
 * every analysis places the record there. Without the source it has no value on that parameter's axis.
 *
 * @param parameters the parameters, with every value a record holds or keeps
 * @param records    the configs' records, in trial order
 * @param kept       the source's value of each parameter (the marker's text), which a record that does not set it keeps
 */
public record Results(List<Parameter> parameters, List<TuningRecord> records, Map<String, String> kept) {

    public Results {
        parameters = List.copyOf(parameters);
        records = List.copyOf(records);
        kept = Map.copyOf(kept);
    }

    /** The records with parameters read off their configs: numbers when every value of a parameter is one. */
    public static Results of(List<TuningRecord> records) {
        return of(List.of(), records, Map.of());
    }

    /** The records with parameters read off their configs, and the source's values ({@code kept}) of those a config does not set. */
    public static Results of(List<TuningRecord> records, Map<String, String> kept) {
        return of(List.of(), records, kept);
    }

    /**
     * The records with the {@code declared} parameters (a project's space, a recorded space's
     * parameters), completed by any parameter or value the records hold beyond them.
     */
    public static Results of(List<Parameter> declared, List<TuningRecord> records) {
        return of(declared, records, Map.of());
    }

    /**
     * As {@link #of(List, List)}, with the source's value ({@code kept}) of each parameter a record
     * does not set among that parameter's values.
     */
    public static Results of(List<Parameter> declared, List<TuningRecord> records, Map<String, String> kept) {
        Map<String, Set<String>> seen = new LinkedHashMap<>();
        Map<String, Parameter> byName = new HashMap<>();
        for (Parameter p : declared) {
            seen.put(p.name(), new LinkedHashSet<>(p.values()));
            byName.put(p.name(), p);
        }
        for (TuningRecord r : records) {
            r.config().forEach((name, value) -> seen.computeIfAbsent(name, n -> new LinkedHashSet<>()).add(value));
        }
        // Only the parameters configs vary: a value every config keeps is not a choice the results show.
        var keptValues = new LinkedHashMap<String, String>();
        for (TuningRecord r : records) {
            for (var entry : seen.entrySet()) {
                String value = kept.get(entry.getKey());
                if (value != null && !r.config().containsKey(entry.getKey())) {
                    entry.getValue().add(value);
                    keptValues.put(entry.getKey(), value);
                }
            }
        }
        var parameters = new ArrayList<Parameter>();
        seen.forEach((name, values) -> parameters.add(ordered(name, List.copyOf(values), byName.get(name))));
        return new Results(parameters, records, keptValues);
    }

    /** Parameter {@code name}'s value in {@code record}: the record's own, or the source's it keeps; null when neither is known. */
    public String value(TuningRecord record, String name) {
        String own = record.config().get(name);
        return own != null ? own : kept.get(name);
    }

    /** Every value of {@code record}: its own, and the source's of the parameters it keeps. */
    public Map<String, String> valuesOf(TuningRecord record) {
        if (kept.isEmpty() || record.config().keySet().containsAll(kept.keySet())) return record.config();
        var values = new LinkedHashMap<String, String>();
        for (Parameter p : parameters) {
            String v = value(record, p.name());
            if (v != null) values.put(p.name(), v);
        }
        record.config().forEach(values::putIfAbsent);
        return values;
    }

    private static Parameter ordered(String name, List<String> values, Parameter declared) {
        Parameter.Kind kind = declared != null && declared.kind() == Parameter.Kind.CATEGORICAL ? Parameter.Kind.CATEGORICAL : kindOf(values);
        if (kind == Parameter.Kind.CATEGORICAL) return new Parameter(name, kind, values);
        return new Parameter(name, kind, values.stream().sorted(Comparator.comparingDouble(Double::parseDouble)).toList());
    }

    private static Parameter.Kind kindOf(List<String> values) {
        boolean integers = values.stream().allMatch(v -> v.matches("[-+]?\\d{1,18}"));
        if (integers) return Parameter.Kind.INTEGER;
        boolean reals = values.stream().allMatch(Results::isNumber);
        return reals ? Parameter.Kind.REAL : Parameter.Kind.CATEGORICAL;
    }

    private static boolean isNumber(String text) {
        if (!text.matches("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")) return false;
        return Double.isFinite(Double.parseDouble(text));
    }

    /** The parameter called {@code name}. */
    public Optional<Parameter> parameter(String name) {
        return parameters.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** The fastest successful record, if any succeeded: the best by time, as {@link Ranking} ranks. */
    public Optional<TuningRecord> best() {
        return best(Objective.TIME);
    }

    /** The best measured record by {@code objective}, as the grid, the command line and the report rank ({@link Ranking}). */
    public Optional<TuningRecord> best(Objective objective) {
        return Ranking.of(records.stream().filter(Results::measured).toList(), objective).best();
    }

    /** Whether a record has a latency to show: it succeeded and has a median. */
    public static boolean measured(TuningRecord record) {
        return record.ok() && record.medianUs() != null;
    }

    /** The fastest first, failed ones last: the same order as the result table. */
    public Ranking ranking() {
        return Ranking.of(records);
    }

    /** A map from the parameter's values to their positions, so a record's position is one look-up. */
    Map<String, Integer> positions(Parameter parameter) {
        Map<String, Integer> positions = HashMap.newHashMap(parameter.size());
        for (int i = 0; i < parameter.size(); i++) positions.put(parameter.values().get(i), i);
        return positions;
    }
}
