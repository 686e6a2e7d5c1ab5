package org.tuningworkbench.engine.cli;

import java.util.Locale;
import org.tuningworkbench.engine.exec.Pipeline;
import org.tuningworkbench.engine.exec.TuneOptions;

/** The measurement options {@code tune} and {@code bench} share: pipeline, pinning, re-measuring. */
final class RunOptions {
    private RunOptions() {}

    static TuneOptions apply(TuneOptions options, String pipeline, boolean quiet, boolean pin, Integer unsteadyRetries) {
        if (pipeline != null) options = options.toBuilder().pipeline(parsePipeline(pipeline)).build();
        if (quiet) options = options.toBuilder().pipeline(Pipeline.QUIET).build();
        options = options.toBuilder().pin(pin).build();
        if (unsteadyRetries != null) options = options.toBuilder().unsteadyRetries(Math.max(0, unsteadyRetries)).build();
        return options;
    }

    static Pipeline parsePipeline(String text) {
        try {
            return Pipeline.valueOf(text.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown pipeline `" + text + "`; use parallel, sequential or quiet");
        }
    }
}
