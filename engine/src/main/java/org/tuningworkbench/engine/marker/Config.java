package org.tuningworkbench.engine.marker;

import java.util.LinkedHashMap;
import java.util.Map;
import org.tuningworkbench.engine.format.Configs;

/**
 * One configuration to try: parameter name to replacement text, in the order given. A config is
 * identified by its values alone ({@link #key()}, {@link #equals}), never by where it stands in a
 * list nor by its name.
 *
 * <p>Its name is what the person calls the config ({@code cpp_packed_gemm_0}, as Inductor names its
 * choices), or null: a label shown in tables and charts and kept in its record; never a parameter,
 * never substituted.
 */
public final class Config {

    /** The key of a config list's row (imported, or in {@code [[configs]]}) that names the config rather than setting a parameter. */
    public static final String NAME_KEY = "name";

    private final ConfigValues values;
    private final String name;

    public Config(Map<String, String> values, String name) {
        this.values = ConfigValues.copyOf(values);
        this.name = name != null && name.isBlank() ? null : name;
    }

    /** Parameter name to replacement text, in the order given. */
    public Map<String, String> values() {
        return values;
    }

    /** What the person calls the config, or null. */
    public String name() {
        return name;
    }

    /** A config without a name. */
    public Config(Map<String, String> values) {
        this(values, null);
    }

    /** A row of a config list: its {@code name} entry, if any, is the config's name; the rest are its values. */
    public static Config fromRow(Map<String, String> row) {
        var values = new LinkedHashMap<>(row);
        String name = values.remove(NAME_KEY);
        return new Config(values, name);
    }

    /** The config as a row of a config list: {@code name} first when it has one, then the values. */
    public Map<String, String> toRow() {
        var row = new LinkedHashMap<String, String>();
        if (name != null) row.put(NAME_KEY, name);
        row.putAll(values);
        return row;
    }

    /** The config's identity: its values sorted by name, so the order they were given in does not matter ({@link ConfigValues#key()}). */
    public String key() {
        return values.key();
    }

    /** Equal when the values are: the name is a label, not part of the config's identity. */
    @Override
    public boolean equals(Object other) {
        return other instanceof Config c && values.equals(c.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    /** {@code {BM=64, BN=32}}: the form the command line prints. */
    @Override
    public String toString() {
        return Configs.text(values);
    }
}
