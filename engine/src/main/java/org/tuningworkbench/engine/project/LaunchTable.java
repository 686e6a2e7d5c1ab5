package org.tuningworkbench.engine.project;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.tomlj.TomlArray;
import org.tomlj.TomlPosition;
import org.tomlj.TomlTable;
import org.tuningworkbench.bridge.Language;

/**
 * Reads {@code [launch]}: an OpenCL kernel's work sizes derived from each config with Kernel Tuner's
 * names and meaning ({@code problem_size}, {@code grid_div_x/y/z}, {@code block_size_names}); see
 * {@link LaunchGeometry}.
 */
final class LaunchTable {

    private static final List<String> GRID_DIV = List.of("grid_div_x", "grid_div_y", "grid_div_z");

    private final TableReader reader;

    LaunchTable(TableReader reader) {
        this.reader = reader;
    }

    /**
     * @param known the names its expressions may use: the sizes and the parameters
     */
    Optional<LaunchGeometry> read(TomlTable root, Language language, Set<String> known) {
        TomlTable t = reader.table(root, "launch", false);
        if (t == null) return Optional.empty();
        if (language != null && language != Language.OPENCL) {
            reader.error(root, "launch", "[launch] gives an OpenCL kernel's work sizes; a C or C++ entry is called once per call");
            return Optional.empty();
        }
        for (String other : List.of("launches")) {
            if (root.contains(other)) reader.error(root, other, "give the work sizes once: [launch] derives them from each config, [[launches]] lists them");
        }
        reader.checkKeys(t, Set.of("problem_size", "grid_div_x", "grid_div_y", "grid_div_z", "block_size_names"));
        List<Formula> problem = problemSize(t, known);
        var divisors = new ArrayList<Optional<List<Formula>>>();
        for (String key : GRID_DIV) divisors.add(t.contains(key) ? Optional.ofNullable(formulas(t, key, known)) : Optional.empty());
        List<String> names = blockSizeNames(t);
        if (problem == null || names == null || divisors.stream().anyMatch(d -> d.isPresent() && d.get() == null)) return Optional.empty();
        return Optional.of(new LaunchGeometry(problem, divisors, names));
    }

    /** {@code problem_size}: a number, an expression, or a list of 1 to 3 of them. */
    private List<Formula> problemSize(TomlTable t, Set<String> known) {
        if (!t.contains("problem_size")) {
            reader.error(t, null, "[launch] needs problem_size: the work per dimension, such as [\"n\"] or [\"m\", \"n\"] (expressions over [sizes])");
            return null;
        }
        List<Formula> out = formulas(t, "problem_size", known);
        if (out != null && (out.isEmpty() || out.size() > 3)) {
            reader.error(t, "problem_size", "problem_size gives 1 to 3 dimensions, found " + out.size());
            return null;
        }
        return out;
    }

    /** A number, an expression in quotes, or a list of them; null after an error. */
    private List<Formula> formulas(TomlTable t, String key, Set<String> known) {
        Object value = t.get(List.of(key));
        String usage = "`" + key + "` is a number, an expression in quotes or a list of them, such as [\"block_size_x\", \"tile_size_x\"]";
        if (value instanceof TomlArray array) {
            var out = new ArrayList<Formula>();
            for (int i = 0; i < array.size(); i++) {
                Formula f = formula(array.get(i), key, known, array.inputPositionOf(i), usage);
                if (f == null) return null;
                out.add(f);
            }
            return out;
        }
        Formula f = formula(value, key, known, t.inputPositionOf(List.of(key)), usage);
        return f == null ? null : List.of(f);
    }

    private Formula formula(Object value, String key, Set<String> known, TomlPosition at, String usage) {
        try {
            return switch (value) {
                case Long n -> Formula.of(n);
                case String text -> Formula.parse(text, known, key);
                default -> {
                    reader.errorAt(at, usage);
                    yield null;
                }
            };
        } catch (IllegalArgumentException e) {
            reader.errorAt(at, e.getMessage());
            return null;
        }
    }

    /** {@code block_size_names}: 1 to 3 parameter names; the dimensions not named keep Kernel Tuner's names. */
    private List<String> blockSizeNames(TomlTable t) {
        if (!t.contains("block_size_names")) return LaunchGeometry.DEFAULT_BLOCK_SIZE_NAMES;
        String usage = "block_size_names lists the parameters that hold the work-group size, such as [\"BLOCK_X\", \"BLOCK_Y\"]";
        if (!(t.get(List.of("block_size_names")) instanceof TomlArray array) || array.isEmpty() || array.size() > 3) {
            reader.error(t, "block_size_names", usage);
            return null;
        }
        var names = new ArrayList<>(LaunchGeometry.DEFAULT_BLOCK_SIZE_NAMES);
        for (int i = 0; i < array.size(); i++) {
            if (!(array.get(i) instanceof String name) || !TableReader.IDENTIFIER.matcher(name).matches()) {
                reader.errorAt(array.inputPositionOf(i), usage);
                return null;
            }
            names.set(i, name);
        }
        return names;
    }
}
