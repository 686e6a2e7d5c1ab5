package org.tuningworkbench.engine.build;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** What building one variant gave. */
public sealed interface BuildResult {
    Duration time();

    String log();

    List<Diagnostic> diagnostics();

    /** A program ready to run; {@code cached} when an identical earlier build was reused. */
    record Built(Path program, Duration time, boolean cached, String log, List<Diagnostic> diagnostics) implements BuildResult {}

    /**
     * The compiler failed or ran out of time; {@code reason} says which. {@code environment} when the
     * machine failed the build (a full disk, a file size limit, a write refused), not the source: such a
     * build says nothing of its config and is tried again on resume.
     */
    record Failed(String reason, Duration time, String log, List<Diagnostic> diagnostics, boolean environment) implements BuildResult {

        public Failed(String reason, Duration time, String log, List<Diagnostic> diagnostics) {
            this(reason, time, log, diagnostics, machineFailure(reason + "\n" + log).isPresent());
        }

        /** Why the machine failed the build, in the words of the line that says so. */
        public String environmentReason() {
            return machineFailure(reason + "\n" + log).orElse(reason);
        }
    }

    /** The patterns of the system's messages for a write the machine refused, whichever tool printed them. */
    Pattern MACHINE_FAILURE = Pattern.compile("(?i)no space left on device|disk quota exceeded|file too large|file size limit exceeded"
            + "|read-only file system|input/output error");

    /** The first line of {@code log} that says the machine, not the source, failed a build. */
    static Optional<String> machineFailure(String log) {
        return log.lines().filter(line -> MACHINE_FAILURE.matcher(line).find()).map(String::strip).findFirst();
    }
}
