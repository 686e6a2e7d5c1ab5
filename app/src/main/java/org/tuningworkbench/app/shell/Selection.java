package org.tuningworkbench.app.shell;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import org.tuningworkbench.app.analysis.ResultsViewModel;
import org.tuningworkbench.app.compare.CompareViewModel;
import org.tuningworkbench.app.configs.ConfigGridViewModel;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.app.editor.SourceEditorViewModel;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.JudgedStatus;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * The selected config, one for the grid, the charts and the editor: a click on any of them selects it
 * in all; the editor shows its variant and diagnostics, the log pane its build and run output; a brush
 * on a chart narrows the grid. The two configs to compare are taken from it.
 */
final class Selection {

    private final ConfigGridViewModel grid;
    private final SourceEditorViewModel editor;
    private final ObjectProperty<ConfigRow> selected = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper log = new ReadOnlyStringWrapper("");
    private boolean syncingSelection;

    Selection(ConfigGridViewModel grid, SourceEditorViewModel editor, ResultsViewModel results) {
        this.grid = grid;
        this.editor = editor;
        selected.addListener((obs, old, now) -> show());
        selected.addListener((obs, old, now) -> {
            if (syncingSelection) return;
            syncingSelection = true;
            results.selectedProperty().set(now == null ? -1 : grid.numberOf(now));
            syncingSelection = false;
        });
        results.selectedProperty().addListener((obs, old, now) -> {
            if (syncingSelection) return;
            syncingSelection = true;
            selected.set(grid.row(now.intValue()));
            syncingSelection = false;
        });
        results.brushedProperty().addListener((obs, old, now) -> {
            if (now == null) {
                grid.shownProperty().set(r -> true);
                return;
            }
            var rows = new HashSet<ConfigRow>();
            for (int n : now) {
                ConfigRow row = grid.row(n);
                if (row != null) rows.add(row);
            }
            grid.shownProperty().set(rows::contains);
        });
    }

    ObjectProperty<ConfigRow> selectedProperty() { return selected; }

    /** The selected config's build output and run stderr. */
    ReadOnlyStringProperty logProperty() { return log.getReadOnlyProperty(); }

    /** Nothing selected (another project, a run starting). */
    void clear() {
        selected.set(null);
        log.set("");
    }

    /** After events were drained: the selected row's diagnostics and log may have arrived. */


    void show() {
        ConfigRow row = selected.get();
        if (row == null) {
            editor.shownConfigProperty().set(null);
            editor.showDiagnostics(List.of());
            log.set("");
            return;
        }
        int number = grid.numberOf(row);
        editor.shownLabelProperty().set(number <= 0 ? "" : "No." + number);
        editor.shownConfigProperty().set(number <= 0 ? null : grid.configOf(row));
        TuningRecord r = row.record();
        editor.showDiagnostics(r == null ? List.of() : r.diagnostics());
        String output = row.log();
        log.set(r == null ? "" : describe(number, r) + confirmed(row.confirmation()) + (output == null || output.isBlank() ? "" : "\n--- build and run output ---\n" + output));
    }

    private static String describe(int number, TuningRecord r) {
        // Its status as the grid's Status column, Compare and show say it.
        var out = new StringBuilder("No.").append(number).append(" · ").append(JudgedStatus.of(r).text()).append('\n');
        r.config().forEach((k, v) -> out.append("  ").append(k).append(" = ").append(v).append('\n'));
        if (r.error() != null) out.append(r.error()).append('\n');
        if (r.medianUs() != null && r.samplesUs().isEmpty()) {
            out.append("verified call ").append(Figures.micros(r.medianUs())).append(", no samples\n");
            if (r.timing() != null && r.timing().stopped() != null) out.append(r.timing().stopped()).append('\n');
        } else if (r.medianUs() != null) {
            // Where the confirmation measured it again, its figures stand (the line after these); these are the search's.
            out.append(r.confirmation() == null ? "median " : "search: median ").append(Figures.micros(r.medianUs())).append(" · min ").append(Figures.micros(r.minUs()))
                    .append(" · max ").append(Figures.micros(r.maxUs()))
                    .append(r.cv() == null ? "" : " · CV " + Figures.percent(r.cv()) + (Boolean.TRUE.equals(r.noisy()) ? " (noisy)" : "")).append('\n');
            int samples = r.samplesUs().size();
            out.append(samples).append(samples == 1 ? " sample of " : " samples of ").append(r.callsPerSample())
                    .append(Long.valueOf(1).equals(r.callsPerSample()) ? " call" : " calls").append(" each\n");
            Integer retaken = r.timing() == null ? null : r.timing().faultedSamples();
            if (retaken != null) {
                out.append(retaken).append(retaken == 1 ? " sample" : " samples")
                        .append(" taken again: the kernel touched memory for the first time in ").append(retaken == 1 ? "it" : "them")
                        .append(" (page faults), as one that allocates in every call does in its first calls\n");
            }
            if (r.timing() != null && r.timing().stopped() != null) out.append(r.timing().stopped()).append('\n');
        }
        if (r.verification() != null) out.append("verification: ").append(r.verification().summary()).append('\n');
        if (r.buildMs() != null) {
            out.append("build ").append(Boolean.TRUE.equals(r.buildCached()) ? "reused from the cache" : String.format(Locale.ROOT, "%.0f ms", r.buildMs()));
            if (r.runMs() != null) out.append(String.format(Locale.ROOT, " · run %.0f ms", r.runMs()));
            out.append('\n');
        }
        return out.toString();
    }

    /** What the run's confirmation measured of the config, when it measured it again: its figure, rank and rounds. */
    private static String confirmed(ConfirmedFigures e) {
        if (e == null) return "";
        return "confirmed median " + Figures.micros(e.medianUs()) + ": rank " + e.rank() + " measured again (the run's rank "
                + e.searchRank() + "); rounds " + e.roundMediansUs().stream().map(Figures::micros).collect(Collectors.joining(", "))
                + ", each in a fresh process\n";
    }

    /** Selects the row of config {@code number} (1-based), as a click on the chart does. */
    void selectNumber(int number) {
        ConfigRow row = grid.row(number);
        if (row != null) selected.set(row);
    }

    /**
     * The two configs to compare: the first two selected, or the one selected and the best; empty
     * otherwise ({@link ConfigGridViewModel#comparable}: the window's Compare waits for them).
     */
    Optional<CompareViewModel> compare(List<ConfigRow> rows) {
        if (!grid.comparable(rows)) return Optional.empty();
        ConfigRow a = rows.size() >= 2 ? rows.get(0) : grid.best();
        ConfigRow b = rows.size() >= 2 ? rows.get(1) : rows.getFirst();
        return Optional.of(new CompareViewModel(editor.source(), "No." + grid.numberOf(a), grid.configOf(a), a.record(),
                "No." + grid.numberOf(b), grid.configOf(b), b.record()));
    }
}
