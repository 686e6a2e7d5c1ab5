package org.tuningworkbench.engine.tune;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.exec.TuningException;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.project.Candidates;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.project.SearchSettings;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * A problem-size sweep, as Triton's {@code perf_report}: chosen configs measured at each of a list of
 * values of one of the project's {@code [sizes]}, to show where a config falls off a cache. At each
 * value the project file is read again with that size set (its buffers, launches and work follow),
 * and the configs are tuned there as {@code tune --set SIZE=VALUE} would, racing off (every config
 * is measured in full at every size, since the sweep compares configs across sizes, not to a best)
 * and without the baseline. The records carry their sizes, so a sweep run again reuses them.
 */
public final class SizeSweep {

    /** What the sweep is doing: the {@code index}-th value (from 0) of {@code count} is {@code value}, and the tuner there said {@code event}. */
    public record Step(long value, int index, int count, TuningEvent event) {}

    /** One config's measurements across the sizes: its record at each value it was measured at, in ascending order of value. */
    public record Line(Config config, int number, Map<Long, TuningRecord> records) {
        public Line {
            records = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(records));
        }

        /** The record at {@code value}, when the config was measured there. */
        public Optional<TuningRecord> at(long value) {
            return Optional.ofNullable(records.get(value));
        }
    }

    /** The sweep's outcome: the size, its values in ascending order, and one line per config, in the order they were chosen. */
    public record Result(String size, List<Long> values, List<Line> lines) {
        public Result {
            values = List.copyOf(values);
            lines = List.copyOf(lines);
        }
    }

    private final Path projectFile;
    private final Map<String, Long> sizes;
    private final String size;
    private final List<Long> values;
    private final List<Config> configs;
    private final List<Integer> numbers;
    private final TuneOptions options;
    private final UnaryOperator<MeasureSettings> measure;
    private volatile Tuner running;
    private volatile boolean stopped;

    /**
     * @param projectFile the project file, read again at each value
     * @param sizes       sizes set over the file's own (as the window opened it with), the swept one set over them at each value
     * @param size        the name of one of its {@code [sizes]}
     * @param values      the values to measure at (sorted, duplicates dropped); each at least 1
     * @param configs     the configs to measure, each a line of the result
     * @param numbers     the number each config goes by ({@code No.3}), in the order of {@code configs}
     * @param measure     what becomes of the project's {@code [measure]} settings (the command line's or the run panel's in their place)
     * @throws IllegalArgumentException when there is no value or no config, a value is below 1, or the lists disagree
     */
    public SizeSweep(Path projectFile, Map<String, Long> sizes, String size, List<Long> values, List<Config> configs, List<Integer> numbers, TuneOptions options,
                     UnaryOperator<MeasureSettings> measure) {
        if (values.isEmpty()) throw new IllegalArgumentException("the sweep has no value of " + size + " to measure at");
        if (configs.isEmpty()) throw new IllegalArgumentException("the sweep has no config to measure");
        if (configs.size() != numbers.size()) throw new IllegalArgumentException(configs.size() + " configs but " + numbers.size() + " numbers");
        for (long v : values) if (v < 1) throw new IllegalArgumentException(size + " = " + v + ": a size is at least 1");
        this.projectFile = projectFile;
        this.sizes = Map.copyOf(sizes);
        this.size = size;
        this.values = List.copyOf(new TreeSet<>(values));
        this.configs = List.copyOf(configs);
        this.numbers = List.copyOf(numbers);
        this.options = options.toBuilder().racing(Racing.OFF).build();
        this.measure = measure;
    }

    /**
     * Reads {@code 64,128,256} (or with spaces, or {@code 64 128 256}) as the values of a sweep.
     *
     * @throws IllegalArgumentException naming the part that is not a whole number of at least 1
     */
    public static List<Long> values(String text) {
        var out = new ArrayList<Long>();
        for (String part : text.strip().split("[,\\s]+")) {
            if (part.isEmpty()) continue;
            long value;
            try {
                value = Long.parseLong(part.replace("_", ""));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("`" + part + "` is not a whole number (the values are written 64,128,256)");
            }
            if (value < 1) throw new IllegalArgumentException("`" + part + "`: a size is at least 1");
            out.add(value);
        }
        if (out.isEmpty()) throw new IllegalArgumentException("no value given (the values are written 64,128,256)");
        return out;
    }

    /**
     * The project at {@code value} of the size, measuring only the sweep's configs.
     *
     * @throws ProjectException when the project file is wrong at that value, or has no such size
     */
    Project projectAt(long value) throws ProjectException {
        // An unknown size is the project file's error, as `tune --set` gets it: "cannot set size ...".
        var set = new LinkedHashMap<>(sizes);
        set.put(size, value);
        Project read = ProjectFile.load(projectFile, set);
        return read.withMeasure(measure.apply(read.measure())).withCandidates(Candidates.listed(configs)).withBaseline(Optional.empty())
                .withSearch(new SearchSettings("grid", read.search().seed(), SearchSettings.DEFAULT.budget(), read.search().order(), read.search().objective()));
    }

    /**
     * Measures every config at every value, smallest value first, appending to {@code records} (a config
     * already recorded at a value with the same settings is not measured again). A config that fails at
     * a value has its failed record there; the others go on. Stopped, it returns what it measured.
     *
     * @throws ProjectException when the project file is wrong at one of the values (checked for all before any is measured)
     */
    public Result run(RecordFile records, Consumer<Step> steps) throws ProjectException, TuningException {
        var projects = new ArrayList<Project>();
        for (long v : values) projects.add(projectAt(v));
        var byKey = new HashMap<String, Map<Long, TuningRecord>>();
        for (Config c : configs) byKey.putIfAbsent(c.key(), new LinkedHashMap<>());
        for (int i = 0; i < values.size() && !stopped; i++) {
            long value = values.get(i);
            int index = i;
            Tuner tuner = new Tuner(projects.get(i), options);
            running = tuner;
            if (stopped) break;
            for (TuningRecord r : tuner.run(records, event -> steps.accept(new Step(value, index, values.size(), event)))) {
                var line = byKey.get(r.configValues().key());
                if (line != null) line.put(value, r);
            }
        }
        running = null;
        var lines = new ArrayList<Line>();
        for (int i = 0; i < configs.size(); i++) lines.add(new Line(configs.get(i), numbers.get(i), byKey.get(configs.get(i).key())));
        return new Result(size, values, lines);
    }

    /** Stops the sweep from any thread: the size being measured stops as a tuning run does, and no other is started. */
    public void stop() {
        stopped = true;
        Tuner tuner = running;
        if (tuner != null) tuner.stop();
    }
}
