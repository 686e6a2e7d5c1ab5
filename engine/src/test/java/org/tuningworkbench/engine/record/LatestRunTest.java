package org.tuningworkbench.engine.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The records a project's views rest on: the latest run's, whatever else the record file holds. */
class LatestRunTest {

    private static TuningRecord measured(String unroll, long n, double us) {
        return TuningRecord.of(Map.of("UNROLL", unroll), Status.OK, List.of(us, us, us)).toBuilder()
                .project("tiny")
                .identity(new TuningRecord.Identity("src", "setup n=" + n, "gcc 14", "AMD EPYC 7763", "host"))
                .setting(new TuningRecord.Setting(Map.of("n", n), 0.0, null, 3, 1.0))
                .build();
    }

    @Test
    void twoRunsAtDifferentSizesShowOnlyTheLatestRunsRecordsAndCountTheOthers() {
        var all = List.of(measured("1", 4096, 900), measured("2", 4096, 800), measured("4", 4096, 700),
                measured("1", 4096, 100).asBaseline("plain loop"),
                measured("1", 1024, 90), measured("2", 1024, 80), measured("2", 1024, 75));
        LatestRun latest = LatestRun.of(all);
        // The config measured twice at n=1024 is shown once, by its latest record; n=4096's four are left out.
        assertThat(latest.configs()).extracting(r -> r.config().get("UNROLL")).containsExactly("1", "2");
        assertThat(latest.configs()).extracting(r -> r.medianUs()).containsExactly(90.0, 75.0);
        assertThat(latest.baseline()).isEmpty();
        assertThat(latest.otherRecords()).isEqualTo(4);
        assertThat(latest.sizesText()).isEqualTo("n=1024");
        assertThat(latest.describe()).isEqualTo("2 configs of the latest run at n=1024 on AMD EPYC 7763; 4 records of other runs not shown");
    }

    @Test
    void theBaselineShownIsTheLatestRuns() {
        var all = List.of(measured("1", 1024, 100).asBaseline("plain loop"), measured("1", 1024, 90));
        LatestRun latest = LatestRun.of(all);
        assertThat(latest.baseline()).hasValueSatisfying(b -> assertThat(b.medianUs()).isEqualTo(100.0));
        assertThat(latest.otherRecords()).isZero();
        assertThat(latest.describe()).isEqualTo("1 config of the latest run at n=1024 on AMD EPYC 7763");
        assertThat(latest.shown()).extracting(TuningRecord::medianUs).containsExactly(100.0, 90.0);
    }

    @Test
    void noRecordsShowNothing() {
        assertThat(LatestRun.of(List.of()).describe()).isEqualTo("0 configs");
    }
}
