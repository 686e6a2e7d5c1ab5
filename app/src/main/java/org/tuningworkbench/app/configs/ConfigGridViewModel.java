package org.tuningworkbench.app.configs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
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
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.analysis.Claims;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.tune.Confirmation;

/**
 * The config grid: rows of values, one column per parameter the source declares, and each row's
 * result. The listed rows come first, then the trials a search proposed, as they come. A row's
 * number ({@code No.1} is the first row) is only where it stands; results find their row by the
 * config's values ({@link RowIndex}).
 */
public final class ConfigGridViewModel {

    private final ObservableList<ConfigRow> rows = FXCollections.observableArrayList();
    private final ObservableList<String> parameters = FXCollections.observableArrayList();
    /** The project's metrics, each a column; and the objective the best is chosen by (a call's time unless the project names a metric). */
    private final ObservableList<String> metrics = FXCollections.observableArrayList();
    /** The best row and each row's standing, by the objective. */
    private final GridRanking ranking = new GridRanking(rows, this::numberOf);
    private final SourceValues source = new SourceValues();
    /** Each row's number, and the row of each config. */
    private final RowIndex index = new RowIndex(rows, this::configOf);
    private final ObjectProperty<Predicate<ConfigRow>> shown = new SimpleObjectProperty<>(r -> true);
    /** The rate shown beside the median, after the project's [work]. */
    private final ObjectProperty<Rate> rate = new SimpleObjectProperty<>(Rate.GFLOPS);
    private final GridEdits edits;

    public ConfigGridViewModel() {
        this(new EditHistory());
    }

    /** A grid whose edits (add, delete, move, change values, paste, generate, import) go into {@code history}. */
    public ConfigGridViewModel(EditHistory history) {
        this.edits = new GridEdits(rows, history, this::admitTrials, () -> {
            index.forgetTrials();
            updateRanking();
        });
        parameters.addListener((ListChangeListener<String>) change -> index.valuesChanged());
    }

    public ObservableList<ConfigRow> rows() { return rows; }
    /** Changes whenever rows may have new numbers ({@link RowIndex#numberingProperty}). */
    public ReadOnlyIntegerProperty numberingProperty() { return index.numberingProperty(); }

    /** Which rows the grid shows (a brush in a chart narrows it); every row by default. */
    public ObjectProperty<Predicate<ConfigRow>> shownProperty() { return shown; }

    /** What the grid says of its rows when it shows {@code shownRows} of them: {@code 12 configs}, or {@code 3 of 12 configs (brushed)}. */
    public String countText(int shownRows) {
        String all = Counts.of(rows.size(), "config");
        return shownRows == rows.size() ? all : String.format(Locale.ROOT, "%,d of %s (brushed)", shownRows, all);
    }
    /** The parameters the source declares, in its order: the grid's value columns. */
    public ObservableList<String> parameters() { return parameters; }
    public ObservableList<String> metrics() { return metrics; }

    /** Ranks the rows by {@code value} from now on, with {@code metricNames} shown as columns. */
    public void setObjective(Objective value, List<String> metricNames) {
        metrics.setAll(metricNames);
        ranking.setObjective(value);
    }
    /** The rate the grid shows beside the median: GFLOP/s, or GB/s for a project whose work is bytes alone. */
    public ObjectProperty<Rate> rateProperty() { return rate; }
    public Rate rate() { return rate.get(); }
    public ObjectProperty<TunableSource> sourceProperty() { return source.property(); }
    public ReadOnlyObjectProperty<ConfigRow> bestProperty() { return ranking.bestProperty(); }
    /** Changes whenever the best or its figure does, and with it every row's {@link #shareOf share of the best}. */
    public ReadOnlyIntegerProperty rankingProperty() { return ranking.changesProperty(); }
    public ConfigRow best() { return ranking.best(); }

