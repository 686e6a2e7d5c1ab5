package org.tuningworkbench.engine.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** How running one variant's program ended. {@code stderr} is the tail of what it printed. */
public sealed interface RunOutcome {
    Duration time();

    String stderr();

    /**
     * It finished: outputs are in {@code outputDir}, timings in {@code timing}; {@code metrics} are the
     * quantities the program reported of itself (a project's own harness may), by name.
     */
    record Measured(Timing timing, Path outputDir, Duration time, String stderr, Map<String, Double> metrics) implements RunOutcome {
        public Measured {
            metrics = metrics == null ? Map.of() : Map.copyOf(metrics);
        }

        public Measured(Timing timing, Path outputDir, Duration time, String stderr) {
            this(timing, outputDir, time, stderr, Map.of());
        }
    }

    /**
     * It died: killed by a signal or exiting with an error. {@code outOfMemory} when it died for
     * want of memory: it went past the memory limit (an allocation failed) or the system killed it.
     */
    record Crashed(String description, Integer signal, Duration time, String stderr, boolean outOfMemory) implements RunOutcome {
        public Crashed(String description, Integer signal, Duration time, String stderr) {
            this(description, signal, time, stderr, false);
        }
    }

    /**
     * It wrote outside its buffers in the verified call (the launcher's guard zones were damaged):
     * its outputs and timings mean nothing. {@code description} names the buffer and the offsets.
     */
    record OutOfBounds(String description, Duration time, String stderr) implements RunOutcome {}

    /**
     * The device's compiler refused the kernel when the program started (OpenCL builds the kernel
     * for the device then); {@code log} is its build log.
     */
    record KernelNotBuilt(String log, Duration time, String stderr) implements RunOutcome {}

    /** It ran past its limit and was killed. */
    /** The built kernel needs more than the device gives (local memory, a work group too large for it): the config cannot run there. */
    record OverDeviceLimits(String reason, Duration time, String stderr) implements RunOutcome {}

    record TimedOut(Duration limit, Duration time, String stderr) implements RunOutcome {}

    /** The tuning run was stopped while it ran. */
    record Cancelled(Duration time, String stderr) implements RunOutcome {}
}
