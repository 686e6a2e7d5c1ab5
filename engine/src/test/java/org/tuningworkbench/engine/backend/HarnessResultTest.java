package org.tuningworkbench.engine.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The harness protocol: what is taken, and the reason for everything that is not. */
class HarnessResultTest {

    @Test
    void aFullAnswerIsTaken() throws Exception {
        var result = HarnessResult.parse("{\"samples_us\": [12.5, 11, 13], \"kernel_samples_us\": [10, 9.5, 11], \"first_call_us\": 40,"
                + " \"metrics\": {\"gflops\": 812.5}, \"note\": \"ignored\"}");
        assertThat(result.samplesUs()).containsExactly(12.5, 11, 13);
        assertThat(result.kernelSamplesUs()).containsExactly(10, 9.5, 11);
        assertThat(result.firstCallUs()).isEqualTo(40);
        assertThat(result.metrics()).containsEntry("gflops", 812.5);
        assertThat(result.timing().samplesUs()).containsExactly(12.5, 11, 13);
        assertThat(result.timing().callsPerSample()).isEqualTo(1);
    }

    @Test
    void theAnswerIsTheResultFileElseTheLastLinePrinted() {
        assertThat(HarnessResult.answerOf(Optional.empty(), "warming up\n{\"samples_us\": [1]}\n\n")).isEqualTo("{\"samples_us\": [1]}");
        assertThat(HarnessResult.answerOf(Optional.of("{\"samples_us\": [2]}"), "noise")).isEqualTo("{\"samples_us\": [2]}");
    }

    @Test
    void everyBadAnswerIsRefusedWithItsReason() {
        refused("", "printed no result");
        refused("   \n", "printed no result");
        refused("done!", "not JSON: `done!`");
        refused("[1, 2]", "not a JSON object");
        refused("{\"times\": [1]}", "without samples_us");
        refused("{\"samples_us\": []}", "no samples");
        refused("{\"samples_us\": 3}", "not a list of numbers");
        refused("{\"samples_us\": [1, -2]}", "samples_us[1] = -2 µs; a time must be finite and above zero");
        refused("{\"samples_us\": [0]}", "samples_us[0] = 0 µs");
        refused("{\"samples_us\": [1, NaN]}", "not JSON");
        refused("{\"samples_us\": [1, \"fast\"]}", "samples_us[1] as \"fast\"");
        refused("{\"samples_us\": [1e400]}", "a time must be finite");
        refused("{\"samples_us\": [1], \"kernel_samples_us\": [-1]}", "kernel_samples_us[0]");
        refused("{\"samples_us\": [1], \"metrics\": {\"gflops\": \"high\"}}", "the metric `gflops`");
        refused("{\"samples_us\": [1], \"metrics\": [1]}", "metrics that are not an object");
        refused("{\"samples_us\": [1], \"first_call_us\": -5}", "first_call_us = -5");
        refused("{" + "\"a\":{".repeat(100) + "}".repeat(101), "not JSON");
    }

    private static void refused(String answer, String reason) {
        assertThatThrownBy(() -> HarnessResult.parse(answer)).as(answer).isInstanceOf(HarnessResult.Refused.class).hasMessageContaining(reason);
    }
}
