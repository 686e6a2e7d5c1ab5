package org.tuningworkbench.app.configs;

import java.util.LinkedHashMap;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableMap;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * One row of the config grid: the values to try and, once measured, its record. A row is either
 * listed (a config the person wrote down, saved with the project) or a trial a search proposed.
 */
public final class ConfigRow {

    private final ObservableMap<String, String> values = FXCollections.observableMap(new LinkedHashMap<>());
    private final ObjectProperty<TuningRecord> record = new SimpleObjectProperty<>();
    private final StringProperty state = new SimpleStringProperty("");
    private final BooleanProperty best = new SimpleBooleanProperty();
    private final StringProperty log = new SimpleStringProperty("");
    private final StringProperty name = new SimpleStringProperty();

    private final boolean listed;

    /** A listed row; a {@code name} entry among {@code values} is the config's name, not a parameter. */
    public ConfigRow(Map<String, String> values) {
        this(values, true);
    }

    private ConfigRow(Map<String, String> values, boolean listed) {
        this(Config.fromRow(values), listed);
    }

    private ConfigRow(Config config, boolean listed) {
        this.values.putAll(config.values());
        this.name.set(config.name());
        this.listed = listed;
    }

    /** A row for {@code config}, which a search proposed: shown with its result, not saved as a listed config. */
    public static ConfigRow trial(Config config) {
        return new ConfigRow(config, false);
    }

    /** A listed copy (duplicating a trial makes it a config of one's own); a name is not copied, it names one config. */
    public ConfigRow copy() {
        return new ConfigRow(values);
    }

    /** Whether the person listed this config (it is saved with the project), rather than a search proposing it. */
    public boolean listed() { return listed; }

    public ObservableMap<String, String> values() { return values; }
    /** The config's name ({@code cpp_packed_gemm_0}), or null: a label, never a parameter. */
    public StringProperty nameProperty() { return name; }
    public String name() { return name.get(); }
    public ObjectProperty<TuningRecord> recordProperty() { return record; }
    public TuningRecord record() { return record.get(); }
    /** What is happening to the row in a run: {@code queued}, {@code building}, {@code measuring}, or the record's status. */
    public StringProperty stateProperty() { return state; }
    public BooleanProperty bestProperty() { return best; }
    /** The build output and the run's stderr. */
    public StringProperty logProperty() { return log; }

    public void clearResult() {
        record.set(null);
        state.set("");
        best.set(false);
        log.set("");
    }

    /**
     * The status with the engine's judgement of the measurement: {@code ok · unsteady} (the machine was
     * unsteady while it ran), {@code ok · noisy} (its samples spread more than 5%), {@code ok · not verified}
     * (no golden result to check it against).
     */
    public static String stateOf(TuningRecord r) {
        return r.judgedStatus();
    }

    public void setRecord(TuningRecord value, String logText) {
        record.set(value);
        state.set(stateOf(value));
        if (logText != null && !logText.isEmpty()) log.set(logText);
        else if (value.log() != null) log.set(value.log());
        else log.set(value.error() == null ? "" : value.error());
    }
}
