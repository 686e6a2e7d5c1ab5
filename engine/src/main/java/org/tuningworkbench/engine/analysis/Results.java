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
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.tune.Ranking;

/**
 * The records an analysis looks at and the parameters they vary, each parameter's values in a
 * sensible order: numbers ascending, categories in the order they were declared (or first seen).
 * A baseline record is not a config: leave it out and pass it to the analyses that show it.
 *
 * <p>A record that does not set a parameter (a config keeping the source's value) has no value on
 * that parameter's axis: the analyses of that parameter leave it out.
 *
 * @param parameters the parameters, with every value a record holds
 * @param records    the configs' records, in trial order
 */
public record Results(List<Parameter> parameters, List<TuningRecord> records) {

    public Results {
        parameters = List.copyOf(parameters);
        records = List.copyOf(records);
    }

    /** The records with parameters read off their configs: numbers when every value of a parameter is one. */
    public static Results of(List<TuningRecord> records) {
        return of(List.of(), records);
    }

    /**
     * The records with the {@code declared} parameters (a project's space, a recorded space's
     * parameters), completed by any parameter or value the records hold beyond them.
     */
    public static Results of(List<Parameter> declared, List<TuningRecord> records) {
        Map<String, Set<String>> seen = new LinkedHashMap<>();
        Map<String, Parameter> byName = new HashMap<>();
        for (Parameter p : declared) {
            seen.put(p.name(), new LinkedHashSet<>(p.values()));
            byName.put(p.name(), p);
        }
        for (TuningRecord r : records) {
            r.config().forEach((name, value) -> seen.computeIfAbsent(name, n -> new LinkedHashSet<>()).add(value));
        }
        var parameters = new ArrayList<Parameter>();
        seen.forEach((name, values) -> parameters.add(ordered(name, List.copyOf(values), byName.get(name))));
        return new Results(parameters, records);
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

    /** The fastest successful record, if any succeeded. */
    public Optional<TuningRecord> best() {
        return records.stream().filter(Results::measured).min(Comparator.comparingDouble(TuningRecord::medianUs));
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
