package org.tuningworkbench.engine.replay;

import java.util.Optional;
import org.tuningworkbench.engine.exec.Executor;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.recorded.RecordedSpace;

/**
 * Measures nothing: answers each config from a recorded space at once, with the record the space
 * holds for it (failed ones stay failed). A config the space does not hold is an invalid config, as
 * it would have been excluded when the space was measured. Strategies can so be compared in seconds,
 * and a tuning run replayed without the device.
 *
 * <p>Its records' identity: the source is a fingerprint of the space's name and kernel, the device is
 * the one the space was measured on, the toolchain is {@code recorded}.
 */
public final class ReplayExecutor implements Executor {

    /** The error of a config the recorded space does not hold. */
    public static final String NOT_RECORDED = "not in the recorded space";

    private final RecordedSpace space;

    public ReplayExecutor(RecordedSpace space) {
        this.space = space;
    }

    @Override
    public TuningRecord.Identity open(Listener listener) {
        return space.identity();
    }

    @Override
    public void prepare(Config config) {
        // Nothing to build.
    }

    @Override
    public Optional<Measurement> measure(Config config) {
        TuningRecord record = space.lookup(config).orElseGet(() -> notRecorded(config));
        return Optional.of(new Measurement(record, ""));
    }

    private static TuningRecord notRecorded(Config config) {
        return TuningRecord.builder().config(config.values()).outcome(new TuningRecord.Outcome(Status.INVALID_CONFIG, NOT_RECORDED, null)).build();
    }

    @Override
    public void stop() {
        // Every answer is immediate: there is nothing running to stop.
    }

    @Override
    public void close() {
    }
}
