package org.tuningworkbench.engine.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.stats.SampleStatistics;

/** The named factories and {@code with} methods of a record's timing and statistics put each value in its own part. */
class TimingAndStatisticsPartsTest {

    @Test
    void eachTimingPartSetByNameLandsWhereTheFullConstructorPutsIt() {
        var byName = TuningRecord.Timing.ofSamples(List.of(1.0, 2.0), 4L).withFirstCallUs(3.0).withCpu(5.0, 0.6, 7)
                .withRunMs(8.0).withStop("stopped by racing", "margin").withKernel(List.of(0.9, 1.1), 1.0, 12L);
        var positional = new TuningRecord.Timing(List.of(1.0, 2.0), 4L, 3.0, 5.0, 0.6, 7, 8.0, "stopped by racing", "margin",
                List.of(0.9, 1.1), 1.0, 12L, null);
        assertThat(byName).isEqualTo(positional);
    }

    @Test
    void aWithMethodChangesItsPartsAndKeepsTheOthers() {
        var timing = TuningRecord.Timing.ofSamples(List.of(1.0), 1L).withFirstCallUs(3.0).withKernel(List.of(0.5), 0.5, 2L);
        var stopped = timing.withStop("stopped by racing", "ahead");
        assertThat(stopped.ahead()).isTrue();
        assertThat(stopped.withStop(null, null)).isEqualTo(timing);
    }

    @Test
    void statisticsOfSamplesTakeTheirSummaryAndTheRatesAndMetricsByName() {
        var samples = SampleStatistics.of(new double[] {1, 2, 3});
        var byName = TuningRecord.Statistics.of(samples).withRates(4.0, 5.0).withMetrics(Map.of("GFLOP/s", 6.0));
        assertThat(byName).isEqualTo(new TuningRecord.Statistics(2, 1, 3, 2, 1, 0.5, true, 4.0, 5.0, Map.of("GFLOP/s", 6.0)));
    }
}
