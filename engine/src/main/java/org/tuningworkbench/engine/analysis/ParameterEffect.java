package org.tuningworkbench.engine.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.space.Parameter;

/**
 * What one parameter does to the latency: for each of its values, the spread of the median
 * latencies of the configs that take it, and how many of them failed.
 *
 * @param parameter the parameter, its values in order
 * @param values    one entry per value, in the parameter's order (values no record holds included, empty)
 * @param others    whether the other parameters were free or held at the best config's values
 */
public record ParameterEffect(Parameter parameter, List<ValueEffect> values, Others others) {

    /** How the parameters other than the one looked at are treated. */
    public enum Others {
        /** Every config counts, whatever its other values: the effect on average over the space. */
        FREE,
        /** Only configs equal to the best one but for this parameter count: the effect around the best. */
        AT_BEST
    }

    /**
     * One value of the parameter.
     *
     * @param value   the value, as the config gives it
     * @param latency the spread of the successful configs' median latencies in µs; empty when none succeeded
     * @param failed  how many configs with this value failed (any status but ok)
     */
    public record ValueEffect(String value, Optional<Spread> latency, int failed) {
        /** How many configs hold this value, successful or not. */
        public int count() {
            return latency.map(Spread::count).orElse(0) + failed;
        }
    }

    public ParameterEffect {
        values = List.copyOf(values);
    }

    /**
     * How much the parameter matters: the slowest value's median latency divided by the fastest
     * value's (1 when it makes no difference); NaN when fewer than two values have a success.
     */
    public double influence() {
        double[] medians = values.stream().flatMap(v -> v.latency().stream()).mapToDouble(Spread::median).toArray();
        if (medians.length < 2) return Double.NaN;
        double fastest = Double.MAX_VALUE;
        double slowest = 0;
        for (double m : medians) {
            fastest = Math.min(fastest, m);
            slowest = Math.max(slowest, m);
        }
        return slowest / fastest;
    }

    /** The value whose configs have the lowest median latency. */
    public Optional<ValueEffect> fastestValue() {
        return values.stream().filter(v -> v.latency().isPresent())
                .min(java.util.Comparator.comparingDouble(v -> v.latency().get().median()));
    }

    /** Every parameter's effect, in the parameters' order, the best by time. With {@link Others#AT_BEST} and no success, every value is empty. */
    public static List<ParameterEffect> of(Results results, Others others) {
        return of(results, others, Objective.TIME);
    }

    /** As {@link #of(Results, Others)}, {@link Others#AT_BEST} holding the others at the best config by {@code objective} (as the grid ranks). */
    public static List<ParameterEffect> of(Results results, Others others, Objective objective) {
        List<Parameter> parameters = results.parameters();
        int n = parameters.size();
        var positions = new ArrayList<Map<String, Integer>>();
        var tallies = new ArrayList<Latencies[]>();
        for (Parameter p : parameters) {
            positions.add(results.positions(p));
            Latencies[] t = new Latencies[p.size()];
            for (int i = 0; i < t.length; i++) t[i] = new Latencies();
            tallies.add(t);
        }
        Map<String, String> best = results.best(objective).map(results::valuesOf).orElse(null);
        if (others == Others.AT_BEST && best == null) return build(parameters, tallies, others);
        for (TuningRecord r : results.records()) {
            int only = -1; // AT_BEST: the one parameter this config differs from the best in (-1: none)
            if (others == Others.AT_BEST) {
                int differing = 0;
                for (int p = 0; p < n && differing < 2; p++) {
                    String name = parameters.get(p).name();
                    if (!java.util.Objects.equals(results.value(r, name), best.get(name))) {
                        differing++;
                        only = p;
                    }
                }
                if (differing > 1) continue;
            }
            for (int p = 0; p < n; p++) {
                if (only >= 0 && p != only) continue;
                Integer at = positions.get(p).get(results.value(r, parameters.get(p).name()));
                if (at != null) tallies.get(p)[at].add(r);
            }
        }
        return build(parameters, tallies, others);
    }

    /** The effects ordered by influence, the most influential first (parameters with none last). */
    public static List<ParameterEffect> byInfluence(List<ParameterEffect> effects) {
        return effects.stream().sorted(java.util.Comparator.comparingDouble((ParameterEffect e) ->
                Double.isNaN(e.influence()) ? 0 : e.influence()).reversed()).toList();
    }

    private static List<ParameterEffect> build(List<Parameter> parameters, List<Latencies[]> tallies, Others others) {
        var effects = new ArrayList<ParameterEffect>();
        for (int p = 0; p < parameters.size(); p++) {
            Parameter parameter = parameters.get(p);
            var values = new ArrayList<ValueEffect>();
            for (int i = 0; i < parameter.size(); i++) {
                Latencies t = tallies.get(p)[i];
                values.add(new ValueEffect(parameter.values().get(i), t.spread(), t.failed()));
            }
            effects.add(new ParameterEffect(parameter, values, others));
        }
        return effects;
    }
}