    /** Whether {@code selected} names two configs to compare: two rows (the first two), or one and a best that is another row. */
    public boolean comparable(List<ConfigRow> selected) {
        return selected.size() >= 2 || selected.size() == 1 && best() != null && best() != selected.getFirst();
    }
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
        return index.numberOf(row);
    }

    /** The row numbered {@code number} (1-based), the trials waiting to join admitted when it is one of them; null when there is none. */
    public ConfigRow row(int number) {
        return index.row(number);
    }

    public void setRows(List<Map<String, String>> values) {
        rows.setAll(values.stream().map(ConfigRow::new).toList());
        updateRanking();
    }

    /** Why a cell's value cannot be used ({@code is empty}), or null when it can: see {@link SourceValues#problem}. */
    public String problem(ConfigRow row, String parameter) {
        return source.problem(row, parameter);
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
        return index.rowOf(config);
    }

    /**
     * The row of {@code config}; when no row holds it yet, a trial row that joins the grid at the next
     * {@link #admitTrials()} (thousands of trials join in one change, not one each).
     */
    public ConfigRow rowForTrial(Config config) {
        return index.rowForTrial(config);
    }

    /** Adds the trial rows made since the last call to the grid, in the order they came. */
    public void admitTrials() {
        index.admitTrials();
    }

    /**
     * Adds the waiting trials to the grid unless some joined less than half a second before {@code nowNanos}
     * and not many wait ({@link TrialAdmission#admitAtPace}): while a run streams its trials, the table
     * lays out its rows again a few times a second, not every frame. Waiting trials already have their
     * numbers ({@link #numberOf}) and join when asked for by number ({@link #row}).
     */
    public void admitTrialsAtPace(long nowNanos) {
        index.admitTrialsAtPace(nowNanos);
    }

    /** Removes the rows a search added, keeping the listed ones. */
    public void removeTrials() {
        index.forgetTrials();
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
        if (Objects.equals(now, row.name())) return;
        edits.make("Rename Config", () -> {
            row.setName(now);
            return null;
        });
    }

    public EditHistory history() { return edits.history(); }

    /** Adds a row holding the source's current values; returns it. */
    public ConfigRow add() {
        return edits.make("Add Config", this::addRow);
    }

    private ConfigRow addRow() {
        var values = new LinkedHashMap<String, String>();
        for (String p : parameters) values.put(p, source.of(p));
        var row = new ConfigRow(values);
        rows.add(row);
        return row;
    }

    public ConfigRow duplicate(ConfigRow row) {
        return edits.make("Duplicate Config", () -> {
            var copy = row.copy();
            rows.add(rows.indexOf(row) + 1, copy);
            return copy;
        });
    }

    public void delete(List<ConfigRow> selected) {
        if (selected.isEmpty()) return;
        edits.make(selected.size() == 1 ? "Delete Config" : "Delete " + selected.size() + " Configs", () -> {
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
        edits.make(by < 0 ? "Move Config Up" : "Move Config Down", () -> {
            rows.remove(from);
            rows.add(to, row);
            return null;
        });
    }

    /** Sets a value; a result measured for the old values no longer belongs to the row and is cleared. */
    public void setValue(ConfigRow row, String parameter, String value) {
        String now = value == null ? "" : value.strip();
        if (now.equals(row.value(parameter))) return;
        edits.make("Edit " + parameter, () -> {
            row.values().put(parameter, now);
            index.valuesChanged();
            forgetResult(row);
            return null;
        });
    }

    /** The row no longer sets {@code parameter}: the source's value is kept for it (and its old result cleared). */
    public void keepSourceValue(ConfigRow row, String parameter) {
        if (!row.sets(parameter)) return;
        edits.make("Keep the Source's " + parameter, () -> {
            row.values().remove(parameter);
            index.valuesChanged();
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
        return source.of(parameter);
    }

    /** Appends rows pasted from a spreadsheet (tab-separated); returns how many. */
    public int paste(String text) throws ConfigFormatException {
        List<Map<String, String>> pasted = ConfigList.readTabSeparated(text, List.copyOf(parameters));
        return edits.make("Paste " + pasted.size() + " Configs", () -> {
            pasted.forEach(v -> rows.add(new ConfigRow(v)));
            return pasted.size();
        });
    }

    /**
     * Appends every combination of the value lists ({@code "32; 64"} per parameter) that is not a
     * config of the grid already (a value left out counting as the source's); returns how many it added.
     */
    public int generate(Map<String, String> valueLists) {
        List<Map<String, String>> made = notHeld(valueLists);
        if (made.isEmpty()) return 0;
        return edits.make("Generate " + made.size() + " Configs", () -> {
            made.forEach(v -> rows.add(new ConfigRow(v)));
            return made.size();
        });
    }

    /** The combinations of {@code valueLists} (one value a line) that no row holds yet, each once: the rows {@link #generate} adds. */
    public List<Map<String, String>> notHeld(Map<String, String> valueLists) {
        var lists = new LinkedHashMap<String, List<String>>();
        valueLists.forEach((k, v) -> lists.put(k, Combinations.values(v)));
        var present = new HashSet<Map<String, String>>();
        rowValues().forEach(v -> present.add(source.filledIn(v, parameters)));
        return Combinations.of(lists).stream().filter(v -> present.add(source.filledIn(v, parameters))).toList();
    }

    /** Replaces the rows with those of a list; returns it, with the settings that came with it (for the run panel). */
    public ImportedList importList(String text, ConfigFormat format) throws ConfigFormatException {
        var list = ConfigList.readList(text, format);
        edits.make("Import " + list.rows().size() + " Configs", () -> {
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

    /**
     * Marks the configs {@code result} measured again (the run's closing confirmation) with their confirmed rank and
     * figure; the best is then the one measured fastest again. Configs no row holds a result of are left out.
     */
    public void confirm(Confirmation.Result result) {
        confirm(result.entries().stream().map(Confirmation.Entry::record).toList());
    }

    /** Marks the rows of the configs {@code confirmed} (records carrying a confirmation's figures) with those figures. */
    public void confirm(List<TuningRecord> confirmed) {
        // Trials still waiting to join the grid (they join at a pace while a run streams) join first: a config measured
        // again may be among them, and would otherwise join unmarked.
        admitTrials();
        var byConfig = new HashMap<Map<String, String>, TuningRecord>();
        confirmed.stream().filter(r -> r.confirmation() != null).forEach(r -> byConfig.put(r.config(), r));
        for (ConfigRow row : rows) {
            TuningRecord record = row.record() == null ? null : byConfig.get(row.record().config());
            if (record != null) row.confirm(record);
        }
        ranking.update();
    }

    /** The confirmed median (µs) of each config the run's confirmation measured again, by its number; empty without one. */
    public Map<Integer, Double> confirmedFigures() {
        ConfigRow best = best();
        if (best == null || best.confirmation() == null) return Map.of();
        var figures = new HashMap<Integer, Double>();
        for (ConfigRow row : rows) if (row.confirmation() != null) figures.put(numberOf(row), row.confirmation().medianUs());
        return figures;
    }

    /** Takes rows that just got their results into the ranking; see {@link GridRanking#rank}. */
    public void rank(List<ConfigRow> finished) {
        ranking.rank(finished);
    }

    /** The row's standing as a share of the best's: 1 for the best, 0.5 for one twice as slow; null when it failed or was not measured. */
    public Double shareOf(ConfigRow row) {
        return ranking.shareOf(row);
    }
}
