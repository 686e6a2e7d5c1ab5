package org.tuningworkbench.app.analysis;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.tuningworkbench.app.chart.LatencyScale;
import org.tuningworkbench.app.run.RunViewModel;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * The results every view of them shows: each finished config with its number, the selected config's
 * number (a click on any point or cell sets it), the configs a brush keeps (null: no brush), and
 * whether latency axes are logarithmic. Views redraw when {@link #versionProperty()} moves.
 */
public final class ResultsViewModel {

    private final List<RunViewModel.Result> results = new ArrayList<>();
    /** The results' records, kept beside them: a view's analysis takes a copy of them, one array copy. */
    private final List<TuningRecord> records = new ArrayList<>();
    private final ReadOnlyIntegerWrapper version = new ReadOnlyIntegerWrapper();
    private final IntegerProperty selected = new SimpleIntegerProperty(-1);
    private final ObjectProperty<Set<Integer>> brushed = new SimpleObjectProperty<>();
    private final LatencyScale scale = new LatencyScale();
    private final ObjectProperty<TuningRecord> baseline = new SimpleObjectProperty<>();
    private final ObjectProperty<Project> project = new SimpleObjectProperty<>();
    private final ObjectProperty<Map<String, String>> kept = new SimpleObjectProperty<>(Map.of());
    private final Map<TuningRecord, Integer> numbers = new IdentityHashMap<>();
    private final Map<Integer, TuningRecord> byNumber = new HashMap<>();

    /** Takes a batch of finished configs in; one version step for the batch. */
    public void add(List<RunViewModel.Result> batch) {
        if (batch.isEmpty()) return;
        results.addAll(batch);
        batch.forEach(r -> records.add(r.record()));
        batch.forEach(r -> numbers.put(r.record(), r.number()));
        batch.forEach(r -> byNumber.put(r.number(), r.record()));
        batch.forEach(r -> scale.observe(r.record().medianUs()));
        version.set(version.get() + 1);
    }

    /**
     * The run's confirmation measured these configs again: each stands from now on at its record with the confirmed
     * figures, as the record file keeps it and a project opened again shows it. Configs not among the results are left out.
     */
    public void confirmed(List<TuningRecord> confirmed) {
        var byConfig = new HashMap<Map<String, String>, TuningRecord>();
        confirmed.forEach(r -> byConfig.put(r.config(), r));
        for (int i = 0; i < results.size(); i++) {
            RunViewModel.Result r = results.get(i);
            TuningRecord again = byConfig.get(r.record().config());
            if (again == null) continue;
            results.set(i, new RunViewModel.Result(r.number(), r.trial(), again, r.advised()));
            records.set(i, again);
            numbers.remove(r.record());
            numbers.put(again, r.number());
            if (byNumber.get(r.number()) == r.record()) byNumber.put(r.number(), again);
        }
        version.set(version.get() + 1);
    }

    /** Forgets the results (a run starts, another project opens); the brush goes with them. */
    public void clear() {
        results.clear();
        records.clear();
        numbers.clear();
        byNumber.clear();
        scale.reset();
        brushed.set(null);
        selected.set(-1);
        version.set(version.get() + 1);
    }

    public List<RunViewModel.Result> all() {
        return Collections.unmodifiableList(results);
    }

    /** The finished configs' records, in the order they finished. */
    public List<TuningRecord> records() {
        return List.copyOf(records);
    }

    /** The number of the config whose record this is (as the grid numbers it), or -1. */
    public int numberOf(TuningRecord record) {
        return numbers.getOrDefault(record, -1);
    }

    /** The latest record of config {@code number}, or null. */
    public TuningRecord recordOf(int number) {
        return byNumber.get(number);
    }

    /** The run's baseline record (a library call), or null. */
    public ObjectProperty<TuningRecord> baselineProperty() {
        return baseline;
    }

    /** The open project: its work (FLOP and bytes a call) places configs on the roofline. */
    /** What the results are ranked by: the project's objective, as the grid and the command line rank them. */
    public Objective objective() {
        Project p = project.get();
        return p == null ? Objective.TIME : p.search().objective();
    }

    public ObjectProperty<Project> projectProperty() {
        return project;
    }

    /** The source's value of each parameter (the marker's text), which a config that does not set it keeps. */
    public ObjectProperty<Map<String, String>> keptProperty() {
        return kept;
    }

    /**
     * A config that does not set a parameter keeps the source's value: every view places it there. The
     * values are the source's as it is opened or run (call this then), not as it is typed or as Apply Best
     * rewrites it afterwards: the records were measured with those.
     */
    public void keep(org.tuningworkbench.engine.marker.TunableSource source) {
        var values = new java.util.LinkedHashMap<String, String>();
        source.parameters().forEach((name, line) -> values.put(name, line.value()));
        kept.set(values);
    }

    /** The source's values now, for an analysis to take with the records (see {@link org.tuningworkbench.engine.analysis.Results#kept}). */
    public Map<String, String> kept() {
        return kept.get() == null ? Map.of() : kept.get();
    }

    public ReadOnlyIntegerProperty versionProperty() {
        return version.getReadOnlyProperty();
    }

    /** The selected config's number (1-based, as the grid numbers it), or -1. */
    public IntegerProperty selectedProperty() {
        return selected;
    }

    /** The numbers of the configs a brush keeps, or null when nothing is brushed. */
    public ObjectProperty<Set<Integer>> brushedProperty() {
        return brushed;
    }

    public LatencyScale scale() {
        return scale;
    }
}
