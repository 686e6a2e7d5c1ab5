package org.tuningworkbench.app.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.ToIntFunction;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.tuningworkbench.engine.analysis.ParameterEffect;
import org.tuningworkbench.engine.analysis.Results;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * One parameter's effect: the latency of the configs per value (a box from the engine's analysis,
 * and every config as a point of the strip), the other parameters free or held at the best config's.
 */
public final class ParameterEffectViewModel {

    /** A config on the strip: the index of its value, its median latency, its number. */
    public record Point(int value, double latencyUs, int number) {}

    /** How wide a value's box is, in the axis's units (a value per unit); the strip spreads its configs over half again as much. */
    static final double BOX_WIDTH = 0.32;

    /**
     * The configs of a strip, placed: each one's value (its index), where it lies across (its value, shifted by a
     * jitter fixed per config so the strip does not move between redraws), its median latency and its number.
     * The arrays are never changed once placed: the chart draws and paints them as they are.
     */
    public record Strip(int[] values, double[] x, double[] latencyUs, int[] numbers) {
        static final Strip EMPTY = new Strip(new int[0], new double[0], new double[0], new int[0]);

        public int size() {
            return numbers.length;
        }

        /** The index of config {@code number}'s point, or -1. */
        public int indexOf(int number) {
            for (int i = 0; i < numbers.length; i++) if (numbers[i] == number) return i;
            return -1;
        }

        /** The points as a list (value, latency, number). */
        public List<Point> points() {
            var points = new ArrayList<Point>(size());
            for (int i = 0; i < size(); i++) points.add(new Point(values[i], latencyUs[i], numbers[i]));
            return points;
        }
    }

    /**
     * The values as the axis labels them: without the start and end every value shares, when those
     * end at punctuation ({@code sgemm_ijk(m, n, k, a, b, c);} is {@code ijk}, {@code GemmShape<64, 128, 128>}
     * is {@code 64, 128, 128}), so that each fits below its box; {@code shared} says what was left out
     * ({@code sgemm_…(m, n, k, a, b, c);}), empty when nothing was. Digits and letters are never split.
     */
    public record ValueLabels(List<String> labels, String shared) {

        public static ValueLabels of(List<String> values) {
            if (values.size() < 2) return new ValueLabels(values, "");
            String first = values.getFirst();
            int prefix = first.length();
            int suffix = first.length();
            for (String v : values) {
                prefix = Math.min(prefix, commonPrefix(first, v));
                suffix = Math.min(suffix, commonSuffix(first, v));
            }
            while (prefix > 0 && Character.isLetterOrDigit(first.charAt(prefix - 1)) && first.charAt(prefix - 1) != '_') prefix--;
            while (suffix > 0 && Character.isLetterOrDigit(first.charAt(first.length() - suffix))) suffix--;
            int shortest = values.stream().mapToInt(String::length).min().orElse(0);
            if (prefix + suffix >= shortest || prefix + suffix == 0) return new ValueLabels(values, "");
            int start = prefix;
            int end = suffix;
            var labels = values.stream().map(v -> v.substring(start, v.length() - end)).toList();
            return new ValueLabels(labels, first.substring(0, prefix) + "…" + first.substring(first.length() - suffix));
        }

        private static int commonPrefix(String a, String b) {
            int n = 0;
            while (n < a.length() && n < b.length() && a.charAt(n) == b.charAt(n)) n++;
            return n;
        }

        private static int commonSuffix(String a, String b) {
            int n = 0;
            while (n < a.length() && n < b.length() && a.charAt(a.length() - 1 - n) == b.charAt(b.length() - 1 - n)) n++;
            return n;
        }
    }

    private final ResultsViewModel results;
    private final ObservableList<String> parameters = FXCollections.observableArrayList();
    private final StringProperty parameter = new SimpleStringProperty();
    private final ObjectProperty<ParameterEffect.Others> others = new SimpleObjectProperty<>(ParameterEffect.Others.FREE);
    private ParameterEffect effect;
    private Strip strip = Strip.EMPTY;

    public ParameterEffectViewModel(ResultsViewModel results) {
        this.results = results;
    }

    public ObservableList<String> parameters() { return parameters; }
    /** The parameter shown; the most influential one until the person picks another. */
    public StringProperty parameterProperty() { return parameter; }
    public ObjectProperty<ParameterEffect.Others> othersProperty() { return others; }
    /** The shown parameter's effect, or null before any result. */
    public ParameterEffect effect() { return effect; }
    /** The shown parameter's strip, placed. */
    public Strip strip() { return strip; }
    public List<Point> points() { return strip.points(); }

