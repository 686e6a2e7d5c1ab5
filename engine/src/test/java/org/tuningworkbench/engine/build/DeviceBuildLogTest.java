package org.tuningworkbench.engine.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A device compiler's build log read as messages on the kernel's lines. */
class DeviceBuildLogTest {

    @Test
    void poclsMessageOnATokenAMacroSpelledIsOnTheLineUsingIt() {
        // Kernel Tuner's reduction.cl with loop_unroll_factor = 0: `#pragma unroll loop_unroll_factor` on line 20.
        String log = """
                error: reduction.cl:20:20 <Spelling=reduction.cl:4:28>: invalid value '0'; must be positive
                1 error generated.
                Device pthread-skylake-avx512-AMD EPYC failed to build the program
                """;
        List<Diagnostic> found = DeviceBuildLog.diagnostics(log, "reduction.cl", null);
        assertThat(found).singleElement().satisfies(d -> {
            assertThat(d.severity()).isEqualTo(Diagnostic.Severity.ERROR);
            assertThat(d.inKernel()).isTrue();
            assertThat(d.line()).isEqualTo(20);
            assertThat(d.column()).isEqualTo(20);
            assertThat(d.message()).isEqualTo("invalid value '0'; must be positive");
        });
    }

    @Test
    void poclsSeverityFirstIsPutBackInPlace() {
        List<Diagnostic> found = DeviceBuildLog.diagnostics("error: k.cl:5:19: use of undeclared identifier 'x'\n", "k.cl", null);
        assertThat(found).singleElement().satisfies(d -> {
            assertThat(d.line()).isEqualTo(5);
            assertThat(d.message()).isEqualTo("use of undeclared identifier 'x'");
        });
    }
}
