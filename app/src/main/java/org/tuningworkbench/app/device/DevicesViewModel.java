package org.tuningworkbench.app.device;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.tuningworkbench.app.task.BackgroundTask;
import org.tuningworkbench.app.task.TaskExecutor;
import org.tuningworkbench.engine.device.OpenClDevice;
import org.tuningworkbench.engine.device.OpenClDevices;

/**
 * The OpenCL platforms and devices of this machine, for the device panel: listed by the engine
 * off the window's thread, the first time an OpenCL project is opened; or why there are none.
 */
public final class DevicesViewModel {

    /** How the devices are found; the engine's lister, or a fake in tests. */
    @FunctionalInterface
    public interface Lister {
        List<OpenClDevice> list(Path cacheDir) throws OpenClDevices.Unavailable, InterruptedException;
    }

    private final ReadOnlyStringWrapper openCl = new ReadOnlyStringWrapper("");
    private final TaskExecutor executor;
    private final Supplier<Path> cacheDir;
    private final Lister lister;
    private boolean listed;

    public DevicesViewModel(TaskExecutor executor, Supplier<Path> cacheDir, Lister lister) {
        this.executor = executor;
        this.cacheDir = cacheDir;
        this.lister = lister;
    }

    public DevicesViewModel(TaskExecutor executor, Supplier<Path> cacheDir) {
        this(executor, cacheDir, OpenClDevices::list);
    }

    /** Lists the OpenCL devices, once: a driver installed meanwhile shows at the next start. */
    public void listOpenCl() {
        if (listed) return;
        listed = true;
        openCl.set("Looking for OpenCL devices…");
        executor.execute(BackgroundTask.of(() -> lister.list(cacheDir.get()))
                .onSuccess(devices -> openCl.set("OpenCL devices ([device] platform.device):\n" + devices.stream().map(DevicesViewModel::line)
                        .collect(Collectors.joining("\n"))))
                .onFailure(e -> openCl.set("No OpenCL device: " + e.getMessage())));
    }

    private static String line(OpenClDevice d) {
        return d.platformIndex() + "." + d.deviceIndex() + "  " + d.platform() + ": " + d.name() + " (" + d.type() + ", " + d.computeUnits()
                + " compute units)";
    }

    /** The OpenCL platforms and devices found, one a line; empty until an OpenCL project is opened. */
    public ReadOnlyStringProperty openClProperty() { return openCl.getReadOnlyProperty(); }
}
