package org.tuningworkbench.engine.tune;

import java.util.List;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.record.TuningRecord;

/** What a tuning run reports as it goes, in the order it happens. Delivered on the engine's threads. */
public sealed interface TuningEvent {

    /** The run begins: {@code total} configs, of which {@code alreadyRecorded} will be taken from the record file. */
    record Started(int total, int alreadyRecorded, String toolchain, String device) implements TuningEvent {}

    /** A config's variant finished building (or failed to). */
    record Built(Config config, BuildResult result) implements TuningEvent {}

    /** A config's program starts running on the device. */
    record Measuring(Config config) implements TuningEvent {}

    /**
     * A config is done and its record written. {@code resumed} when the record came from an earlier
     * run; {@code log} holds the build output and the run's stderr.
     */
    record Finished(Config config, TuningRecord record, boolean resumed, String log) implements TuningEvent {}

    /**
     * The project's baseline is measured (or was, in an earlier run when {@code resumed}); it comes
     * before the first config so watchers can draw it from the start.
     */
    record BaselineMeasured(TuningRecord record, boolean resumed, String log) implements TuningEvent {}

    /** The run is over; {@code stopped} when it was stopped before every config was done. */
    record Completed(List<TuningRecord> records, boolean stopped) implements TuningEvent {}
}
