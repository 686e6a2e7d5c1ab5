package org.tuningworkbench.engine.project;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import org.tomlj.TomlArray;
import org.tomlj.TomlTable;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.space.Constraint;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.space.SearchSpace;

/** Reads {@code [space]}: the parameters to tune, their values and the constraints between them. */
final class SpaceTable {

    private final TableReader reader;

    SpaceTable(TableReader reader) {
        this.reader = reader;
    }

    /**
     * {@code [space]}: each parameter with its values (a list of numbers or text, {@code {range = [16, 128],
     * step = 16}} or {@code {pow2 = [16, 256]}}) and {@code constraints}, a list of expressions over
     * parameters and sizes. It stays a space: nothing is expanded here.
     */
    Optional<SearchSpace> read(TomlTable t, Sizes sizes) {
        if (t == null) return Optional.empty();
        var parameters = new ArrayList<Parameter>();
        for (String key : t.keySet()) {
            if (key.equals("constraints")) continue;
            try {
                Parameter p = parameter(t, key);
                if (p != null) parameters.add(p);
            } catch (IllegalArgumentException e) {
                reader.error(t, key, "[space] " + e.getMessage());
            }
        }
        if (parameters.isEmpty()) {
            if (t.keySet().stream().allMatch(k -> k.equals("constraints"))) reader.error(t, null, "[space] names no parameters");
            return Optional.empty();
        }
        var constraints = new ArrayList<Constraint>();
        Object listed = t.get(List.of("constraints"));
        if (listed != null) {
            if (!(listed instanceof TomlArray array)) {
                reader.error(t, "constraints", "[space] constraints must be a list of expressions in quotes, e.g. [\"BM * BK <= 4096\"]");
            } else {
                var names = new LinkedHashSet<String>();
                parameters.forEach(p -> names.add(p.name()));
                for (int i = 0; i < array.size(); i++) {
                    if (!(array.get(i) instanceof String text)) {
                        reader.errorAt(array.inputPositionOf(i), "each constraint must be an expression in quotes");
                        continue;
                    }
                    try {
                        sizes.requireKnown(text);
                        constraints.add(Constraint.parse(text, names, sizes.values()));
                    } catch (Sizes.BrokenSize e) {
                        // That size's own error says what is wrong.
                    } catch (IllegalArgumentException e) {
                        reader.errorAt(array.inputPositionOf(i), e.getMessage());
                    }
                }
            }
        }
        try {
            SearchSpace space = SearchSpace.of(parameters, constraints);
            Config first = space.at(0);
            for (Constraint c : constraints) {
                try {
                    c.check(first.values());
                } catch (IllegalArgumentException e) {
                    reader.error(t, "constraints", e.getMessage());
                }
            }
            return Optional.of(space);
        } catch (ArithmeticException e) {
            reader.error(t, null, "[space] holds more than 2^63 combinations");
            return Optional.empty();
        }
    }

    private Parameter parameter(TomlTable t, String key) {
        Object value = t.get(List.of(key));
        if (value instanceof TomlTable form) {
            if (form.get(List.of("range")) instanceof TomlArray range && range.size() == 2 && range.get(0) instanceof Long lo && range.get(1) instanceof Long hi) {
                Object step = form.get(List.of("step"));
                if (step != null && !(step instanceof Long)) throw new IllegalArgumentException("`" + key + "`: step must be a whole number");
                return Parameter.range(key, lo, hi, step == null ? 1 : (Long) step);
            }
            if (form.get(List.of("pow2")) instanceof TomlArray range && range.size() == 2 && range.get(0) instanceof Long lo && range.get(1) instanceof Long hi) {
                return Parameter.powersOfTwo(key, lo, hi);
            }
            throw new IllegalArgumentException("`" + key + "` must be a list of values, {range = [FIRST, LAST], step = N} or {pow2 = [LOW, HIGH]}");
        }
        List<Object> items = value instanceof TomlArray a ? a.toList() : List.of(value);
        for (Object item : items) {
            if (!(item instanceof String || item instanceof Long || item instanceof Double || item instanceof Boolean)) {
                throw new IllegalArgumentException("`" + key + "`: each value must be text or a number");
            }
        }
        if (items.isEmpty()) throw new IllegalArgumentException("`" + key + "` lists no values");
        return Parameter.of(key, items);
    }
}
