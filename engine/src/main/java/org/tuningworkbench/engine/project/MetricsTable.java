package org.tuningworkbench.engine.project;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.tomlj.TomlTable;

/**
 * Reads {@code [metrics]}: {@code "GFLOP/s" = "2 * n^3 / 1e9 / (time / 1e3)"}, each name (any text)
 * an expression over the parameters, the sizes, {@code time} in milliseconds and the metrics before it
 * whose names are identifiers, in the order written.
 */
final class MetricsTable {

    private final TableReader reader;

    MetricsTable(TableReader reader) {
        this.reader = reader;
    }

    /** @param known the parameters and the sizes */
    List<Metric> read(TomlTable t, Set<String> known) {
        var metrics = new ArrayList<Metric>();
        if (t == null) return metrics;
        var names = new LinkedHashSet<>(known);
        names.add(Metric.TIME);
        for (String name : t.keySet()) {
            if (name.isBlank() || name.equals(Metric.TIME)) {
                reader.error(t, name, "[metrics] `" + name + "`: a metric needs a name of its own (`time` is the measured time)");
                continue;
            }
            String text = reader.string(t, name, true);
            if (text == null) continue;
            try {
                metrics.add(new Metric(name, Formula.parse(text, names, "[metrics] " + name)));
                if (TableReader.IDENTIFIER.matcher(name).matches()) names.add(name);
            } catch (IllegalArgumentException e) {
                reader.error(t, name, e.getMessage());
            }
        }
        return metrics;
    }
}
