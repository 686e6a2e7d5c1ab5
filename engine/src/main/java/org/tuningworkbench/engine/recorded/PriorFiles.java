package org.tuningworkbench.engine.recorded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.search.Observation;
import org.tuningworkbench.engine.search.Prior;

/**
 * Reads priors: what other devices or sizes measured, as a record file of an earlier run ({@code .jsonl}),
 * a Kernel Tuner cache or a T4 file ({@code .json}, {@code .json.gz}).
 */
public final class PriorFiles {
    private PriorFiles() {}

    /** The prior {@code file} holds: each config's latest result (a record file's baseline left out). */
    public static Prior read(Path file) throws RecordedSpaceException {
        if (!Files.isRegularFile(file)) throw new RecordedSpaceException(file, "there is no such file to read a prior from");
        List<TuningRecord> records;
        if (RecordedSpaces.hasSpaceName(file)) {
            records = RecordedSpaces.read(file).records();
        } else {
            try {
                records = RecordFile.snapshot(file).records();
            } catch (IOException e) {
                throw new RecordedSpaceException(file, "cannot be read as a record file, Kernel Tuner cache (.json, .json.gz) or T4 file: "
                        + e.getMessage());
            }
        }
        Map<String, Observation> latest = new LinkedHashMap<>();
        for (TuningRecord r : records) {
            if (r.baseline() != null) continue;
            Observation o = r.ok() && r.medianUs() != null ? Observation.ok(r.configValues(), r.medianUs()) : Observation.failed(r.configValues());
            latest.remove(o.config().key());
            latest.put(o.config().key(), o);
        }
        if (latest.isEmpty()) throw new RecordedSpaceException(file, "holds no result of any config to learn from");
        return new Prior(file.getFileName().toString(), new ArrayList<>(latest.values()));
    }

    /** Each of {@code files} read as a prior, in order. */
    public static List<Prior> read(List<Path> files) throws RecordedSpaceException {
        var out = new ArrayList<Prior>();
        for (Path f : files) out.add(read(f));
        return out;
    }
}
