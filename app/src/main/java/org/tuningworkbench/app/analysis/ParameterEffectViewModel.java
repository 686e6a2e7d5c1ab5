package org.tuningworkbench.app.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.tuningworkbench.engine.analysis.ParameterEffect;
import org.tuningworkbench.engine.analysis.Results;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * One parameter's effect: the latency of the configs per value (a box from the engine's analysis,
 * and every config as a point of the strip), the other parameters free or held at the best config's.
 */
public final class ParameterEffectViewModel {

    /** A config on the strip: the index of its value, its median latency, its number. */
    public record Point(int value, double latencyUs, int number) {}

    private final ResultsViewModel results;
    private final ObservableList<String> parameters = FXCollections.observableArrayList();
    private final StringProperty parameter = new SimpleStringProperty();
    private final ObjectProperty<ParameterEffect.Others> others = new SimpleObjectProperty<>(ParameterEffect.Others.FREE);
    private ParameterEffect effect;
    private List<Point> points = List.of();

    public ParameterEffectViewModel(ResultsViewModel results) {
        this.results = results;
    }

    public ObservableList<String> parameters() { return parameters; }
    /** The parameter shown; the most influential one until the person picks another. */
    public StringProperty parameterProperty() { return parameter; }
    public ObjectProperty<ParameterEffect.Others> othersProperty() { return others; }
    /** The shown parameter's effect, or null before any result. */
    public ParameterEffect effect() { return effect; }
    public List<Point> points() { return points; }

    /**
     * The engine's analysis of the results: every parameter's effect, the others free or at the best as
     * chosen, and the strip of the parameter to show (the chosen one, or the most influential).
     */
    public record Analysis(Results all, ParameterEffect.Others others, List<ParameterEffect> effects, String stripOf, List<Placed> strip) {}

    /** A config on a strip before it has its number: the index of its value, its median latency, its record. */
    public record Placed(int value, double latencyUs, TuningRecord record) {}

    /** The analysis of the results as they are now: its inputs taken here, the work pure (it may run on any thread). */
    public java.util.function.Supplier<Analysis> analysis() {
        var records = results.records();
        var chosenOthers = others.get();
        var chosen = parameter.get();
        return () -> {
            Results all = Results.of(records);
            var effects = ParameterEffect.of(all, chosenOthers);
            var shown = shown(effects, chosen);
            return new Analysis(all, chosenOthers, effects, shown == null ? null : shown.parameter().name(),
                    shown == null ? List.of() : strip(all, shown, chosenOthers));
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
        // The strip came with the analysis unless the parameter shown changed meanwhile.
        List<Placed> strip = effect == null ? List.of()
                : effect.parameter().name().equals(analysis.stripOf()) ? analysis.strip() : strip(all, effect, analysis.others());
        var numbered = new ArrayList<Point>(strip.size());
        for (Placed p : strip) numbered.add(new Point(p.value(), p.latencyUs(), results.numberOf(p.record())));
        points = numbered;
    }

    /** Every measured config with the shown parameter set (and, with the others at the best, the best's other values); pure. */
    private static List<Placed> strip(Results all, ParameterEffect shown, ParameterEffect.Others others) {
        String name = shown.parameter().name();
        var at = new java.util.HashMap<String, Integer>();
        for (int i = 0; i < shown.values().size(); i++) at.put(shown.values().get(i).value(), i);
        Optional<Map<String, String>> best = others == ParameterEffect.Others.AT_BEST ? all.best().map(TuningRecord::config) : Optional.empty();
        var out = new ArrayList<Placed>();
        for (TuningRecord r : all.records()) {
            Integer value = at.get(r.config().get(name));
            if (value == null || !Results.measured(r)) continue;
            if (best.isPresent() && !sameBut(r.config(), best.get(), name)) continue;
            out.add(new Placed(value, r.medianUs(), r));
        }
        return out;
    }

    /** Whether {@code config} equals {@code best} in every parameter but {@code free}. */
    private static boolean sameBut(Map<String, String> config, Map<String, String> best, String free) {
        for (var e : best.entrySet()) {
            if (!e.getKey().equals(free) && !Objects.equals(config.get(e.getKey()), e.getValue())) return false;
        }
        return true;
    }
}