    /**
     * The engine's analysis of the results: every parameter's effect, the others free or at the best as
     * chosen, and the strip of the parameter to show (the chosen one, or the most influential), placed.
     */
    public record Analysis(Results all, ParameterEffect.Others others, List<ParameterEffect> effects, String stripOf, Strip strip) {}

    /**
     * The analysis of the results as they are now: its inputs taken here (the results, the choices), the work
     * pure, placing the strip's 20,000 points included (it may run on any thread).
     */
    public java.util.function.Supplier<Analysis> analysis() {
        var finished = List.copyOf(results.all());
        var chosenOthers = others.get();
        var chosen = parameter.get();
        var kept = results.kept();
        var objective = results.objective();
        return () -> {
            var records = new ArrayList<TuningRecord>(finished.size());
            var numbers = new IdentityHashMap<TuningRecord, Integer>(finished.size() * 2);
            for (var r : finished) {
                records.add(r.record());
                numbers.put(r.record(), r.number());
            }
            Results all = Results.of(records, kept);
            var effects = ParameterEffect.of(all, chosenOthers, objective);
            var shown = shown(effects, chosen);
            return new Analysis(all, chosenOthers, effects, shown == null ? null : shown.parameter().name(),
                    shown == null ? Strip.EMPTY : strip(all, shown, chosenOthers, objective, r -> numbers.getOrDefault(r, -1)));
        };
    }

    /** The effect of {@code chosen}, or of the most influential parameter when none is chosen or it is not among them; null for none. */
    private static ParameterEffect shown(List<ParameterEffect> effects, String chosen) {
        return effects.stream().filter(e -> e.parameter().name().equals(chosen)).findFirst()
                .orElseGet(() -> ParameterEffect.byInfluence(effects).stream().findFirst().orElse(null));
    }

    /** Computes the effect and the strip again from the results. */
    public void refresh() {
        take(analysis().get());
    }

    /** Shows {@code analysis}: the parameters to choose from, the chosen one's effect and strip. */
    public void take(Analysis analysis) {
        Results all = analysis.all();
        List<ParameterEffect> effects = analysis.effects();
        var names = effects.stream().map(e -> e.parameter().name()).toList();
        if (!parameters.equals(names)) parameters.setAll(names);
        if (parameter.get() == null || !names.contains(parameter.get())) {
            parameter.set(ParameterEffect.byInfluence(effects).stream().findFirst().map(e -> e.parameter().name()).orElse(null));
        }
        effect = effects.stream().filter(e -> e.parameter().name().equals(parameter.get())).findFirst().orElse(null);
        // The strip came placed with the analysis unless the parameter shown changed meanwhile.
        strip = effect == null ? Strip.EMPTY
                : effect.parameter().name().equals(analysis.stripOf()) ? analysis.strip() : strip(all, effect, analysis.others(), results.objective(), results::numberOf);
    }

    /** Every measured config with the shown parameter set (and, with the others at the best, the best's other values), placed; pure. */
    private static Strip strip(Results all, ParameterEffect shown, ParameterEffect.Others others, Objective objective,
                               ToIntFunction<TuningRecord> numberOf) {
        String name = shown.parameter().name();
        var at = new java.util.HashMap<String, Integer>();
        for (int i = 0; i < shown.values().size(); i++) at.put(shown.values().get(i).value(), i);
        Optional<Map<String, String>> best = others == ParameterEffect.Others.AT_BEST ? all.best(objective).map(all::valuesOf) : Optional.empty();
        var records = all.records();
        int[] values = new int[records.size()];
        double[] x = new double[records.size()];
        double[] latency = new double[records.size()];
        int[] numbers = new int[records.size()];
        int n = 0;
        for (TuningRecord r : records) {
            Integer value = at.get(all.value(r, name));
            if (value == null || !Results.measured(r)) continue;
            if (best.isPresent() && !sameBut(all.valuesOf(r), best.get(), name)) continue;
            int number = numberOf.applyAsInt(r);
            values[n] = value;
            // A fixed jitter per config: the strip does not move between redraws.
            x[n] = value + (((number * 2654435761L) & 0xFFFF) / 65535.0 - 0.5) * BOX_WIDTH * 1.6;
            latency[n] = r.medianUs();
            numbers[n++] = number;
        }
        return new Strip(Arrays.copyOf(values, n), Arrays.copyOf(x, n), Arrays.copyOf(latency, n), Arrays.copyOf(numbers, n));
    }

    /** Whether {@code config} equals {@code best} in every parameter but {@code free}. */
    private static boolean sameBut(Map<String, String> config, Map<String, String> best, String free) {
        for (var e : best.entrySet()) {
            if (!e.getKey().equals(free) && !Objects.equals(config.get(e.getKey()), e.getValue())) return false;
        }
        return true;
    }
}
