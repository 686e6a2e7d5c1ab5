package org.tuningworkbench.engine.backend;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.KernelLaunch;
import org.tuningworkbench.bridge.Language;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.bridge.OpenClLauncher;
import org.tuningworkbench.engine.build.BuildRecipe;
import org.tuningworkbench.engine.build.ToolchainException;
import org.tuningworkbench.engine.device.OpenClDevice;
import org.tuningworkbench.engine.device.OpenClDevices;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.run.Device;
import org.tuningworkbench.engine.run.DeviceRunner;
import org.tuningworkbench.engine.run.ProgramRunner;

/**
 * OpenCL C kernels on an OpenCL device of this machine: a C host program (the launcher) builds the
 * variant for the device the project's {@code [device]} names when it starts, launches it with the
 * project's work sizes and times it with the device's profiling events besides the wall clock.
 */
final class OpenClBackend implements Backend {

    @Override
    public String name() {
        return "opencl";
    }

    @Override
    public BuildRecipe recipe(Project project) {
        return new CpuBackend.Recipe(project) {
            @Override
            public Launcher launcher(String fileName, String entry) {
                return launcher(fileName, entry, Map.of());
            }

            @Override
            public Launcher launcher(String fileName, String entry, Map<String, String> params) {
                if (languageOf(fileName) != Language.OPENCL) return super.launcher(fileName, entry);
                return new OpenClLauncher(fileName, launches(project, entry, params), project.inputs().args(), project.measure().seed(),
                        project.build().deviceFlags().strip(), project.kernel().source().toAbsolutePath().getParent().toString());
            }
        };
    }

    /**
     * The project's launches for its entry and the config {@code params}; another kernel (a reference) is launched once over the
     * first launch's work size, or with {@code [launch]} over the problem size in work groups of the driver's choice.
     */
    private static List<KernelLaunch> launches(Project project, String entry, Map<String, String> params) {
        List<String> all = project.inputs().args().stream().map(KernelArg::name).toList();
        if (entry.equals(project.kernel().entry())) return project.launchesFor(params);
        if (project.device().geometry().isPresent()) return List.of(project.device().geometry().get().reference(entry, all, project.inputs().sizes()));
        if (project.device().launches().isEmpty()) return project.device().launches();
        KernelLaunch first = project.device().launches().getFirst();
        return List.of(new KernelLaunch(entry, first.global(), first.local(), all));
    }

    /** The device the project's [device] names: without one, nothing can be measured, so it is the project's error. */
    @Override
    public Placement place(Project project, Path cacheDir) throws ToolchainException, InterruptedException {
        try {
            OpenClDevice chosen = OpenClDevices.choose(OpenClDevices.list(cacheDir), project.device().choice());
            return new Placement(chosen.asDevice(Device.hostName()), Map.of("TW_CL_PLATFORM", Integer.toString(chosen.platformIndex()),
                    "TW_CL_DEVICE", Integer.toString(chosen.deviceIndex())), chosen.limits()::refusal);
        } catch (OpenClDevices.Unavailable e) {
            throw new ToolchainException("no OpenCL device to measure on: " + e.getMessage());
        }
    }

    @Override
    public Optional<String> remoteRefusal() {
        return Optional.of("an OpenCL project is measured on this machine's OpenCL devices; remote targets measure C and C++ kernels only");
    }

    @Override
    public ProgramRunner runner(Project project) {
        return new DeviceRunner();
    }
}
