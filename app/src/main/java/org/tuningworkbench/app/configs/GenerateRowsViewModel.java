package org.tuningworkbench.app.configs;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.configs.Combinations;

/**
 * Value lists per parameter (one value a line), starting at the source's values, and how many rows they make:
 * the combinations the grid holds already are left out, and the count says how many.
 */
public final class GenerateRowsViewModel {

    /** Up to how many combinations the count finds those the grid holds (each keystroke counts again). */
    static final long CHECKED_AGAINST_THE_GRID = 100_000;

    private final Map<String, StringProperty> lists = new LinkedHashMap<>();
    private final ReadOnlyStringWrapper count = new ReadOnlyStringWrapper();
    private final Function<Map<String, String>, List<Map<String, String>>> notHeld;

    /** Lists for a grid that holds no row yet. */
    public GenerateRowsViewModel(Map<String, String> sourceValues) {
        this(sourceValues, lists -> null);
    }

    /** Lists for {@code grid}, whose rows are left out of what they add ({@link ConfigGridViewModel#notHeld}). */
    public GenerateRowsViewModel(Map<String, String> sourceValues, ConfigGridViewModel grid) {
        this(sourceValues, grid::notHeld);
    }

    private GenerateRowsViewModel(Map<String, String> sourceValues, Function<Map<String, String>, List<Map<String, String>>> notHeld) {
        this.notHeld = notHeld;
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

    /** "12 configs will be added", "10 configs will be added; 2 already in the grid left out". */
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
        List<Map<String, String>> added = n > CHECKED_AGAINST_THE_GRID ? null : notHeld.apply(valueLists());
        if (added == null || added.size() == n) {
            count.set(Counts.of(n, "config") + " will be added");
        } else {
            count.set(Counts.of(added.size(), "config") + " will be added; " + (n - added.size()) + " already in the grid left out");
        }
    }
}
