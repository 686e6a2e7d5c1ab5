package org.tuningworkbench.engine.output;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.recorded.T4Results;

/** The records as T4 results ({@link T4Results}), the benchmark hub's form, which it and Kernel Tuner read back. */
public record T4Format(Path file) implements ResultFormat {

    static final String NAME = "t4";

    /** What both file forms keep of a config's time, said when they are written. */
    static final String OBJECTIVE_SAID = " (objective time: the mean of each config's samples, in ms)";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void results(Results results, PrintWriter out) throws IOException {
        write(file, results.records());
        out.println("Wrote " + Counts.of(results.records().size(), "config") + " to " + file + " as T4 results" + OBJECTIVE_SAID);
    }

    /**
     * Writes {@code records} to {@code file} (gzip-compressed when its name ends in {@code .gz}).
     *
     * @throws IllegalArgumentException when a record does not set every parameter the others set
     */
    public static void write(Path file, List<TuningRecord> records) throws IOException {
        T4Results.write(file, records, parameters(records));
    }

    /** The parameters the records set, in the order they are first met: the file forms' columns. */
    static List<String> parameters(List<TuningRecord> records) {
        var names = new LinkedHashSet<String>();
        records.forEach(r -> names.addAll(r.config().keySet()));
        return List.copyOf(names);
    }
}
