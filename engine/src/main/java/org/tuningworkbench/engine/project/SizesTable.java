package org.tuningworkbench.engine.project;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tomlj.TomlTable;

/** Reads {@code [sizes]}: named whole numbers the other tables use in expressions, with the overrides a caller gives. */
final class SizesTable {

    private final TableReader reader;

    SizesTable(TableReader reader) {
        this.reader = reader;
    }

    Sizes read(TomlTable table, Map<String, Long> overrides) {
        var values = new LinkedHashMap<String, Long>();
        var broken = new HashSet<String>();
        if (table != null) {
            for (String key : table.keySet()) {
                if (!TableReader.IDENTIFIER.matcher(key).matches()) {
                    reader.error(table, key, "size name `" + key + "` must be an identifier");
                } else if (table.isLong(List.of(key)) && Math.abs(table.getLong(List.of(key))) > 1L << 53) {
                    reader.error(table, key, "size `" + key + "` = " + table.getLong(List.of(key)) + " is too large to be exact: sizes range from -2^53 to 2^53 ("
                            + Sizes.LARGEST_EXACT + ")");
                    broken.add(key);
                } else if (table.isLong(List.of(key))) {
                    values.put(key, table.getLong(List.of(key)));
                } else {
                    Object found = table.get(List.of(key));
                    reader.error(table, key, "size `" + key + "` must be a whole number, found " + (found instanceof String text ? "\"" + text + "\"" : found));
                    broken.add(key);
                }
            }
        }
        for (var override : overrides.entrySet()) {
            if (values.containsKey(override.getKey()) || broken.remove(override.getKey())) {
                values.put(override.getKey(), override.getValue());
            } else {
                var names = table == null ? List.<String>of() : table.keySet().stream().filter(k -> TableReader.IDENTIFIER.matcher(k).matches()).toList();
                reader.error("cannot set size `" + override.getKey() + "`: the project's [sizes] has "
                        + (names.isEmpty() ? "none" : String.join(", ", names)));
            }
        }
        return new Sizes(values, broken);
    }
}
