package org.tuningworkbench.engine.project;

import java.nio.file.Path;
import java.util.Map;

/** Where the expected outputs come from. */
public sealed interface Golden {
    /** Outputs are not checked. */
    record None() implements Golden {}

    /** A function taking the same arguments as the entry, built from {@code source} and run once. */
    record Reference(Path source, String function) implements Golden {}

    /** One .npy file per output buffer name. */
    record Files(Map<String, Path> byOutput) implements Golden {
        public Files {
            byOutput = Map.copyOf(byOutput);
        }
    }
}
