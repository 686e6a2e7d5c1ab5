package org.tuningworkbench.engine.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A build that failed saying nothing, on a build cache's disk with no room left, failed for want of room, not for its source. */
class FailedBuildTest {

    @Test
    void aSilentFailureOnAFullDiskIsTheMachines() {
        BuildResult.Failed failed = Builder.failed("the build command failed (exit code 1)", Duration.ZERO, "", List.of(), 40 * 1024);
        assertThat(failed.environment()).isTrue();
        assertThat(failed.environmentReason()).contains("the build cache's disk is full (40 KiB free)");
    }

    @Test
    void aSilentFailureWithRoomOrAFailureThatSaysWhyIsTheBuilds() {
        assertThat(Builder.failed("the build command failed (exit code 1)", Duration.ZERO, "", List.of(), 10L << 30).environment()).isFalse();
        assertThat(Builder.failed("the build command failed (exit code 1)", Duration.ZERO, "scale.c:3:5: error: expected ';'", List.of(), 40 * 1024)
                .environment()).isFalse();
        assertThat(Builder.failed("the build command failed (exit code 1)", Duration.ZERO, "", List.of(), -1).environment()).isFalse();
    }
}
