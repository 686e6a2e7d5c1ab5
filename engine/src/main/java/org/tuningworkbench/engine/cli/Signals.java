package org.tuningworkbench.engine.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGINT, SIGTERM and SIGHUP during a command: the first stops the work (finished records stay) and
 * the command returns 128 + the signal's number, as a shell reports a process ended by it; a
 * second one ends the process at once. Handled here rather than by shutdown hooks, which run while
 * the JVM is already going down, where the command's own clean-up fails ("Shutdown in progress").
 */
final class Signals implements AutoCloseable {

    private static final List<String> NAMES = List.of("INT", "TERM", "HUP");

    private final AtomicInteger received = new AtomicInteger();
    private final List<Signal> handled = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();

    private Signals() {}

    /** Handles the signals until {@link #close}; {@code onFirst} is called, on the signal's thread, for the first. */
    static Signals install(Runnable onFirst) {
        var signals = new Signals();
        for (String name : NAMES) {
            Signal signal = new Signal(name);
            try {
                SignalHandler old = Signal.handle(signal, s -> {
                    if (signals.received.compareAndSet(0, s.getNumber())) onFirst.run();
                    else Runtime.getRuntime().halt(128 + s.getNumber());
                });
                signals.handled.add(signal);
                signals.previous.add(old);
            } catch (IllegalArgumentException ignoredOrReserved) {
                // An ignored SIGHUP (under nohup) stays ignored.
            }
        }
        return signals;
    }

    /** The number of the first signal received, if any. */
    OptionalInt received() {
        int n = received.get();
        return n == 0 ? OptionalInt.empty() : OptionalInt.of(n);
    }

    @Override
    public void close() {
        for (int i = 0; i < handled.size(); i++) Signal.handle(handled.get(i), previous.get(i));
    }
}
