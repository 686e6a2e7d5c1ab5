package org.tuningworkbench.engine.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingTest {

    @Test
    void theMeasurementIsSaidAsItWasRun() {
        assertThat(new TuningRecord.Setting(Map.of("n", 64L), 200.0, null, 7, 10.0).measureText())
                .isEqualTo("warm-up 200 ms, 7 samples of at least 10 ms each");
        assertThat(new TuningRecord.Setting(Map.of(), null, 3, 5, 0.5).measureText()).isEqualTo("warm-up 3 calls, 5 samples of at least 0.5 ms each");
    }

    @Test
    void aSampleWithNoLeastLengthIsOneCallNotAtLeastZeroMilliseconds() {
        assertThat(new TuningRecord.Setting(Map.of(), 0.0, null, 3, 0.0).measureText()).isEqualTo("warm-up 0 ms, 3 samples of one call each");
        assertThat(new TuningRecord.Setting(Map.of(), 0.0, null, 1, 0.0).measureText()).isEqualTo("warm-up 0 ms, 1 sample of one call");
        assertThat(new TuningRecord.Setting(Map.of(), null, 1, 1, 2.0).measureText()).isEqualTo("warm-up 1 call, 1 sample of at least 2 ms");
    }
}
