package org.tuningworkbench.engine.project;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * A named quantity recorded with every measured config ({@code [metrics]}), as Kernel Tuner's
 * metrics: an expression over the config's parameters, the project's sizes, {@code time} (the
 * call's time in milliseconds) and the metrics listed before it.
 */
public record Metric(String name, Formula formula) {

    /** The name under which {@code time} is given to the expressions, in milliseconds as Kernel Tuner gives it. */
    public static final String TIME = "time";

    /**
     * Every metric's value for one measured config, in order; a metric that cannot be evaluated for
     * it (a division by zero, a parameter that is not a number) is left out.
     */
    public static Map<String, Double> values(Iterable<Metric> metrics, Map<String, Long> sizes, Map<String, String> params, double timeMs) {
        Map<String, Object> known = new HashMap<>(sizes);
        known.putAll(params);
        known.put(TIME, timeMs);
        var out = new java.util.LinkedHashMap<String, Double>();
        for (Metric m : metrics) {
            OptionalDouble value = m.valueFor(known);
            if (value.isPresent()) {
                out.put(m.name, value.getAsDouble());
                known.put(m.name, value.getAsDouble());
            }
        }
        return out;
    }

    private OptionalDouble valueFor(Map<String, Object> known) {
        try {
            return OptionalDouble.of(formula.evaluate(known));
        } catch (IllegalArgumentException e) {
            return OptionalDouble.empty();
        }
    }
}
