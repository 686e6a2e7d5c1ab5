package org.tuningworkbench.app.device;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.tuningworkbench.app.task.CurrentThreadTaskExecutor;
import org.tuningworkbench.engine.device.OpenClDevice;
import org.tuningworkbench.engine.device.OpenClDevices;

@Timeout(30)
class DevicesViewModelTest {

    private static final OpenClDevice POCL = new OpenClDevice(0, 0, "Portable Computing Language", "OpenCL 3.0 PoCL", "pthread-haswell",
            "cpu", "3.1", 2, "OpenCL C 1.2", 1L << 33);
    private static final OpenClDevice GPU = new OpenClDevice(1, 0, "NVIDIA CUDA", "OpenCL 3.0 CUDA", "NVIDIA A100", "gpu", "535.1", 108,
            "OpenCL C 1.2", 40L << 30);

    @Test
    void listsEveryPlatformsDevicesOnceWithTheIndicesAProjectNames() {
        var calls = new AtomicInteger();
        var model = new DevicesViewModel(new CurrentThreadTaskExecutor(), () -> Path.of("cache"), dir -> {
            calls.incrementAndGet();
            return List.of(POCL, GPU);
        });
        assertThat(model.openClProperty().get()).isEmpty();
        model.listOpenCl();
        model.listOpenCl();
        assertThat(calls).hasValue(1);
        assertThat(model.openClProperty().get()).isEqualTo("""
                OpenCL devices ([device] platform.device):
                0.0  Portable Computing Language: pthread-haswell (cpu, 2 compute units)
                1.0  NVIDIA CUDA: NVIDIA A100 (gpu, 108 compute units)""");
    }

    @Test
    void saysWhyThereIsNoDevice() {
        var model = new DevicesViewModel(new CurrentThreadTaskExecutor(), () -> Path.of("cache"), dir -> {
            throw new OpenClDevices.Unavailable("no OpenCL platform is installed");
        });
        model.listOpenCl();
        assertThat(model.openClProperty().get()).isEqualTo("No OpenCL device: no OpenCL platform is installed");
    }
}
