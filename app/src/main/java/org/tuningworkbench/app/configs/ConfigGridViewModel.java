package org.tuningworkbench.app.configs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import org.tuningworkbench.app.edit.EditHistory;
import org.tuningworkbench.engine.configs.ImportedList;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.configs.Combinations;
import org.tuningworkbench.engine.configs.ConfigFormat;
import org.tuningworkbench.engine.configs.ConfigFormatException;
import org.tuningworkbench.engine.configs.ConfigList;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.TunableLine;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.analysis.Claims;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * The config grid: rows of values, one column per parameter the source declares, and each row's
 * result. The listed rows come first, then the trials a search proposed, as they come. A row's
 * number ({@code No.1} is the first row) is only where it stands; results find their row by the
 * config's values.
 */
public final class ConfigGridViewModel {

    private final ObservableList<ConfigRow> rows = FXCollections.observableArrayList();
    private final ObservableList<String> parameters = FXCollections.observableArrayList();
    /** The project's metrics, each a column; and the objective the best is chosen by (a call's time unless the project names a metric). */
    private final ObservableList<String> metrics = FXCollections.observableArrayList();
    /** The best row and each row's standing, by the objective. */
    private final GridRanking ranking = new GridRanking(rows, this::numberOf);
    private final ObjectProperty<TunableSource> source = new SimpleObjectProperty<>();
    private Map<String, ConfigRow> index;
    /**
     * Whether each row's {@link ConfigRow#position} is its place now: kept while rows are only appended
     * (thousands of results find their numbers at once), set again after any other change.
     */
    private boolean positioned;
    /** Counts the changes that may renumber rows ({@link #numberingProperty}). */
    private final ReadOnlyIntegerWrapper numbering = new ReadOnlyIntegerWrapper();
    private boolean admitting;
    private final ObjectProperty<java.util.function.Predicate<ConfigRow>> shown = new SimpleObjectProperty<>(r -> true);
    private final List<ConfigRow> arriving = new ArrayList<>();
    /** Each waiting trial's place among {@link #arriving}. */
    private final Map<ConfigRow, Integer> arrivingAt = new java.util.IdentityHashMap<>();
    private long admittedAtNanos;
    private boolean admittedOnce;
    private final EditHistory history;

    public ConfigGridViewModel() {
        this(new EditHistory());
    }

    /** A grid whose edits (add, delete, move, change values, paste, generate, import) go into {@code history}. */
    public ConfigGridViewModel(EditHistory history) {
        this.history = history;
        rows.addListener((ListChangeListener<ConfigRow>) change -> {
            // Added rows join the indexes; any other change rebuilds them when next needed.
            while (change.next()) {
                if (change.wasRemoved() || change.wasPermutated() || change.wasReplaced()) {
                    index = null;
                    renumber();
                    arriving.clear();
                    arrivingAt.clear();
                } else if (change.wasAdded()) {
                    // Admitted trials are in the index already: each found its row through it.
                    if (index != null && !admitting) for (ConfigRow r : change.getAddedSubList()) index.putIfAbsent(configOf(r).key(), r);
                    boolean appended = change.getTo() == rows.size();
                    if (!appended) {
                        renumber();
                    } else if (positioned) {
                        for (int i = change.getFrom(); i < change.getTo(); i++) rows.get(i).position = i + 1;
                    }
                }
            }
        });
        parameters.addListener((ListChangeListener<String>) change -> index = null);
    }

    public ObservableList<ConfigRow> rows() { return rows; }
    /**
     * Changes whenever rows may have new numbers: rows removed, moved or put in among others. Rows
     * added at the end leave every other row's number as it was, and do not change it: thousands of
     * trials join a grid that shows a screenful of others.
     */
    public ReadOnlyIntegerProperty numberingProperty() { return numbering.getReadOnlyProperty(); }

    private void renumber() {
        positioned = false;
        numbering.set(numbering.get() + 1);
    }
    /** Which rows the grid shows (a brush in a chart narrows it); every row by default. */
    public ObjectProperty<java.util.function.Predicate<ConfigRow>> shownProperty() { return shown; }

