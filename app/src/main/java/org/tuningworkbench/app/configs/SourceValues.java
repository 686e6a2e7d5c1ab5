package org.tuningworkbench.app.configs;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.tuningworkbench.engine.marker.TunableLine;
import org.tuningworkbench.engine.marker.TunableSource;

/**
 * What the kernel's source says of each parameter: the value a config that leaves it out keeps, and
 * whether a value fits the parameter's marker.
 */
final class SourceValues {

    private final ObjectProperty<TunableSource> source = new SimpleObjectProperty<>();

    ObjectProperty<TunableSource> property() {
        return source;
    }

    /** The value the source has for {@code parameter}; empty when the source has none. */
    String of(String parameter) {
        TunableLine line = line(parameter);
        return line == null ? "" : line.value();
    }

    /**
     * Why a cell's value cannot be used, or null when it can. A config that does not name a
     * parameter keeps the source's value for it (the vendor form allows that); a cell set to nothing
     * is flagged.
     */
    String problem(ConfigRow row, String parameter) {
        if (!row.sets(parameter)) return null;
        String value = row.value(parameter);
        if (value == null || value.isBlank()) return "is empty";
        TunableLine line = line(parameter);
        return line == null ? null : TunableSource.problemWithValue(line, value);
    }

    /** A config's values with the source's in the places it leaves empty: the config as it is built. */
    Map<String, String> filledIn(Map<String, String> values, List<String> parameters) {
        var all = new HashMap<String, String>();
        for (String p : parameters) {
            String v = values.get(p);
            all.put(p, v == null || v.isBlank() ? of(p) : v);
        }
        values.forEach(all::putIfAbsent);
        return all;
    }

    private TunableLine line(String parameter) {
        TunableSource s = source.get();
        return s == null ? null : s.parameters().get(parameter);
    }
}
