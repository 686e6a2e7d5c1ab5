package org.tuningworkbench.engine.tune;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import org.tuningworkbench.engine.exec.Executor;
import org.tuningworkbench.engine.exec.TuningException;

/**
 * The trials being measured: on an executor of one device, one at a time on the loop's own thread;
 * on one of several devices (several targets), one on each at once, finished in any order. The loop
 * alone records and tells the strategy, so only measuring runs beside it.
 */
final class InFlight implements AutoCloseable {

    /** A finished trial: its measurement (empty when the run was stopped), or what went wrong. */
    record Done(Trial trial, Optional<Executor.Measurement> measurement, Exception failure) {}

    private final Executor executor;
    private final int devices;
    private final ExecutorService pool;
    private final BlockingQueue<Done> done = new LinkedBlockingQueue<>();
    private final Set<String> keys = ConcurrentHashMap.newKeySet();
    private int count;

    InFlight(Executor executor) {
        this.executor = executor;
        this.devices = Math.max(1, executor.devices());
        this.pool = devices == 1 ? null : Executors.newFixedThreadPool(devices, Thread.ofPlatform().daemon().name("measure-", 0).factory());
    }

    /** Whether another trial may start now: a device is free. */
    boolean room() {
        return count < devices;
    }

    int count() {
        return count;
    }

    /** Whether {@code key}'s config is being measured. */
    boolean contains(String key) {
        return keys.contains(key);
    }

    void start(Trial trial) {
        count++;
        keys.add(trial.config().key());
        Runnable measure = () -> {
            try {
                done.add(new Done(trial, executor.measure(trial.config()), null));
            } catch (TuningException | InterruptedException | RuntimeException e) {
                done.add(new Done(trial, Optional.empty(), e));
            }
        };
        if (pool == null) measure.run();
        else pool.execute(measure);
    }

    /** The next trial to finish; what its measurement threw is thrown here. */
    Done next() throws TuningException, InterruptedException {
        Done next = done.take();
        count--;
        keys.remove(next.trial().config().key());
        switch (next.failure()) {
            case null -> { }
            case TuningException e -> throw e;
            case InterruptedException e -> throw e;
            case RuntimeException e -> throw e;
            default -> throw new IllegalStateException(next.failure());
        }
        return next;
    }

    @Override
    public void close() {
        if (pool != null) pool.shutdownNow();
    }
}
