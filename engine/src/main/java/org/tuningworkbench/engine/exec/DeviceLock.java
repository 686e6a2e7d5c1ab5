package org.tuningworkbench.engine.exec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.tuningworkbench.engine.lock.PidLock;
import org.tuningworkbench.engine.run.Device;

/**
 * One tuning run measures on a device at a time: two measuring at once would share its cores and
 * caches and corrupt each other's timings. The lock is a file per device under the cache folder
 * ({@code CACHE/locks/cpu.lock}), so runs that share the cache (the default) share it. It is taken
 * at a run's first measurement (builds may start ahead meanwhile) and held until the run ends, so
 * the other run's builds do not disturb this one's measurements either. A second run waits, saying
 * so once, or refuses when told not to wait ({@code tune --no-wait}).
 */
public final class DeviceLock {

    private static final long POLL_MS = 200;

    private DeviceLock() {}

    public static Path file(Path cacheDir, Device device) {
        return cacheDir.resolve("locks").resolve(device.name() + ".lock");
    }

    /**
     * Takes the device's lock; empty when {@code stopped} became true while waiting.
     *
     * @param waiting told once, in words, that the run waits and for whom
     * @throws TuningException BUSY when the device is taken and {@code wait} is false
     */
    public static Optional<PidLock> acquire(Path cacheDir, Device device, boolean wait, Consumer<String> waiting, BooleanSupplier stopped)
            throws TuningException, InterruptedException {
        Path file = file(cacheDir, device);
        boolean told = false;
        while (!stopped.getAsBoolean()) {
            Optional<PidLock> lock;
            try {
                lock = PidLock.tryAcquire(file);
            } catch (IOException e) {
                throw new TuningException(TuningException.Kind.IO, "cannot lock the device through " + file + ": " + e.getMessage(), e);
            }
            if (lock.isPresent()) return lock;
            String who = "another tuning run (" + PidLock.describeHolder(file) + ") is measuring on the " + device.name();
            if (!wait) throw new TuningException(TuningException.Kind.BUSY, who + " (" + file + "); not waiting (--no-wait)");
            if (!told) waiting.accept("waiting: " + who + "; this run measures when it ends");
            told = true;
            Thread.sleep(POLL_MS);
        }
        return Optional.empty();
    }
}
