package org.tuningworkbench.app.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.tuningworkbench.app.task.BackgroundTask;
import org.tuningworkbench.app.task.TaskExecutor;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.SizeSweep;
import org.tuningworkbench.engine.tune.TuningEvent;

/**
 * A problem-size sweep of chosen configs (the engine's {@link SizeSweep}) run in the background, and
 * its result as one curve per config: latency or GFLOP/s against the size.
 */
public final class SizeSweepViewModel {

    /** What a curve draws at each size. */
    public enum Measure {
        LATENCY("latency"), GFLOPS("GFLOP/s");

        private final String label;

        Measure(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** One size's value of a curve: the median in µs, or GFLOP/s. */
    public record Point(long size, double value) {}

    /** A config's curve, and the sizes it has no point at with why ({@code 4096: runtime error}). */
    public record Curve(String label, List<Point> points, List<String> missing) {
        public Curve {
            points = List.copyOf(points);
            missing = List.copyOf(missing);
        }
    }

    /** The sizes a sweep suggests around a size's current value: powers of two of it from an eighth to four times. */
    public static List<Long> suggested(long current) {
        var values = new ArrayList<Long>();
        for (int shift = -3; shift <= 2; shift++) {
            long v = shift < 0 ? current >> -shift : current << shift;
            if (v >= 1 && (values.isEmpty() || v != values.getLast())) values.add(v);
        }
        return values;
    }

    /** The sweep's curves by {@code measure}: a config's point at each size it succeeded at (and has the figure), the others named. */
    public static List<Curve> curves(SizeSweep.Result result, Measure measure) {
        var curves = new ArrayList<Curve>();
        for (SizeSweep.Line line : result.lines()) {
            var points = new ArrayList<Point>();
            var missing = new ArrayList<String>();
            for (long value : result.values()) {
                TuningRecord r = line.at(value).orElse(null);
                Double y = r == null || !r.ok() ? null : measure == Measure.LATENCY ? r.medianUs() : r.gflops();
                if (y != null && y > 0) points.add(new Point(value, y));
                else missing.add(value + ": " + (r == null ? "not measured" : !r.ok() ? r.status().label() : "no " + measure));
            }
            String name = line.config().name();
            curves.add(new Curve("No." + line.number() + (name == null || name.isBlank() ? "" : " " + name), points, missing));
        }
        return curves;
    }

    private final TaskExecutor executor;
    private final Supplier<TuneOptions> options;
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private SizeSweep sweep;

    public SizeSweepViewModel(TaskExecutor executor, Supplier<TuneOptions> options) {
        this.executor = executor;
        this.options = options;
    }

    /**
     * Sweeps {@code size} over {@code values} for {@code configs} (numbered {@code numbers}) of the project file,
     * with {@code sizes} set over its own and its measurement settings as {@code measure} makes them; the records
     * go to {@code records}. {@code done} gets the result (what was measured, when stopped).
     */
    public void sweep(Path projectFile, Map<String, Long> sizes, String size, List<Long> values, List<Config> configs, List<Integer> numbers,
                      UnaryOperator<MeasureSettings> measure, Path records, Consumer<SizeSweep.Result> done, Consumer<String> failed) {
        SizeSweep run;
        try {
            run = new SizeSweep(projectFile, sizes, size, values, configs, numbers, options.get(), measure);
        } catch (IllegalArgumentException e) {
            failed.accept(e.getMessage());
            return;
        }
        sweep = run;
        running.set(true);
        status.set(String.format(Locale.ROOT, "Measuring %d configs at %d values of %s…", configs.size(), values.size(), size));
        var task = BackgroundTask.of(() -> {
            try (RecordFile file = RecordFile.open(records)) {
                return run.run(file, step -> {
                    if (step.event() instanceof TuningEvent.Finished f) {
                        String said = String.format(Locale.ROOT, "%s = %d (%d of %d): %s", size, step.value(), step.index() + 1, step.count(),
                                f.record().status().label());
                        Platform.runLater(() -> {
                            if (sweep == run && running.get()) status.set(said);
                        });
                    }
                });
            }
        });
        executor.execute(task.onSuccess(result -> {
            if (sweep != run) return;
            running.set(false);
            status.set(summary(result, records));
            done.accept(result);
        }).onFailure(e -> {
            if (sweep != run) return;
            running.set(false);
            status.set("");
            failed.accept(e.getMessage());
        }));
    }

    /** {@code batch from 8 to 256, racing off; 2 failed at a size (No.2 at 256: runtime error); records in sweep.jsonl}. */
    static String summary(SizeSweep.Result result, Path records) {
        var failures = new ArrayList<String>();
        for (SizeSweep.Line line : result.lines()) {
            for (var r : line.records().entrySet()) if (!r.getValue().ok()) failures.add("No." + line.number() + " at " + r.getKey() + ": " + r.getValue().status().label());
        }
        return String.format(Locale.ROOT, "%s from %d to %d, racing off; %s; records in %s", result.size(), result.values().getFirst(),
                result.values().getLast(), failures.isEmpty() ? "every config measured at every size" : String.join(", ", failures), records.getFileName());
    }

    /** Stops the sweep running: what was measured stays recorded, and is drawn. */
    public void stop() {
        if (sweep != null) sweep.stop();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }
}
