package org.tuningworkbench.app.editor;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableMap;
import org.tuningworkbench.engine.build.Diagnostic;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.InvalidConfigException;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.marker.Variant;

/**
 * The kernel source being edited: its text, the tunable parameters its markers declare (re-read on
 * {@link #reparse()}, which the view calls once typing pauses), the variant of the selected config
 * and the compiler's errors on the user's lines.
 */
public final class SourceEditorViewModel {

    private final ObjectProperty<Path> file = new SimpleObjectProperty<>(Path.of("kernel.cpp"));
    private final StringProperty text = new SimpleStringProperty("");
    private final BooleanProperty modified = new SimpleBooleanProperty();
    private final ReadOnlyObjectWrapper<TunableSource> source = new ReadOnlyObjectWrapper<>(TunableSource.parse(Path.of("kernel.cpp"), ""));
    private final ObservableList<String> parameters = FXCollections.observableArrayList();
    private final ObservableList<String> markerProblems = FXCollections.observableArrayList();
    private final ObservableMap<Integer, String> errorsByLine = FXCollections.observableMap(new TreeMap<>());
    private final ObjectProperty<ViewMode> mode = new SimpleObjectProperty<>(ViewMode.SOURCE);
    private final ObjectProperty<Config> shownConfig = new SimpleObjectProperty<>();
    private final javafx.beans.property.StringProperty shownLabel = new javafx.beans.property.SimpleStringProperty("");
    private final ReadOnlyStringWrapper shownText = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<List<Integer>> changedLines = new ReadOnlyObjectWrapper<>(List.of());
    private String savedText = "";
    /** Parameters written as {@code #define}s before the kernel ({@code [kernel] inject = "defines"}); empty when none are injected. */
    private List<String> injected = List.of();
    /** The injected parameters the current source was read with. */
    private List<String> parsedInjected = List.of();

    public SourceEditorViewModel() {
        text.addListener((obs, old, now) -> modified.set(!now.equals(savedText)));
        mode.addListener((obs, old, now) -> updateShown());
        shownConfig.addListener((obs, old, now) -> updateShown());
    }

    /** Loads a file's text as the unmodified state. */
    public void load(Path path, String content) {
        file.set(path);
        savedText = content;
        text.set(content);
        modified.set(false);
        errorsByLine.clear();
        shownConfig.set(null);
        mode.set(ViewMode.SOURCE);
        reparse();
    }

    /**
     * Injects the project's parameters that no marked line declares as {@code #define}s
     * ({@code [kernel] inject = "defines"}): they become parameters of the source beside the marked
     * ones. An empty list injects nothing.
     */
    public void injectDefines(List<String> names) {
        injected = List.copyOf(names);
        reparse();
    }

    /** The text was written to disk. */
    public void markSaved() {
        savedText = text.get();
        modified.set(false);
    }

    /** Reads the markers of the current text again; the grid's columns follow {@link #parameters()}. */
    public void reparse() {
        // The same text of the same file reads the same: nothing shown changes, and the source is not restyled (a Run
        // reparses before it starts; restyling every line then cost the window a long frame).
        TunableSource current = source.get();
        if (current != null && java.util.Objects.equals(current.file(), file.get()) && current.text().equals(text.get())
                && parsedInjected.equals(injected)) return;
        parsedInjected = injected;
        TunableSource parsed = TunableSource.parse(file.get(), text.get()).injectingDefines(!injected.isEmpty());
        source.set(parsed);
        var all = new java.util.LinkedHashSet<>(parsed.parameters().keySet());
        all.addAll(injected);
        List<String> names = List.copyOf(all);
        if (!names.equals(parameters)) parameters.setAll(names);
        markerProblems.setAll(parsed.errors().stream().map(e -> "line " + e.line() + ": " + e.message()).toList());
        updateShown();
    }

