package org.tuningworkbench.engine.testing;

import java.util.Comparator;
import java.util.List;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.TuningRecord;

/** A run's records in the order the project lists their configs, for a test that reads them config by config. */
public final class ListedOrder {
    private ListedOrder() {}

    /** {@code records} in the order their configs are listed in {@code project}, whatever order the run measured them in. */
    public static List<TuningRecord> of(Project project, List<TuningRecord> records) {
        List<String> keys = project.candidates().listed().stream().map(c -> c.key()).toList();
        return records.stream().sorted(Comparator.comparingInt(r -> keys.indexOf(r.configValues().key()))).toList();
    }
}
