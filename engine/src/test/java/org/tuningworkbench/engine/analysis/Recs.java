package org.tuningworkbench.engine.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

/** Small records for the analyses' tests: a config given as "A=1,B=x" and one median. */
final class Recs {
    private Recs() {}

    static Map<String, String> config(String text) {
        var config = new LinkedHashMap<String, String>();
        for (String pair : text.split(",")) {
            if (pair.isBlank()) continue;
            String[] kv = pair.split("=");
            config.put(kv[0].strip(), kv[1].strip());
        }
        return config;
    }

    static TuningRecord ok(String config, double medianUs) {
        return TuningRecord.of(config(config), Status.OK, List.of(medianUs));
    }

    static TuningRecord failed(String config, Status status) {
        return TuningRecord.of(config(config), status, List.of());
    }
}
