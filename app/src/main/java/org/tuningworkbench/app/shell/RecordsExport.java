package org.tuningworkbench.app.shell;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.tuningworkbench.app.project.OpenedProject;
import org.tuningworkbench.app.task.BackgroundTask;
import org.tuningworkbench.app.task.TaskExecutor;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.output.KernelTunerCacheFormat;
import org.tuningworkbench.engine.output.T4Format;

/**
 * File → Export Records: the records the window shows, written as a Kernel Tuner cache or as T4
 * results, which Kernel Tuner and the benchmark hub read back (as {@code workbench export} writes them).
 */
public final class RecordsExport {

    /** The forms records are exported in: what the menu says, and the file name suggested. */
    public enum Format {
        KERNEL_TUNER_CACHE("Kernel Tuner Cache", "-cache.json"),
        T4("T4 Results", "-t4.json");

        private final String label;
        private final String suffix;

        Format(String label, String suffix) {
            this.label = label;
            this.suffix = suffix;
        }

        public String label() {
            return label;
        }
    }

    private final Supplier<OpenedProject> project;
    private final Supplier<List<TuningRecord>> records;
    private final Dialogs dialogs;
    private final TaskExecutor executor;
    private final Consumer<String> say;

    RecordsExport(Supplier<OpenedProject> project, Supplier<List<TuningRecord>> records, Dialogs dialogs, TaskExecutor executor, Consumer<String> say) {
        this.project = project;
        this.records = records;
        this.dialogs = dialogs;
        this.executor = executor;
        this.say = say;
    }

    /** Asks where to write the records as {@code format}, then writes them. */
    public void export(Format format) {
        OpenedProject opened = project.get();
        if (opened == null || records.get().isEmpty()) {
            dialogs.showProblem("No records to export", List.of("Open a project and run its configs, or open a recorded space, first."));
            return;
        }
        Path folder = opened.projectFile().toAbsolutePath().getParent();
        dialogs.saveFile("Export records as " + format.label(), opened.project().name() + format.suffix, folder).ifPresent(file -> exportTo(format, file));
    }

    /** Writes the records as {@code format} to {@code file}, off the JavaFX thread. */
    public void exportTo(Format format, Path file) {
        List<TuningRecord> shown = List.copyOf(records.get());
        if (shown.isEmpty()) return;
        executor.execute(BackgroundTask.of(() -> {
            if (format == Format.T4) T4Format.write(file, shown);
            else KernelTunerCacheFormat.write(file, shown);
            return file.toAbsolutePath();
        }).onSuccess(written -> {
            say.accept(Counts.of(shown.size(), "record") + " written to " + written + " as " + format.label());
            dialogs.notify("Records exported", written.toString());
        }).onFailure(e -> dialogs.showProblem("Cannot export the records", List.of(file + ": "
                + (e instanceof IOException || e instanceof IllegalArgumentException ? String.valueOf(e.getMessage()) : String.valueOf(e))))));
    }
}