    /** What the grid says of its rows when it shows {@code shownRows} of them: {@code 12 configs}, or {@code 3 of 12 configs (brushed)}. */
    public String countText(int shownRows) {
        String all = Counts.of(rows.size(), "config");
        return shownRows == rows.size() ? all : String.format(java.util.Locale.ROOT, "%,d of %s (brushed)", shownRows, all);
    }
    /** The parameters the source declares, in its order: the grid's value columns. */
    public ObservableList<String> parameters() { return parameters; }
    public ObservableList<String> metrics() { return metrics; }

    /** Ranks the rows by {@code value} from now on, with {@code metricNames} shown as columns. */
    public void setObjective(Objective value, List<String> metricNames) {
        metrics.setAll(metricNames);
        ranking.setObjective(value);
    }
    public ObjectProperty<TunableSource> sourceProperty() { return source; }
    public ReadOnlyObjectProperty<ConfigRow> bestProperty() { return ranking.bestProperty(); }
    /** Changes whenever the best or its figure does, and with it every row's {@link #shareOf share of the best}. */
    public ReadOnlyIntegerProperty rankingProperty() { return ranking.changesProperty(); }
    public ConfigRow best() { return ranking.best(); }
    /**
     * Empty when the samples back an unqualified best; otherwise what qualifies it, as {@link Claims.Best#caveat} says it
     * ({@code not distinguishable from No.4, p = 0.43}, {@code noisy: CV 33%}).
     */
    public ReadOnlyStringProperty bestCaveatProperty() { return ranking.caveatProperty(); }

    /**
     * 1-based config number of a row; a trial waiting to join has the number it will have (the trials
     * join after the rows, in the order they came); 0 for a row not in the grid.
     */
    public int numberOf(ConfigRow row) {
        if (!positioned) {
            for (int i = 0; i < rows.size(); i++) rows.get(i).position = i + 1;
            positioned = true;
        }
        // A row that left the grid keeps the place it had: it stands there no more.
        int number = row.position;
        if (number >= 1 && number <= rows.size() && rows.get(number - 1) == row) return number;
        Integer waiting = arrivingAt.get(row);
        return waiting == null ? 0 : rows.size() + waiting + 1;
    }

    /** The row numbered {@code number} (1-based), the trials waiting to join admitted when it is one of them; null when there is none. */
    public ConfigRow row(int number) {
        if (number > rows.size() && number <= rows.size() + arriving.size()) admitTrials();
        return number >= 1 && number <= rows.size() ? rows.get(number - 1) : null;
    }

    public void setRows(List<Map<String, String>> values) {
        rows.setAll(values.stream().map(ConfigRow::new).toList());
        updateRanking();
    }

    /**
     * Why a cell's value cannot be used, or null when it can. A config that does not name a
     * parameter keeps the source's value for it (the vendor form allows that); a cell set to nothing
     * is flagged.
     */
    public String problem(ConfigRow row, String parameter) {
        if (!row.sets(parameter)) return null;
        String value = row.value(parameter);
        TunableSource s = source.get();
        TunableLine line = s == null ? null : s.parameters().get(parameter);
        if (value == null || value.isBlank()) return "is empty";
        if (line == null) return null;
        return TunableSource.problemWithValue(line, value);
    }

    /** Every flagged cell, as {@code No.2 BM: is empty}. */
    public List<String> problems() {
        var out = new ArrayList<String>();
        for (int i = 0; i < rows.size(); i++) {
            for (String p : parameters) {
                String problem = problem(rows.get(i), p);
                if (problem != null) out.add("No." + (i + 1) + " " + p + ": " + problem);
            }
        }
        return out;
    }

    /** The listed configs to run, in row order; only the parameters the source declares are sent. */
    public List<Config> configs() {
        return rows.stream().filter(ConfigRow::listed).map(this::configOf).toList();
    }

