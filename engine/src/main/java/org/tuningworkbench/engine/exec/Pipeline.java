package org.tuningworkbench.engine.exec;

/**
 * How builds are scheduled around the device's measurements. The device always measures one
 * program at a time, in config order; what differs is what the other cores do meanwhile.
 */
public enum Pipeline {
    /** Builds run ahead on a pool of threads while the device measures: the fastest, but builds disturb the measurements on few cores. */
    PARALLEL,
    /** Build one config, then measure it, then the next: nothing overlaps. The baseline for the pipeline's gain. */
    SEQUENTIAL,
    /** Builds run ahead on the pool, but none runs while a measurement is in progress: the default, as trustworthy data comes first. */
    QUIET;

    /** The name used on the command line and in records. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
