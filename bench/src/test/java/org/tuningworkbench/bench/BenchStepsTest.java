package org.tuningworkbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The programs the parts build ship with the benchmark, beside its classes. */
class BenchStepsTest {

    @Test
    void theKernelsThePartsBuildAreTheBenchmarksResources() throws Exception {
        assertThat(BenchSteps.resource("trivial.c")).contains("trivial_reference");
        assertThat(BenchSteps.resource("spin.c")).contains("spin");
        assertThat(BenchSteps.resource("blas_sgemm.c")).contains("sgemm_blas");
    }
}