    /**
     * The config a row stands for: its values, those of the parameters the source declares first. A
     * value of a parameter the source does not declare stays in the config (the engine records such a
     * config as invalid, saying why, as the command line does), rather than being left out, which would
     * measure another config in its place.
     */
    public Config configOf(ConfigRow row) {
        var values = new LinkedHashMap<String, String>();
        int set = 0;
        for (String p : parameters) {
            String v = row.value(p);
            if (v != null) set++;
            if (v != null && !v.isBlank()) values.put(p, v);
        }
        Map<String, String> all = row.currentValues();
        if (all.size() > set) {
            all.forEach((p, v) -> {
                if (v != null && !v.isBlank() && !parameters.contains(p)) values.put(p, v);
            });
        }
        return new Config(values, row.name());
    }

    /** The row of {@code config}, found by its values. */
    public Optional<ConfigRow> rowOf(Config config) {
        return Optional.ofNullable(byKey().get(config.key()));
    }

    /**
     * The row of {@code config}; when no row holds it yet, a trial row that joins the grid at the next
     * {@link #admitTrials()} (thousands of trials join in one change, not one each).
     */
    public ConfigRow rowForTrial(Config config) {
        return rowOf(config).orElseGet(() -> {
            var row = ConfigRow.trial(config);
            arrivingAt.put(row, arriving.size());
            arriving.add(row);
            byKey().put(config.key(), row);
            return row;
        });
    }

    /** Adds the trial rows made since the last call to the grid, in the order they came. */
    public void admitTrials() {
        admitTrials(Integer.MAX_VALUE);
    }

    /** Adds the first {@code most} trial rows waiting to the grid, in the order they came; the others wait on. */
    private void admitTrials(int most) {
        if (arriving.isEmpty()) return;
        int joining = Math.min(most, arriving.size());
        var batch = List.copyOf(arriving.subList(0, joining));
        arriving.subList(0, joining).clear();
        arrivingAt.clear();
        for (int i = 0; i < arriving.size(); i++) arrivingAt.put(arriving.get(i), i);
        admitting = true;
        try {
            rows.addAll(batch);
        } finally {
            admitting = false;
        }
    }

    /** How often trials join the grid at most while a run streams them ({@link #admitTrialsAtPace}), unless many wait. */
    static final long ADMIT_EVERY_NANOS = 500_000_000L;
    /** How many waiting trials join at once, without waiting for {@link #ADMIT_EVERY_NANOS}. */
    static final int ADMIT_AT_MOST = 2500;
    /**
     * How many trials join a grid that shows none yet. In that frame the table styles its visible rows
     * for the first time (14-22 ms on a slow machine); the trials that came with them join at the next admission.
     */
    static final int FIRST_JOIN_AT_MOST = 100;

    /**
     * Adds the waiting trials to the grid unless some joined less than half a second before {@code nowNanos}
     * and fewer than {@value #ADMIT_AT_MOST} wait. Every change in the number of rows makes the table
     * restyle and lay out every visible row again, which takes a frame of its own (10 ms on a slow
     * machine), and the trials joining cost their number on top (2 µs each): thousands of replayed
     * trials joining a frame at a time would spend every frame on it, and 8,000 joining at once make a
     * frame too long. Waiting trials already have their numbers ({@link #numberOf}) and join when asked
     * for by number ({@link #row}).
     */
    public void admitTrialsAtPace(long nowNanos) {
        if (arriving.isEmpty()) return;
        if (admittedOnce && nowNanos - admittedAtNanos < ADMIT_EVERY_NANOS && arriving.size() < ADMIT_AT_MOST) return;
        admittedOnce = true;
        admittedAtNanos = nowNanos;
        // Trials join at the end: a grid whose last row is a listed one (or that has none) shows no trial yet.
        boolean noTrialShown = rows.isEmpty() || rows.getLast().listed();
        admitTrials(noTrialShown ? FIRST_JOIN_AT_MOST : Integer.MAX_VALUE);
    }

    /** Rows by their config's key (the first row of each), kept until rows or values change: a search's thousands of trials find their rows at once. */
    private Map<String, ConfigRow> byKey() {
        if (index == null) {
            index = new java.util.HashMap<>();
            for (ConfigRow r : rows) index.putIfAbsent(configOf(r).key(), r);
        }
        return index;
    }

