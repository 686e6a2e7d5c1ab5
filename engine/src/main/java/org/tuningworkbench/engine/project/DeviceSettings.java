package org.tuningworkbench.engine.project;

import java.util.List;
import java.util.Optional;
import org.tuningworkbench.bridge.KernelLaunch;

/**
 * Where and how a kernel built for a device (OpenCL) runs: the launches of one call ({@code global} and
 * {@code local} in {@code [kernel]}, or {@code [[launches]]}), or their geometry derived from each config
 * ({@code [launch]}), and the {@code [device]} to measure on. A kernel that runs on the host has {@link #HOST}.
 *
 * @param launches the kernel launches of one call, in order; empty for a host kernel or with a geometry
 * @param choice   which device measures it
 * @param geometry the work sizes of an OpenCL entry derived from each config, in place of fixed {@code launches}
 */
public record DeviceSettings(List<KernelLaunch> launches, DeviceChoice choice, Optional<LaunchGeometry> geometry) {

    /** A kernel that runs on the host (C, C++): no launches. */
    public static final DeviceSettings HOST = new DeviceSettings(List.of(), DeviceChoice.FIRST, Optional.empty());

    public DeviceSettings {
        launches = List.copyOf(launches);
    }
}
