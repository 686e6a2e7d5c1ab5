package org.tuningworkbench.app.analysis;

import java.util.ArrayList;
import java.util.List;
import org.tuningworkbench.app.run.RunViewModel;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.fixtures.ConfigText;

/** Results for the views' tests: configs given as "A=1,B=x" with one median each, numbered in order. */
final class Records {
    private Records() {}

    static TuningRecord ok(String config, double medianUs) {
        return TuningRecord.of(ConfigText.parse(config), Status.OK, List.of(medianUs));
    }

    static TuningRecord failed(String config) {
        return TuningRecord.of(ConfigText.parse(config), Status.CRASH, List.of());
    }

    /** {@code r} as a run with known work reports it: its GFLOP/s and GB/s at the median. */
    static TuningRecord withWork(TuningRecord r, double gflops, double gbps) {
        var s = r.statistics();
        return r.toBuilder()
                .statistics(s.withRates(gflops, gbps))
                .build();
    }

    /** Results holding {@code records} as configs No.1, No.2, … */
    static ResultsViewModel results(TuningRecord... records) {
        var results = new ResultsViewModel();
        var batch = new ArrayList<RunViewModel.Result>();
        for (int i = 0; i < records.length; i++) batch.add(new RunViewModel.Result(i + 1, i + 1, records[i]));
        results.add(batch);
        return results;
    }
}