    /** Removes the rows a search added, keeping the listed ones. */
    public void removeTrials() {
        arriving.clear();
        arrivingAt.clear();
        index = null;
        // One change for all of them, the listed rows put back in place of every row: removing 20,000
        // trials one by one told the grid 20,000 times, and a sorted view re-placed each of them.
        var listed = rows.stream().filter(ConfigRow::listed).toList();
        if (listed.size() < rows.size()) rows.setAll(listed);
    }

    /** The listed rows as plain maps (for saving and exporting), limited to the current parameters. */
    public List<Map<String, String>> rowValues() {
        return configs().stream().map(Config::toRow).toList();
    }

    /** Whether any row has a name: the grid then shows a Name column. */
    public boolean anyNamed() {
        return rows.stream().anyMatch(r -> r.name() != null);
    }

    /** Names the config of {@code row} ({@code cpp_packed_gemm_0}); blank removes the name. */
    public void setName(ConfigRow row, String name) {
        String now = name == null || name.isBlank() ? null : name.strip();
        if (java.util.Objects.equals(now, row.name())) return;
        edit("Rename Config", () -> {
            row.setName(now);
            return null;
        });
    }

    public EditHistory history() { return history; }

    /** Adds a row holding the source's current values; returns it. */
    public ConfigRow add() {
        return edit("Add Config", this::addRow);
    }

    private ConfigRow addRow() {
        var values = new LinkedHashMap<String, String>();
        TunableSource s = source.get();
        for (String p : parameters) {
            TunableLine line = s == null ? null : s.parameters().get(p);
            values.put(p, line == null ? "" : line.value());
        }
        var row = new ConfigRow(values);
        rows.add(row);
        return row;
    }

    public ConfigRow duplicate(ConfigRow row) {
        return edit("Duplicate Config", () -> {
            var copy = row.copy();
            rows.add(rows.indexOf(row) + 1, copy);
            return copy;
        });
    }

    public void delete(List<ConfigRow> selected) {
        if (selected.isEmpty()) return;
        edit(selected.size() == 1 ? "Delete Config" : "Delete " + selected.size() + " Configs", () -> {
            rows.removeAll(List.copyOf(selected));
            updateRanking();
            return null;
        });
    }

    /** Moves a row up ({@code -1}) or down ({@code +1}) in config order. */
    public void move(ConfigRow row, int by) {
        int from = rows.indexOf(row);
        int to = from + by;
        if (from < 0 || to < 0 || to >= rows.size()) return;
        edit(by < 0 ? "Move Config Up" : "Move Config Down", () -> {
            rows.remove(from);
            rows.add(to, row);
            return null;
        });
    }

    /** Sets a value; a result measured for the old values no longer belongs to the row and is cleared. */
    public void setValue(ConfigRow row, String parameter, String value) {
        String now = value == null ? "" : value.strip();
        if (now.equals(row.value(parameter))) return;
        edit("Edit " + parameter, () -> {
            row.values().put(parameter, now);
            index = null;
            forgetResult(row);
            return null;
        });
    }

    /** The row no longer sets {@code parameter}: the source's value is kept for it (and its old result cleared). */
    public void keepSourceValue(ConfigRow row, String parameter) {
        if (!row.sets(parameter)) return;
        edit("Keep the Source's " + parameter, () -> {
            row.values().remove(parameter);
            index = null;
            forgetResult(row);
            return null;
        });
    }

    private void forgetResult(ConfigRow row) {
        if (row.record() == null) return;
        row.clearResult();
        updateRanking();
    }

    /** The value the source has for {@code parameter}, which a config that leaves it out keeps. */
    public String sourceValue(String parameter) {
        TunableSource s = source.get();
        TunableLine line = s == null ? null : s.parameters().get(parameter);
        return line == null ? "" : line.value();
    }

    /** Appends rows pasted from a spreadsheet (tab-separated); returns how many. */
    public int paste(String text) throws ConfigFormatException {
        List<Map<String, String>> pasted = ConfigList.readTabSeparated(text, List.copyOf(parameters));
        return edit("Paste " + pasted.size() + " Configs", () -> {
            pasted.forEach(v -> rows.add(new ConfigRow(v)));
            return pasted.size();
        });
    }

