package org.tuningworkbench.app.configs;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
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
import org.tuningworkbench.engine.tune.Ranking;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.JudgedStatus;

/**
 * One row of the config grid: the values to try and, once measured, its record. A row is either
 * listed (a config the person wrote down, saved with the project) or a trial a search proposed.
 *
 * <p>A replayed search brings tens of thousands of rows, of which the grid shows a screenful: a row
 * holds plain values, and makes its observable values and properties only when something watches
 * them (a visible cell, an edit). Until then its values are its config's own immutable map.
 */
public final class ConfigRow {

    /** The values as made; replaced by {@link #values} once that is asked for. */
    private Map<String, String> madeValues;
    private ObservableMap<String, String> values;

    private TuningRecord recordValue;
    private ObjectProperty<TuningRecord> record;
    private String stateValue = "";
    private StringProperty state;
    private boolean bestValue;
    private BooleanProperty best;
    private String logValue = "";
    private StringProperty log;
    private String nameValue;
    private StringProperty name;

    private final boolean listed;
    /** Where the row last stood in its grid, 1-based; the grid tells it ({@link ConfigGridViewModel#numberOf}). */
    int position;

    /** A listed row; a {@code name} entry among {@code values} is the config's name, not a parameter. */
    public ConfigRow(Map<String, String> values) {
        this(Config.fromRow(values), true);
    }

    private ConfigRow(Config config, boolean listed) {
        this.madeValues = config.values();
        this.nameValue = config.name();
        this.listed = listed;
    }

    /** A row for {@code config}, which a search proposed: shown with its result, not saved as a listed config. */
    public static ConfigRow trial(Config config) {
        return new ConfigRow(config, false);
    }

    /** A listed copy (duplicating a trial makes it a config of one's own); a name is not copied, it names one config. */
    public ConfigRow copy() {
        return new ConfigRow(currentValues());
    }

    /** Whether the person listed this config (it is saved with the project), rather than a search proposing it. */
    public boolean listed() { return listed; }

    /** The values, observable and editable: a parameter set to a value, or absent (the source's value is used). */
    public ObservableMap<String, String> values() {
        if (values == null) {
            values = FXCollections.observableMap(new LinkedHashMap<>(madeValues));
            madeValues = null;
        }
        return values;
    }

    /** The value of {@code parameter}, or null when the row does not set it. */
    public String value(String parameter) {
        return values != null ? values.get(parameter) : madeValues.get(parameter);
    }

    /** Whether the row sets {@code parameter} (to anything, a blank value too). */
    public boolean sets(String parameter) {
        return values != null ? values.containsKey(parameter) : madeValues.containsKey(parameter);
    }

    /** The values as they are now, read-only. */
    public Map<String, String> currentValues() {
        return values != null ? java.util.Collections.unmodifiableMap(values) : madeValues;
    }

    /** The config's name ({@code cpp_packed_gemm_0}), or null: a label, never a parameter. */
    public StringProperty nameProperty() {
        if (name == null) name = new SimpleStringProperty(this, "name", nameValue);
        return name;
    }
    public String name() { return name == null ? nameValue : name.get(); }
    public void setName(String value) {
        if (name == null) nameValue = value;
        else name.set(value);
    }

    public ObjectProperty<TuningRecord> recordProperty() {
        if (record == null) record = new SimpleObjectProperty<>(this, "record", recordValue);
        return record;
    }
    public TuningRecord record() { return record == null ? recordValue : record.get(); }
    private void setRecordOnly(TuningRecord value) {
        if (record == null) recordValue = value;
        else record.set(value);
    }

    /**
     * What is happening to the row in a run: {@code queued}, {@code building}, {@code measuring}, or the record's status as
     * every view says it ({@link JudgedStatus}: {@code ok · confirmed #1 · noisy}).
     */
    public StringProperty stateProperty() {
        if (state == null) state = new SimpleStringProperty(this, "state", stateValue);
        return state;
    }
    public String state() { return state == null ? stateValue : state.get(); }
    public void setState(String value) {
        if (state == null) stateValue = value;
        else state.set(value);
    }

    /** Whether the row is the best measured so far. */
    public BooleanProperty bestProperty() {
        if (best == null) best = new SimpleBooleanProperty(this, "best", bestValue);
        return best;
    }
    public boolean isBest() { return best == null ? bestValue : best.get(); }
    public void setBest(boolean value) {
        if (best == null) bestValue = value;
        else best.set(value);
    }

    /** What the run's closing confirmation measured of this config (its rank and figure measured again), or null: its record's. */
    public ConfirmedFigures confirmation() {
        TuningRecord r = record();
        return r == null ? null : r.confirmation();
    }

    /** The median this config stands at, the one its share of the best is of ({@link Ranking#standingMedianUs}); null without one. */
    public Double standingMedianUs() {
        TuningRecord r = record();
        return r == null ? null : Ranking.standingMedianUs(r);
    }

    /**
     * A rate of the record ({@code rate}: its GFLOP/s, its GB/s) at {@link #standingMedianUs()}: the record's work over
     * that median ({@link Ranking#standingRate}); null without either.
     */
    public Double standingRate(Function<TuningRecord, Double> rate) {
        TuningRecord r = record();
        return r == null ? null : Ranking.standingRate(r, rate);
    }

    /** The config was measured again by the run's closing confirmation: {@code confirmed} is its record with what that measured. */
    void confirm(TuningRecord confirmed) {
        setRecordOnly(confirmed);
        setState(JudgedStatus.of(confirmed).text());
    }

    /** The build output and the run's stderr. */
    public StringProperty logProperty() {
        if (log == null) log = new SimpleStringProperty(this, "log", logValue);
        return log;
    }
    public String log() { return log == null ? logValue : log.get(); }
    public void setLog(String value) {
        if (log == null) logValue = value;
        else log.set(value);
    }

    public void clearResult() {
        setRecordOnly(null);
        setState("");
        setBest(false);
        setLog("");
    }

    public void setRecord(TuningRecord value, String logText) {
        setRecordOnly(value);
        setState(JudgedStatus.of(value).text());
        if (logText != null && !logText.isEmpty()) setLog(logText);
        else if (value.log() != null) setLog(value.log());
        else setLog(value.error() == null ? "" : value.error());
    }
}
