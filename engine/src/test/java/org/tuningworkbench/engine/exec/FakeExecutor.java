package org.tuningworkbench.engine.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

/** An executor whose latency is a function of the config; NaN means the config fails. Records what it was asked. */
public final class FakeExecutor implements Executor {

    private final ToDoubleFunction<Config> latencyUs;
    public final List<Config> prepared = new ArrayList<>();
    public final List<Config> measured = new ArrayList<>();
    private volatile boolean stopped;
    private int stopAfter = Integer.MAX_VALUE;

    public FakeExecutor(ToDoubleFunction<Config> latencyUs) {
        this.latencyUs = latencyUs;
    }

    /** Stops itself (as a Stop from the window would) once {@code n} configs were measured. */
    public FakeExecutor stoppingAfter(int n) {
        stopAfter = n;
        return this;
    }

    @Override
    public TuningRecord.Identity open(Listener listener) {
        return new TuningRecord.Identity("source", "setup", "fake", "fake device", "here");
    }

    @Override
    public void prepare(Config config) {
        prepared.add(config);
    }

    @Override
    public Optional<Measurement> measure(Config config) {
        if (stopped) return Optional.empty();
        measured.add(config);
        if (measured.size() >= stopAfter) stopped = true;
        double us = latencyUs.applyAsDouble(config);
        TuningRecord r = Double.isNaN(us) ? TuningRecord.of(config.values(), Status.CRASH, List.of()) : TuningRecord.of(config.values(), Status.OK, List.of(us, us, us));
        return Optional.of(new Measurement(r, ""));
    }

    @Override
    public void stop() {
        stopped = true;
    }

    @Override
    public void close() {
    }
}
