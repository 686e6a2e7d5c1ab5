package org.tuningworkbench.app.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.tuningworkbench.app.task.BackgroundTask;
import org.tuningworkbench.app.task.TaskExecutor;
import org.tuningworkbench.engine.recorded.PriorFiles;
import org.tuningworkbench.engine.search.Prior;
import org.tuningworkbench.engine.search.PriorAdvice;
import org.tuningworkbench.engine.search.Strategies;

/**
 * The priors a run's strategy learns from: files of what other devices or sizes measured, dropped on
 * the side panel and read in the background. A run says how many of each one's configs were in its space.
 */
public final class PriorsViewModel {

    static final String NONE = "None. Drop record files, Kernel Tuner caches or T4 files of other devices here: "
            + "the model and evolutionary strategies start from what they measured.";

    private final TaskExecutor executor;
    private final List<Prior> priors = new ArrayList<>();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(NONE);
    private Consumer<String> onError = message -> { };

    public PriorsViewModel(TaskExecutor executor) {
        this.executor = executor;
    }

    public void setOnError(Consumer<String> value) {
        onError = value;
    }

    /** Reads {@code files} in the background and adds them; a file that cannot be read adds nothing and is named in an error. */
    public void add(List<Path> files) {
        if (files.isEmpty()) return;
        summary.set("Reading " + files.size() + (files.size() == 1 ? " file…" : " files…"));
        executor.execute(BackgroundTask.of(() -> PriorFiles.read(files)).onSuccess(this::addRead).onFailure(e -> {
            summary.set(listed(priors.stream().map(Prior::name).toList()));
            onError.accept(e.getMessage());
        }));
    }

    /** Adds priors read already (the command line's). */
    public void addRead(List<Prior> read) {
        priors.addAll(read);
        summary.set(listed(priors.stream().map(p -> String.format(Locale.ROOT, "%s: %,d configs", p.name(), p.observations().size())).toList()));
    }

    public void clear() {
        priors.clear();
        summary.set(NONE);
    }

    /** The priors read so far, for the next run. */
    public List<Prior> priors() {
        return List.copyOf(priors);
    }

    /** What a run of {@code strategy} said of them: how many of each one's configs were in its space. */
    void used(List<PriorAdvice.Used> used, String strategy) {
        if (used.isEmpty()) return;
        var lines = new ArrayList<>(used.stream().map(u -> String.format(Locale.ROOT, "%s: %,d of %,d configs in this space", u.prior(), u.inSpace(), u.configs())).toList());
        if (!Strategies.LEARNING_FROM_PRIORS.contains(strategy)) lines.add("The " + strategy + " strategy does not learn from priors: choose model or evolutionary.");
        summary.set(listed(lines));
    }

    private static String listed(List<String> lines) {
        return lines.isEmpty() ? NONE : String.join("\n", lines);
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }
}
