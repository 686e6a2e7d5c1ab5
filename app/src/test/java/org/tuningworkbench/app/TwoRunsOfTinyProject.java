package org.tuningworkbench.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

/** The record file two runs of the tiny project would leave: at two sizes, the latest run measuring fewer configs. */
public final class TwoRunsOfTinyProject {

    private TwoRunsOfTinyProject() {}

    /**
     * Writes {@code records.jsonl} into {@code dir}: configs 1 and 2 at n=4096, then config 1 alone
     * at n=1024 (the latest run), each taking 5 µs.
     */
    public static void record(Path dir) throws IOException {
        var lines = new ArrayList<String>();
        for (var run : List.of(Map.entry(4096L, List.of("1", "2")), Map.entry(1024L, List.of("1")))) {
            for (String unroll : run.getValue()) {
                var r = TuningRecord.of(Map.of("UNROLL", unroll, "SPIN", "0"), Status.OK, List.of(5.0, 5.0, 5.0)).toBuilder().project("tiny")
                        .identity(new TuningRecord.Identity("src", "n=" + run.getKey(), "cc", "CPU", "here"))
                        .setting(new TuningRecord.Setting(Map.of("n", run.getKey()), 0.0, null, 3, 0.0)).build();
                lines.add(RecordFile.JSON.writeValueAsString(r));
            }
        }
        Files.write(dir.resolve("records.jsonl"), lines);
    }
}
