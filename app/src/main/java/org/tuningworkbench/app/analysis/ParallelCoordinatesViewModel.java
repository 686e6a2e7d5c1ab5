package org.tuningworkbench.app.analysis;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tuningworkbench.engine.analysis.ParallelCoordinates;
import org.tuningworkbench.engine.analysis.Results;

/**
 * Every config as a line through one axis per parameter to its latency (the engine's parallel
 * coordinates), and brushing: a range on one or more axes keeps the configs whose lines pass
 * through all of them, and the grid shows only those.
 */
public final class ParallelCoordinatesViewModel {

    /** A brushed range on an axis, in the axis's normalised positions (0 bottom, 1 top). */
    public record Brush(double low, double high) {
        public Brush {
            if (low > high) {
                double t = low;
                low = high;
                high = t;
            }
        }

        boolean holds(double position) {
            return position >= low && position <= high;
        }
    }

    private final ResultsViewModel results;
    private final Map<Integer, Brush> brushes = new LinkedHashMap<>();
    private ParallelCoordinates coordinates = ParallelCoordinates.of(Results.of(List.of()));

    public ParallelCoordinatesViewModel(ResultsViewModel results) {
        this.results = results;
    }

    public ParallelCoordinates coordinates() { return coordinates; }

    /** The brushes by axis: the parameters' axes first, the latency axis last (index = number of parameters). */
    public Map<Integer, Brush> brushes() { return Map.copyOf(brushes); }

    public int latencyAxis() { return coordinates.axes().size(); }

    public void refresh() {
        take(analysis().get());
    }

    /** The analysis of the results as they are now: the records and the source's values taken here, the work pure (it may run on any thread). */
    public java.util.function.Supplier<ParallelCoordinates> analysis() {
        var records = results.records();
        var kept = results.kept();
        return () -> ParallelCoordinates.of(Results.of(records, kept));
    }

    /** Shows {@code computed}, the coordinates of the results as they are now (computed off the JavaFX thread). */
    public void take(ParallelCoordinates computed) {
        var before = coordinates.axes().stream().map(a -> a.parameter().name()).toList();
        coordinates = computed;
        // A brush belongs to its axis: when the axes change, the brushes no longer mean what they said.
        if (!before.equals(coordinates.axes().stream().map(a -> a.parameter().name()).toList()) || results.all().isEmpty()) brushes.clear();
        applyBrushes();
    }

    /** Keeps only the configs whose line passes through {@code brush} on {@code axis} (and any other brush). */
    public void brush(int axis, Brush brush) {
        if (axis < 0 || axis > latencyAxis()) throw new IllegalArgumentException("no axis " + axis + " (there are " + (latencyAxis() + 1) + ")");
        brushes.put(axis, brush);
        applyBrushes();
    }

    public void clearBrushes() {
        brushes.clear();
        applyBrushes();
    }

    /** Whether a line passes every brush. */
    public boolean kept(ParallelCoordinates.Line line) {
        for (var b : brushes.entrySet()) {
            double at = b.getKey() == latencyAxis() ? line.latency() : line.positions()[b.getKey()];
            if (Double.isNaN(at) || !b.getValue().holds(at)) return false;
        }
        return true;
    }

    private void applyBrushes() {
        if (brushes.isEmpty()) {
            results.brushedProperty().set(null);
            return;
        }
        Set<Integer> kept = new HashSet<>();
        for (var line : coordinates.lines()) if (kept(line)) kept.add(results.numberOf(line.record()));
        results.brushedProperty().set(kept);
    }
}
