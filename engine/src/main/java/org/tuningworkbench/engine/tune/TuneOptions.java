package org.tuningworkbench.engine.tune;

import java.nio.file.Path;

/**
 * How a run is carried out, as opposed to what is measured (the project).
 *
 * @param cacheDir     where variants are built; builds are reused across runs
 * @param buildThreads how many variants build at once
 * @param resume       whether configs already in the record file are taken from it instead of measured
 */
public record TuneOptions(Path cacheDir, int buildThreads, boolean resume) {

    public TuneOptions {
        if (buildThreads < 1) throw new IllegalArgumentException("buildThreads must be at least 1");
    }

    /** Builds under {@code $XDG_CACHE_HOME/tuning-workbench} (or {@code ~/.cache}), one build per core. */
    public static TuneOptions defaults() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return new TuneOptions(base.resolve("tuning-workbench"), Runtime.getRuntime().availableProcessors(), true);
    }

    public TuneOptions withCacheDir(Path value) {
        return new TuneOptions(value, buildThreads, resume);
    }

    public TuneOptions withBuildThreads(int value) {
        return new TuneOptions(cacheDir, value, resume);
    }

    public TuneOptions withResume(boolean value) {
        return new TuneOptions(cacheDir, buildThreads, value);
    }
}
