package org.tuningworkbench.engine.build;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** What building one variant gave. */
public sealed interface BuildResult {
    Duration time();

    String log();

    List<Diagnostic> diagnostics();

    /** A program ready to run; {@code cached} when an identical earlier build was reused. */
    record Built(Path program, Duration time, boolean cached, String log, List<Diagnostic> diagnostics) implements BuildResult {}

    /** The compiler failed or ran out of time; {@code reason} says which. */
    record Failed(String reason, Duration time, String log, List<Diagnostic> diagnostics) implements BuildResult {}
}
