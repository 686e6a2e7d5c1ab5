package org.tuningworkbench.app.analysis;

import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.tuningworkbench.engine.analysis.HeatMap;
import org.tuningworkbench.engine.analysis.Results;
import org.tuningworkbench.engine.record.TuningRecord;

/** Two chosen parameters against each other, each cell the best or median latency of its configs (the engine's heat map). */
public final class HeatMapViewModel {

    private final ResultsViewModel results;
    private final ObservableList<String> parameters = FXCollections.observableArrayList();
    private final StringProperty rows = new SimpleStringProperty();
    private final StringProperty columns = new SimpleStringProperty();
    private final ObjectProperty<HeatMap.Statistic> statistic = new SimpleObjectProperty<>(HeatMap.Statistic.BEST);
    private Results shown = Results.of(List.of());
    private HeatMap map;

    public HeatMapViewModel(ResultsViewModel results) {
        this.results = results;
    }

    public ObservableList<String> parameters() { return parameters; }
    /** The parameter down the side; the first until the person picks another. */
    public StringProperty rowsProperty() { return rows; }
    /** The parameter along the top; the second until the person picks another. */
    public StringProperty columnsProperty() { return columns; }
    public ObjectProperty<HeatMap.Statistic> statisticProperty() { return statistic; }
    /** The heat map, or null while there are fewer than two parameters or both choices are the same. */
    public HeatMap map() { return map; }

    /** The engine's analysis of the results: the parameters, the two chosen (null without two), their heat map (null when none). */
    public record Analysis(Results results, List<String> names, String rows, String columns, HeatMap map) {}

    /** The analysis of the results as they are now: its inputs taken here, the work pure (it may run on any thread). */
    public java.util.function.Supplier<Analysis> analysis() {
        var records = results.records();
        var kept = results.kept();
        String chosenRows = rows.get();
        String chosenColumns = columns.get();
        HeatMap.Statistic chosenStatistic = statistic.get();
        return () -> {
            Results all = Results.of(records, kept);
            var names = all.parameters().stream().map(p -> p.name()).toList();
            if (names.size() < 2) return new Analysis(all, names, chosenRows, chosenColumns, null);
            // The first two parameters until the person picks others.
            String r = chosenRows == null || !names.contains(chosenRows) ? names.get(0) : chosenRows;
            String c = chosenColumns == null || !names.contains(chosenColumns) ? names.get(r.equals(names.get(1)) ? 0 : 1) : chosenColumns;
            return new Analysis(all, names, r, c, r.equals(c) ? null : HeatMap.of(all, r, c, chosenStatistic));
        };
    }

    public void refresh() {
        take(analysis().get());
    }

    /** Shows {@code analysis}: the parameters to choose from, the two chosen, their heat map. */
    public void take(Analysis analysis) {
        shown = analysis.results();
        if (!parameters.equals(analysis.names())) parameters.setAll(analysis.names());
        if (analysis.names().size() >= 2) {
            rows.set(analysis.rows());
            columns.set(analysis.columns());
        }
        map = analysis.map();
    }

    /** The fastest config of cell ({@code row}, {@code column}), its number; -1 when the cell has no success (then its first config). */
    public int configIn(int row, int column) {
        if (map == null || row < 0 || column < 0 || row >= map.rows().size() || column >= map.columns().size()) return -1;
        String r = map.rows().values().get(row);
        String c = map.columns().values().get(column);
        TuningRecord fastest = null;
        TuningRecord any = null;
        for (TuningRecord record : shown.records()) {
            if (!r.equals(shown.value(record, rows.get())) || !c.equals(shown.value(record, columns.get()))) continue;
            if (any == null) any = record;
            if (Results.measured(record) && (fastest == null || record.medianUs() < fastest.medianUs())) fastest = record;
        }
        TuningRecord chosen = fastest != null ? fastest : any;
        return chosen == null ? -1 : results.numberOf(chosen);
    }

    /** The cell (row, column) of config {@code number}, or null when it is not on the map. */
    public int[] cellOf(int number) {
        TuningRecord record = number > 0 ? results.recordOf(number) : null;
        if (map == null || record == null) return null;
        String rowValue = shown.value(record, rows.get());
        String columnValue = shown.value(record, columns.get());
        // A value neither the config nor the source gives (the lists are immutable: indexOf(null) throws).
        if (rowValue == null || columnValue == null) return null;
        int row = map.rows().values().indexOf(rowValue);
        int column = map.columns().values().indexOf(columnValue);
        return row < 0 || column < 0 ? null : new int[] {row, column};
    }
}
