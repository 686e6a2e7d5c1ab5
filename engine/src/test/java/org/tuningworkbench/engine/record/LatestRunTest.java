package org.tuningworkbench.engine.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.project.Objective;

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
    void theBaselineOfTheLatestRunIsShownThoughItsSourceIsTheLibraryCallsNotTheKernels() {
        TuningRecord config = measured("1", 1024, 90);
        TuningRecord.Identity own = config.identity();
        TuningRecord baseline = measured("1", 1024, 100).toBuilder()
                .identity(new TuningRecord.Identity("baseline.c", own.setup(), own.toolchain(), own.device(), own.instance()))
                .build().asBaseline("OpenBLAS sgemm");
        LatestRun latest = LatestRun.of(List.of(baseline, config));
        assertThat(latest.baseline()).hasValue(baseline);
        assertThat(latest.otherRecords()).isZero();
        // A baseline's line does not end the confirmation before it: it measured no config.
        LatestRun confirmed = LatestRun.of(List.of(config, confirmedCopy(config, "t1", 1, 88), baseline));
        assertThat(confirmed.configs().getFirst().confirmation()).isNotNull();
        // A baseline measured at another size is another run's.
        LatestRun other = LatestRun.of(List.of(baseline, measured("1", 4096, 900)));
        assertThat(other.baseline()).isEmpty();
        assertThat(other.otherRecords()).isEqualTo(1);
    }

    private static TuningRecord confirmedCopy(TuningRecord r, String at, int rank, double confirmedUs) {
        return r.confirmed(ConfirmedFigures.of(at, Objective.TIME, rank, rank, 2, List.of(confirmedUs), List.of(confirmedUs), confirmedUs, confirmedUs));
    }

    @Test
    void theLatestConfirmationStandsOnItsCopiesWhileNothingOfTheRunCameAfterIt() {
        TuningRecord one = measured("1", 1024, 90);
        TuningRecord two = measured("2", 1024, 95);
        var confirmed = List.of(one, two, confirmedCopy(one, "t1", 2, 100), confirmedCopy(two, "t1", 1, 98));
        assertThat(LatestRun.of(confirmed).configs()).extracting(r -> r.confirmation().rank()).containsExactly(2, 1);

        // A later run of the same identity measured another config, and was stopped before its confirmation: the search's samples rank.
        var measuredOn = new java.util.ArrayList<>(confirmed);
        measuredOn.add(measured("4", 1024, 80));
        assertThat(LatestRun.of(measuredOn).configs()).allSatisfy(r -> assertThat(r.confirmation()).isNull());
        assertThat(LatestRun.of(measuredOn).configs()).extracting(TuningRecord::medianUs).containsExactly(90.0, 95.0, 80.0);

        // A later confirmation of only one of them: the other's earlier copy no longer stands.
        var again = new java.util.ArrayList<>(measuredOn);
        again.add(confirmedCopy(two, "t2", 1, 97));
        var latest = LatestRun.of(again).configs();
        assertThat(latest.get(0).confirmation()).isNull();
        assertThat(latest.get(1).confirmation().at()).isEqualTo("t2");

        // A run of another identity after it leaves the confirmation of this one standing, and is not shown.
        var otherSizes = new java.util.ArrayList<>(confirmed);
        otherSizes.addAll(List.of(measured("1", 4096, 900), confirmedCopy(two, "t1", 1, 98)));
        assertThat(LatestRun.of(otherSizes).configs()).allSatisfy(r -> assertThat(r.confirmation()).isNotNull());
    }

    @Test
    void noRecordsShowNothing() {
        assertThat(LatestRun.of(List.of()).describe()).isEqualTo("0 configs");
    }
}
