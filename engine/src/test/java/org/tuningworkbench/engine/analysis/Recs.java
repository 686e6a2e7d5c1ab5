package org.tuningworkbench.engine.analysis;

import java.util.List;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.fixtures.ConfigText;

/** Small records for the analyses' tests: a config given as "A=1,B=x" and one median. */
final class Recs {
    private Recs() {}

    static TuningRecord ok(String config, double medianUs) {
        return TuningRecord.of(ConfigText.parse(config), Status.OK, List.of(medianUs));
    }

    static TuningRecord failed(String config, Status status) {
        return TuningRecord.of(ConfigText.parse(config), status, List.of());
    }
}
