package org.tuningworkbench.engine.output;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.recorded.KernelTunerCacheWriter;

/** The records as a Kernel Tuner cache ({@link KernelTunerCacheWriter}), which Kernel Tuner reads back to resume or simulate a search. */
public record KernelTunerCacheFormat(Path file) implements ResultFormat {

    static final String NAME = "kt-cache";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void results(Results results, PrintWriter out) throws IOException {
        write(file, results.records());
        out.println("Wrote " + Counts.of(results.records().size(), "config") + " to " + file + " as a Kernel Tuner cache"
                + T4Format.OBJECTIVE_SAID);
    }

    /**
     * Writes {@code records} to {@code file} (gzip-compressed when its name ends in {@code .gz}).
     *
     * @throws IllegalArgumentException when a record does not set every parameter the others set
     */
    public static void write(Path file, List<TuningRecord> records) throws IOException {
        KernelTunerCacheWriter.write(file, records, T4Format.parameters(records));
    }
}