    /**
     * Appends every combination of the value lists ({@code "32; 64"} per parameter) that is not a
     * config of the grid already (a value left out counting as the source's); returns how many it added.
     */
    public int generate(Map<String, String> valueLists) {
        var lists = new LinkedHashMap<String, List<String>>();
        valueLists.forEach((k, v) -> lists.put(k, Combinations.values(v)));
        var present = new java.util.HashSet<Map<String, String>>();
        rowValues().forEach(v -> present.add(withSourceValues(v)));
        List<Map<String, String>> made = Combinations.of(lists).stream().filter(v -> present.add(withSourceValues(v))).toList();
        if (made.isEmpty()) return 0;
        return edit("Generate " + made.size() + " Configs", () -> {
            made.forEach(v -> rows.add(new ConfigRow(v)));
            return made.size();
        });
    }

    /** A config's values with the source's in the places it leaves empty: the config as it is built. */
    private Map<String, String> withSourceValues(Map<String, String> values) {
        var all = new java.util.HashMap<String, String>();
        for (String p : parameters) {
            String v = values.get(p);
            all.put(p, v == null || v.isBlank() ? sourceValue(p) : v);
        }
        values.forEach(all::putIfAbsent);
        return all;
    }

    public void importText(String text, ConfigFormat format) throws ConfigFormatException {
        importList(text, format);
    }

    /** Replaces the rows with those of a list; returns it, with the settings that came with it (for the run panel). */
    public ImportedList importList(String text, ConfigFormat format) throws ConfigFormatException {
        var list = ConfigList.readList(text, format);
        edit("Import " + list.rows().size() + " Configs", () -> {
            setRows(list.rows());
            return null;
        });
        return list;
    }

    public String exportText(ConfigFormat format) {
        var columns = new ArrayList<String>();
        if (anyNamed()) columns.add(Config.NAME_KEY);
        columns.addAll(parameters);
        return ConfigList.write(rowValues(), columns, format);
    }

    public void clearResults() {
        rows.forEach(ConfigRow::clearResult);
        ranking.clear();
    }

    /** Marks the best successful row and each row's share of it; says when the best is within the noise of the runner-up. */
    public void updateRanking() {
        ranking.update();
    }

    /** Takes rows that just got their results into the ranking; see {@link GridRanking#rank}. */
    public void rank(List<ConfigRow> finished) {
        ranking.rank(finished);
    }

    /** The row's standing as a share of the best's: 1 for the best, 0.5 for one twice as slow; null when it failed or was not measured. */
    public Double shareOf(ConfigRow row) {
        return ranking.shareOf(row);
    }

    /** Makes a change to the rows as one undoable edit. */
    private <T> T edit(String name, Supplier<T> change) {
        // Trials waiting to join have their numbers after the rows: they join before the rows change.
        admitTrials();
        var before = GridState.of(rows);
        T result = change.get();
        var after = GridState.of(rows);
        history.add(new EditHistory.Edit() {
            @Override public String name() { return name; }
            @Override public void undo() { restore(before); }
            @Override public void redo() { restore(after); }
        });
        return result;
    }

    private void restore(GridState state) {
        state.restore(rows);
        index = null;
        arriving.clear();
        updateRanking();
    }

    /** The rows as they were: which rows, in which order, with their values, names and results. */
    private record GridState(List<RowState> rows) {
        static GridState of(List<ConfigRow> rows) {
            return new GridState(rows.stream().map(RowState::of).toList());
        }

        void restore(ObservableList<ConfigRow> target) {
            rows.forEach(RowState::restore);
            target.setAll(rows.stream().map(RowState::row).toList());
        }
    }

    private record RowState(ConfigRow row, Map<String, String> values, String name, TuningRecord record, String log) {
        static RowState of(ConfigRow row) {
            return new RowState(row, java.util.Collections.unmodifiableMap(new LinkedHashMap<>(row.currentValues())), row.name(), row.record(), row.log());
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
