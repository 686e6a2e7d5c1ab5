package org.tuningworkbench.engine.project;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tomlj.TomlArray;
import org.tomlj.TomlTable;

/** Reads {@code [baseline]}: the reference implementation every config is compared with. */
final class BaselineTable {

    private final TableReader reader;

    BaselineTable(TableReader reader) {
        this.reader = reader;
    }

    Optional<Baseline> read(TomlTable t, Path kernel) {
        if (t == null) return Optional.empty();
        reader.checkKeys(t, Set.of("label", "function", "source", "flags", "environments"));
        String function = reader.string(t, "function", true);
        String source = reader.string(t, "source", false);
        Path path = source == null ? kernel : reader.resolve(t, "source", source);
        if (source != null && path != null && !Files.isRegularFile(path)) reader.error(t, "source", "baseline source not found: " + path);
        if (function != null && !TableReader.IDENTIFIER.matcher(function).matches()) reader.error(t, "function", "`" + function + "` is not a function name");
        String label = Optional.ofNullable(reader.string(t, "label", false)).orElse(function);
        String flags = Optional.ofNullable(reader.string(t, "flags", false)).orElse("");
        var environments = new ArrayList<Map<String, String>>();
        Object listed = t.get(List.of("environments"));
        if (listed instanceof TomlArray array) {
            for (int i = 0; i < array.size(); i++) {
                if (!(array.get(i) instanceof TomlTable env)) {
                    reader.errorAt(array.inputPositionOf(i), "each of [baseline] environments must be a table such as {OPENBLAS_CORETYPE = \"Haswell\"}");
                    continue;
                }
                var values = new LinkedHashMap<String, String>();
                for (String key : env.keySet()) {
                    if (env.get(List.of(key)) instanceof String value) values.put(key, value);
                    else reader.errorAt(array.inputPositionOf(i), "[baseline] environments: `" + key + "` must be text in quotes");
                }
                environments.add(values);
            }
        } else if (listed != null) {
            reader.error(t, "environments", "[baseline] environments must be a list of tables, e.g. [{OPENBLAS_CORETYPE = \"Haswell\"}, {}]");
        }
        return function == null || path == null ? Optional.empty() : Optional.of(new Baseline(label, path, function, flags, environments));
    }
}
