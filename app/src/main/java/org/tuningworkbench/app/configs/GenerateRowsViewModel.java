package org.tuningworkbench.app.configs;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.configs.Combinations;

/** Value lists per parameter (one value a line), starting at the source's values, and how many rows they make. */
public final class GenerateRowsViewModel {

    private final Map<String, StringProperty> lists = new LinkedHashMap<>();
    private final ReadOnlyStringWrapper count = new ReadOnlyStringWrapper();

    public GenerateRowsViewModel(Map<String, String> sourceValues) {
        sourceValues.forEach((name, value) -> {
            var list = new SimpleStringProperty(value);
            list.addListener((obs, was, now) -> recount());
            lists.put(name, list);
        });
        recount();
    }

    /** The parameters, in the source's order, each with its value list's text. */
    public Map<String, StringProperty> lists() {
        return lists;
    }

    /** "12 configs will be added". */
    public ReadOnlyStringProperty countProperty() {
        return count.getReadOnlyProperty();
    }

    public Map<String, String> valueLists() {
        var out = new LinkedHashMap<String, String>();
        lists.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }

    private void recount() {
        var parsed = new LinkedHashMap<String, List<String>>();
        lists.forEach((k, v) -> parsed.put(k, Combinations.values(v.get())));
        long n = Combinations.count(parsed);
        count.set(Counts.of(n, "config") + " will be added");
    }
}