    /** Shows the compiler's errors on the user's lines (diagnostics of the generated launcher are left out). */
    public void showDiagnostics(List<Diagnostic> diagnostics) {
        var byLine = new TreeMap<Integer, String>();
        for (Diagnostic d : diagnostics) {
            if (!d.inKernel() || d.severity() == Diagnostic.Severity.NOTE) continue;
            String message = (d.column() > 0 ? "column " + d.column() + ": " : "") + d.severity().name().toLowerCase() + ": " + d.message();
            byLine.merge(d.line(), message, (a, b) -> a + "\n" + b);
        }
        errorsByLine.clear();
        errorsByLine.putAll(byLine);
    }

    private void updateShown() {
        Config config = shownConfig.get();
        if (config == null || mode.get() == ViewMode.SOURCE) {
            shownText.set(text.get());
            changedLines.set(List.of());
            return;
        }
        Variant variant;
        try {
            variant = source.get().substitute(config);
        } catch (InvalidConfigException e) {
            shownText.set("// " + e.getMessage() + "\n");
            changedLines.set(List.of(0));
            return;
        }
        String[] before = text.get().split("\n", -1);
        String[] after = variant.body().split("\n", -1);
        // Injected #defines open the variant; the body keeps every line of the source in place.
        List<String> injectedLines = variant.textToKeep().lines().limit(variant.injected().size()).toList();
        var changed = new ArrayList<Integer>();
        if (mode.get() == ViewMode.VARIANT) {
            int offset = injectedLines.size();
            for (int i = 0; i < offset; i++) changed.add(i);
            for (int i = 0; i < after.length; i++) if (i >= before.length || !before[i].equals(after[i])) changed.add(offset + i);
            shownText.set(variant.textToKeep());
        } else {
            // Substitution keeps every line in place, so the difference is line by line.
            var out = new StringBuilder();
            int paragraph = 0;
            for (String line : injectedLines) {
                out.append("+ ").append(line).append('\n');
                changed.add(paragraph++);
            }
            for (int i = 0; i < after.length; i++) {
                if (i < before.length && before[i].equals(after[i])) {
                    out.append("  ").append(after[i]).append('\n');
                    paragraph++;
                } else {
                    out.append("- ").append(i < before.length ? before[i] : "").append('\n');
                    out.append("+ ").append(after[i]).append('\n');
                    changed.add(paragraph);
                    changed.add(paragraph + 1);
                    paragraph += 2;
                }
            }
            shownText.set(out.toString());
        }
        changedLines.set(List.copyOf(changed));
    }

    public ObjectProperty<Path> fileProperty() { return file; }
    public StringProperty textProperty() { return text; }
    public BooleanProperty modifiedProperty() { return modified; }
    public ReadOnlyObjectProperty<TunableSource> sourceProperty() { return source.getReadOnlyProperty(); }
    public TunableSource source() { return source.get(); }
    public ObservableList<String> parameters() { return parameters; }
    public ObservableList<String> markerProblems() { return markerProblems; }
    /** 1-based line of the user's file to the compiler's messages about it. */
    public ObservableMap<Integer, String> errorsByLine() { return errorsByLine; }
    public ObjectProperty<ViewMode> modeProperty() { return mode; }
    public ObjectProperty<Config> shownConfigProperty() { return shownConfig; }
    /** How the shown config is named where it stands ({@code No.3}). */
    public javafx.beans.property.StringProperty shownLabelProperty() { return shownLabel; }
    /** The text shown when the mode is not {@link ViewMode#SOURCE}. */
    public ReadOnlyStringProperty shownTextProperty() { return shownText.getReadOnlyProperty(); }
    /**
     * 0-based paragraphs of {@link #shownTextProperty()} that differ from the source; in the
     * difference, removed lines start with {@code -} and added ones with {@code +}.
     */
    public ReadOnlyObjectProperty<List<Integer>> changedLinesProperty() { return changedLines.getReadOnlyProperty(); }

    /** For the tests and the apply-best confirmation: the first line of each parameter. */
    public Map<String, Integer> parameterLines() {
        var out = new java.util.LinkedHashMap<String, Integer>();
        source.get().parameters().forEach((name, line) -> out.put(name, line.line()));
        return out;
    }
}
