package org.tuningworkbench.engine.recorded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.space.Parameter;

class T4ResultsTest {

    @Test
    void readsResultsTheirParametersAndStatusesWithSamplesInMicroseconds() throws Exception {
        RecordedSpace space = T4Results.read(Fixtures.file("t4-small.json"));

        assertThat(space.name()).isEqualTo("t4-small");
        assertThat(space.deviceName()).isEqualTo("unknown");
        assertThat(space.kernelName()).isEqualTo("t4-small");
        assertThat(space.objective()).isEqualTo("time");
        // Parameters in the first result's order; numbers ascending, text in the order first seen.
        assertThat(space.parameters()).containsExactly(
                new Parameter("block", Parameter.Kind.INTEGER, List.of("8", "16", "32")),
                new Parameter("layout", Parameter.Kind.CATEGORICAL, List.of("row", "col")));
        assertThat(space.records()).hasSize(5);
        assertThat(space.validCount()).isEqualTo(2);

        TuningRecord first = space.records().getFirst();
        assertThat(first.config()).containsExactly(Map.entry("block", "16"), Map.entry("layout", "row"));
        assertThat(first.samplesUs()).containsExactly(500.0, 700.0, 600.0);
        // No runtimes: the measured time is its one sample.
        assertThat(space.lookup(config("8", "row")).orElseThrow().samplesUs()).containsExactly(400.0);
        assertThat(space.optimum()).isEqualTo(400.0);
    }

    @Test
    void invalidityIsTheStatus() throws Exception {
        RecordedSpace space = T4Results.read(Fixtures.file("t4-small.json"));
        assertThat(space.lookup(config("8", "col")).orElseThrow().outcome())
                .isEqualTo(new TuningRecord.Outcome(Status.COMPILE_ERROR, "invalidity: compile", null));
        assertThat(space.lookup(config("16", "col")).orElseThrow().status()).isEqualTo(Status.CRASH);
        assertThat(space.lookup(config("32", "row")).orElseThrow().status()).isEqualTo(Status.WRONG_RESULT);
        assertThat(space.lookup(config("32", "row")).orElseThrow().samplesUs()).isEmpty();
    }

    @Test
    void theTimeUnitAndTheNamesInTheMetadataAreUsed() throws Exception {
        RecordedSpace space = T4Results.read(Fixtures.file("t4-seconds.json"));
        assertThat(space.deviceName()).isEqualTo("Test CPU 3000");
        assertThat(space.kernelName()).isEqualTo("stencil");
        assertThat(space.records().getFirst().samplesUs()).containsExactly(2000.0, 4000.0, 3000.0);
        assertThat(space.optimum()).isEqualTo(1000.0);
        assertThat(space.parameters().getFirst().values()).containsExactly("1", "2");
    }

    @Test
    void malformedResultsAreClearErrorsAtTheirLine() {
        assertProblem("t4-no-configuration.json", 4, "the result has no `configuration` (an object of parameter → value)");
        assertProblem("t4-runtimes-not-a-list.json", 3, "the result's `times.runtimes` must be a list of numbers, not a string");
        assertProblem("t4-different-parameters.json", 4, "the result sets the parameters [block, unroll], but the first result (line 3) sets [block, tile]");
        assertProblem("t4-no-runtimes.json", 3, "the result is correct but has no `times.runtimes` (nor a `time` measurement)");
        assertProblem("t4-repeated.json", 5, "the result repeats the configuration of the result at line 3");
        assertProblem("t4-unknown-unit.json", 1, "`metadata.timeunit` is \"fortnights\"; expected milliseconds, seconds, microseconds or nanoseconds");
    }

    private static void assertProblem(String fixture, int line, String problem) {
        assertThatThrownBy(() -> T4Results.read(Fixtures.file(fixture)))
                .isInstanceOf(RecordedSpaceException.class)
                .hasMessageStartingWith(Fixtures.file(fixture).toString())
                .satisfies(e -> {
                    var r = (RecordedSpaceException) e;
                    assertThat(r.problem()).isEqualTo(problem);
                    assertThat(r.line()).isEqualTo(line);
                });
    }

    private static Config config(String block, String layout) {
        var values = new LinkedHashMap<String, String>();
        values.put("block", block);
        values.put("layout", layout);
        return new Config(values);
    }
}
