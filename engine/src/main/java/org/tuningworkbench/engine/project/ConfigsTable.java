package org.tuningworkbench.engine.project;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.tomlj.TomlArray;
import org.tomlj.TomlTable;
import org.tuningworkbench.engine.marker.Config;

/** Reads {@code [[configs]]}: configs listed by hand, each a table of parameter values with an optional name. */
final class ConfigsTable {

    private final TableReader reader;

    ConfigsTable(TableReader reader) {
        this.reader = reader;
    }

    List<Config> read(TomlTable root) {
        var configs = new ArrayList<Config>();
        TomlArray array = reader.array(root, "configs");
        if (array == null) return configs;
        for (int i = 0; i < array.size(); i++) {
            if (!(array.get(i) instanceof TomlTable t)) {
                reader.errorAt(array.inputPositionOf(i), "each entry of configs must be a table of parameter = \"value\"");
                continue;
            }
            var values = new LinkedHashMap<String, String>();
            String configName = null;
            for (String key : t.keySet()) {
                Object value = t.get(List.of(key));
                if (key.equals(Config.NAME_KEY)) {
                    // The config's name, such as "cpp_packed_gemm_0": a label, not a parameter.
                    if (value instanceof String s && !s.isBlank()) configName = s;
                    else reader.error(t, key, "config No." + (i + 1) + ": `name` must be text in quotes, such as name = \"cpp_packed_gemm_0\"");
                    continue;
                }
                if (value instanceof String s) values.put(key, s);
                else if (value instanceof Long || value instanceof Double || value instanceof Boolean) values.put(key, value.toString());
                else reader.error(t, key, "config No." + (i + 1) + ": the value of `" + key + "` must be text or a number");
            }
            configs.add(new Config(values, configName));
        }
        return configs;
    }
}
