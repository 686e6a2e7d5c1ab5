package org.tuningworkbench.engine.recorded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tuningworkbench.engine.record.TuningRecord;

class RecordedSpacesTest {

    @TempDir
    Path dir;

    @Test
    void tellsTheFormatsApartByTheirKeys() throws Exception {
        assertThat(RecordedSpaces.format(Fixtures.file("kt-small.json"))).isEqualTo(RecordedSpaces.Format.KERNEL_TUNER_CACHE);
        assertThat(RecordedSpaces.format(Fixtures.file("kt-cache-first.json"))).isEqualTo(RecordedSpaces.Format.KERNEL_TUNER_CACHE);
        assertThat(RecordedSpaces.format(Fixtures.file("t4-small.json"))).isEqualTo(RecordedSpaces.Format.T4);
        assertThat(RecordedSpaces.format(Fixtures.file("t4-seconds.json"))).isEqualTo(RecordedSpaces.Format.T4);
        Path gz = Fixtures.gzip(Fixtures.file("t4-small.json"), dir.resolve("t4.json.gz"));
        assertThat(RecordedSpaces.read(gz).records()).isEqualTo(T4Results.read(Fixtures.file("t4-small.json")).records());
    }

    @Test
    void aFileOfNeitherFormatIsAClearError() {
        assertThatThrownBy(() -> RecordedSpaces.read(Fixtures.file("not-a-space.json")))
                .isInstanceOf(RecordedSpaceException.class)
                .hasMessage(Fixtures.file("not-a-space.json") + ": not a Kernel Tuner cache or T4 results file: expected `tune_params_keys`,"
                        + " `tune_params` and `cache` (Kernel Tuner) or `results` (T4) at the top level");
        assertThatThrownBy(() -> RecordedSpaces.read(Fixtures.file("empty.json")))
                .isInstanceOf(RecordedSpaceException.class)
                .hasMessageContaining("empty.json")
                .hasMessageContaining("the file is empty");
    }

    /** The counts of {@code ../shared/data/recorded-spaces/README.md}. */
    @ParameterizedTest
    @CsvSource({
        "convolution_A100.json.gz,       4362,  4201, 10, NVIDIA A100-PCIE-40GB",
        "convolution_MI250X_T4.json.gz,  4362,  4362, 10, unknown",
        "dedispersion_A4000.json.gz,     11130, 11130, 8, NVIDIA RTX A4000",
        "gemm_RTX_3090.json.gz,          17956, 17956, 15, NVIDIA GeForce RTX 3090",
        "pnpoly_RTX_3090.json.gz,        4092,  3774,  4, NVIDIA GeForce RTX 3090"})
    void theSharedSpacesLoadWithTheirCounts(String file, int configs, int valid, int parameters, String device) throws Exception {
        RecordedSpace space = RecordedSpaces.read(Fixtures.sharedSpaces().resolve(file));
        assertThat(space.records()).hasSize(configs);
        assertThat(space.validCount()).isEqualTo(valid);
        assertThat(space.parameters()).hasSize(parameters);
        assertThat(space.deviceName()).isEqualTo(device);
        assertThat(space.space().size()).isEqualTo(configs);
        assertThat(space.optimum()).isPositive();
        TuningRecord ok = space.records().stream().filter(TuningRecord::ok).findFirst().orElseThrow();
        assertThat(ok.samplesUs()).isNotEmpty();
        assertThat(space.parameters()).allSatisfy(p -> assertThat(p.numeric()).isTrue());
    }

    @Test
    void theConstraintsOfASharedSpaceStayOutOfIt() throws Exception {
        RecordedSpace space = RecordedSpaces.read(Fixtures.sharedSpaces().resolve("convolution_A100.json.gz"));
        assertThat(space.space().combinations()).isEqualTo(16L * 5 * 4 * 4 * 2 * 2 * 2);
        assertThat(space.space().size()).isEqualTo(4362);
        long outside = 0;
        for (long i = 0; i < space.space().combinations(); i++) {
            if (space.lookup(space.space().at(i)).isEmpty()) {
                assertThat(space.space().contains(space.space().at(i))).isFalse();
                outside++;
            }
        }
        assertThat(outside).isEqualTo(space.space().combinations() - 4362);
    }
}
