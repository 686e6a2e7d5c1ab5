package org.tuningworkbench.engine.tune;

import java.util.List;
import java.util.Set;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.search.PriorAdvice;

/** What a tuning run reports as it goes, in the order it happens. Delivered on the engine's threads. */
public sealed interface TuningEvent {

    /**
     * The run begins.
     *
     * @param planned          how many trials the run expects (the budget, or the space's size), -1 when unknown
     * @param alreadyRecorded  trials an earlier run recorded, taken from the record file
     * @param strategy         the strategy's name
     * @param space            the space searched, in words ({@code 4,096 configs (16,384 combinations; 2 constraints)})
     * @param priors           per prior given, how many of its configs are in the space (empty without priors)
     */
    record Started(int planned, int alreadyRecorded, String toolchain, String device, String strategy, String space,
                   List<PriorAdvice.Used> priors) implements TuningEvent {}

    /**
     * The strategy proposed these configs, to be measured next in this order; {@code advised} holds the keys of
     * those it took on the priors' word alone.
     */
    record Proposed(List<Config> configs, Set<String> advised) implements TuningEvent {}

    /** A config's variant finished building (or failed to). */
    record Built(Config config, BuildResult result) implements TuningEvent {}

    /** The run waits, for the reason given (another run measures on the device); it goes on by itself. */
    record Waiting(String message) implements TuningEvent {}

    /** Something the person should know, said once (the project files a remote target is sent with every build); the run goes on. */
    record Notice(String message) implements TuningEvent {}

    /** Trial {@code trial.number()} starts measuring its config on the device. */
    record Measuring(Trial trial) implements TuningEvent {}

    /**
     * A trial is done and its record written. {@code resumed} when the record came from an earlier
     * run; {@code log} holds the build output and the run's stderr.
     */
    record Finished(Trial trial, TuningRecord record, boolean resumed, String log) implements TuningEvent {}

    /**
     * The project's baseline is measured (or was, in an earlier run when {@code resumed}); it comes
     * before the first config so watchers can draw it from the start.
     */
    record BaselineMeasured(TuningRecord record, boolean resumed, String log) implements TuningEvent {}

    /** The project's baseline was not measured: {@code reason} says why and what to do (such as the package to install). */
    record BaselineSkipped(String label, String reason) implements TuningEvent {}

    /**
     * The run's closing confirmation ({@link Confirmation}) measures {@code config} again now, in round {@code round} of
     * {@code rounds}, one of the run's {@code top} fastest configs.
     */
    record Confirming(Config config, int round, int rounds, int top) implements TuningEvent {}

    /** The run's closing confirmation is done: its verdict and each config's confirmed figure. */
    record Confirmed(Confirmation.Result result) implements TuningEvent {}

    /** The run is over; {@code stopped} when it was stopped before the budget or the space was used up. */
    record Completed(List<TuningRecord> records, boolean stopped) implements TuningEvent {}
}
