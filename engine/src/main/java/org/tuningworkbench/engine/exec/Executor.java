package org.tuningworkbench.engine.exec;

import java.util.Optional;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * Measures configs on one device: the local CPU, a remote target (a host over SSH, a Slurm
 * cluster), a recorded space that answers from its records; or on several targets at once. The tuning loop opens it, tells it which configs come next (so it can build
 * ahead), and asks for one measurement at a time; a device measures one config at a time.
 */
public interface Executor extends AutoCloseable {

    /** What an executor reports while it works. */
    interface Listener {
        void built(Config config, BuildResult result);

        /** The run waits, for the reason given in words (such as another run measuring on the device). */
        default void waiting(String message) { }

        Listener NONE = (config, result) -> { };
    }

    /**
     * Gets ready (reads the kernel, finds the compiler, computes the golden result) and returns the
     * identity every record of this run carries.
     *
     * @throws TuningException when nothing can be measured (bad input, no compiler, unwritable folders)
     */
    TuningRecord.Identity open(Listener listener) throws TuningException;

    /**
     * How many configs it measures at once, one on each of its devices ({@link SeveralTargets}); the
     * tuning loop then calls {@link #measure} from that many threads.
     */
    default int devices() {
        return 1;
    }

    /** {@code config} will be measured soon: start what can happen ahead (its build). Returns at once. */
    void prepare(Config config);

    /**
     * Measures {@code config}: the record has its outcome, timing, statistics and verification, but
     * no trial, run or time stamp yet. A fault of the config is the record's status, never an
     * exception. Empty when the run was stopped before the measurement finished.
     */
    Optional<Measurement> measure(Config config) throws TuningException, InterruptedException;

    /** The identity of the project's baseline records, given the configs' identity; empty when there is no baseline. */
    default Optional<TuningRecord.Identity> baselineIdentity(TuningRecord.Identity configs) throws TuningException {
        return Optional.empty();
    }

    /** The project's baseline (such as a library call), measured like a config; empty when there is none. */
    default Optional<Measurement> baseline() throws TuningException, InterruptedException {
        return Optional.empty();
    }

    /** The best config so far: a config clearly slower may stop sampling early (racing). */
    default void raceAgainst(Racing.Best best) {
    }

    /** Stops from any thread: whatever runs is killed. */
    void stop();

    @Override
    void close();

    /**
     * One measured config and its build and run output; or, for a baseline that could not be built
     * for want of a system library, no record and {@code skipped}, the one line saying what to install.
     */
    record Measurement(TuningRecord record, String log, String skipped) {
        public Measurement(TuningRecord record, String log) {
            this(record, log, null);
        }

        /** The baseline was not measured, for the reason given (such as a library that is not installed). */
        public static Measurement skipped(String reason) {
            return new Measurement(null, "", reason);
        }
    }
}
