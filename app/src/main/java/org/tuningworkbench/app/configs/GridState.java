package org.tuningworkbench.app.configs;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.collections.ObservableList;
import org.tuningworkbench.engine.record.TuningRecord;

/** The grid's rows as they were, for undo and redo: which rows, in which order, with their values, names and results. */
record GridState(List<GridState.RowState> rows) {

    static GridState of(List<ConfigRow> rows) {
        return new GridState(rows.stream().map(RowState::of).toList());
    }

    /** Puts {@code target} back as it was: these rows, in this order, each as it was. */
    void restore(ObservableList<ConfigRow> target) {
        rows.forEach(RowState::restore);
        target.setAll(rows.stream().map(RowState::row).toList());
    }

    record RowState(ConfigRow row, Map<String, String> values, String name, TuningRecord record, String log) {
        static RowState of(ConfigRow row) {
            return new RowState(row, Collections.unmodifiableMap(new LinkedHashMap<>(row.currentValues())), row.name(), row.record(), row.log());
        }

        void restore() {
            if (!row.currentValues().equals(values)) {
                row.values().clear();
                row.values().putAll(values);
            }
            row.setName(name);
            if (record == null) row.clearResult();
            else if (row.record() != record) row.setRecord(record, log);
        }
    }
}
