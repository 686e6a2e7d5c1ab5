package org.tuningworkbench.engine.configs;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.space.SearchSpace;

/**
 * Value lists as a person types them, one value a line, expanded to every combination by the
 * project's {@link SearchSpace}: first parameter slowest. Parameters with no values are left out.
 */
public final class Combinations {

    /**
     * One value a line: no value may span lines (a marked line takes one line of code), while {@code ;}
     * and {@code ,} occur in code ({@code for (...; ...; ...)}, {@code GemmShape<64, 64, 64>}).
     */
    public static final String SEPARATOR = "\n";

    private Combinations() {}

    public static List<Map<String, String>> of(Map<String, List<String>> valueLists) {
        return space(valueLists).list().stream().map(Config::values).toList();
    }

    /** {@code "32\n 64\n\n128"} gives {@code [32, 64, 128]}; blank lines are dropped. */
    public static List<String> values(String list) {
        return list.lines().map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    /** How many rows {@link #of} would give, without building them. */
    public static long count(Map<String, List<String>> valueLists) {
        return space(valueLists).size();
    }

    private static SearchSpace space(Map<String, List<String>> valueLists) {
        var nonEmpty = new LinkedHashMap<String, List<String>>();
        valueLists.forEach((name, values) -> {
            if (!values.isEmpty()) nonEmpty.put(name, values);
        });
        return SearchSpace.ofTexts(nonEmpty);
    }
}
