package org.tuningworkbench.engine.exec;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.tuningworkbench.engine.search.Prior;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.project.Project;

/**
 * How a run is carried out, as opposed to what is measured (the project).
 *
 * @param cacheDir        where variants are built; builds are reused across runs
 * @param buildThreads    how many variants build at once
 * @param resume          whether configs already in the record file are taken from it instead of measured
 * @param pipeline        how builds are scheduled around measurements
 * @param pin             pin the measuring process to the last CPU this process may use (the default): unpinned, the
 *                        system places each config's process on any CPU, and CPUs of one machine can differ (a
 *                        virtual CPU whose core is shared ran a program 15% slower than the other, every time);
 *                        builds that may run beside a measurement ({@link Pipeline#PARALLEL}) go to the other CPUs
 * @param unsteadyRetries how many times a config measured while the machine was unsteady is measured again
 * @param lookahead       how many configs are asked of the strategy (and built) ahead of the measurement;
 *                        fixed, not the core count, so a seeded search proposes the same trials on every machine
 * @param moreTrials      run this many trials beyond what the record file holds, whatever the project's budget
 * @param racing          when a config stops sampling because it is clearly slower than the best so far; null:
 *                        as the project's {@code [measure]} says ({@link #racingFor})
 * @param waitForDevice   when another run measures on the device: wait for it (true) or refuse (false)
 * @param priors          what other devices or sizes measured for the same parameters, for the strategy to learn from
 */
public record TuneOptions(Path cacheDir, int buildThreads, boolean resume, Pipeline pipeline, boolean pin, int unsteadyRetries,
                          int lookahead, OptionalInt moreTrials, Racing racing, boolean waitForDevice, List<Prior> priors) {

    public static final int DEFAULT_LOOKAHEAD = 4;

    public TuneOptions {
        if (buildThreads < 1) throw new IllegalArgumentException("buildThreads must be at least 1");
        if (unsteadyRetries < 0) throw new IllegalArgumentException("unsteadyRetries must be zero or more");
        if (lookahead < 1) throw new IllegalArgumentException("lookahead must be at least 1");
        if (moreTrials == null) moreTrials = OptionalInt.empty();
        if (moreTrials.isPresent() && moreTrials.getAsInt() < 1) throw new IllegalArgumentException("--more must be at least 1");
        if (pipeline == null) pipeline = Pipeline.QUIET;
        priors = priors == null ? List.of() : List.copyOf(priors);
    }

    /** Builds under {@code $XDG_CACHE_HOME/tuning-workbench} (or {@code ~/.cache}), one build per core; every config measured on the same CPU. */
    public static TuneOptions defaults() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return defaults(base.resolve("tuning-workbench"));
    }

    /** The {@link #defaults()} building under {@code cacheDir}. */
    public static TuneOptions defaults(Path cacheDir) {
        return builder(cacheDir).buildThreads(Runtime.getRuntime().availableProcessors()).pin(true).build();
    }

    /**
     * Options that build under {@code cacheDir}, one build at a time, resuming from the record file, unpinned,
     * each unsteady config measured once more, racing as the project says, waiting for the device.
     */
    public static Builder builder(Path cacheDir) {
        return new Builder(new TuneOptions(cacheDir, 1, true, Pipeline.QUIET, false, 1, DEFAULT_LOOKAHEAD, OptionalInt.empty(), null, true, List.of()));
    }

    /** A builder holding these options, to make a copy with some changed. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The racing of a run of {@code project}: these options' when they say, else the project's. */
    public Racing racingFor(Project project) {
        return racing != null ? racing : project.measure().racing();
    }

    /** Sets options by name; {@link #build} checks them together. */
    public static final class Builder {
        private Path cacheDir;
        private int buildThreads;
        private boolean resume;
        private Pipeline pipeline;
        private boolean pin;
        private int unsteadyRetries;
        private int lookahead;
        private OptionalInt moreTrials;
        private Racing racing;
        private boolean waitForDevice;
        private List<Prior> priors;

        private Builder(TuneOptions o) {
            cacheDir = o.cacheDir;
            buildThreads = o.buildThreads;
            resume = o.resume;
            pipeline = o.pipeline;
            pin = o.pin;
            unsteadyRetries = o.unsteadyRetries;
            lookahead = o.lookahead;
            moreTrials = o.moreTrials;
            racing = o.racing;
            waitForDevice = o.waitForDevice;
            priors = o.priors;
        }

        public Builder cacheDir(Path value) {
            cacheDir = value;
            return this;
        }

        public Builder buildThreads(int value) {
            buildThreads = value;
            return this;
        }

        public Builder resume(boolean value) {
            resume = value;
            return this;
        }

        public Builder pipeline(Pipeline value) {
            pipeline = value;
            return this;
        }

        public Builder pin(boolean value) {
            pin = value;
            return this;
        }

        public Builder unsteadyRetries(int value) {
            unsteadyRetries = value;
            return this;
        }

        public Builder lookahead(int value) {
            lookahead = value;
            return this;
        }

        public Builder moreTrials(int value) {
            moreTrials = OptionalInt.of(value);
            return this;
        }

        /** {@code value} in place of the project's racing; null: the project's. */
        public Builder racing(Racing value) {
            racing = value;
            return this;
        }

        public Builder waitForDevice(boolean value) {
            waitForDevice = value;
            return this;
        }

        public Builder priors(List<Prior> value) {
            priors = value;
            return this;
        }

        public TuneOptions build() {
            return new TuneOptions(cacheDir, buildThreads, resume, pipeline, pin, unsteadyRetries, lookahead, moreTrials, racing, waitForDevice, priors);
        }
    }

    /** A fresh folder for one run's outputs, under {@code cacheDir/runs}. */
    public Path newRunDir(String prefix) throws TuningException {
        try {
            Path runs = cacheDir.resolve("runs");
            java.nio.file.Files.createDirectories(runs);
            return java.nio.file.Files.createTempDirectory(runs, WorkFolders.ownedName(prefix));
        } catch (java.io.IOException e) {
            throw new TuningException(TuningException.Kind.IO, "cannot create the work folder under " + cacheDir + ": " + e.getMessage(), e);
        }
    }
}
