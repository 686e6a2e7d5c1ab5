package org.tuningworkbench.engine.backend;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import java.util.List;
import java.util.Optional;
import org.tuningworkbench.bridge.KernelLaunch;
import org.tuningworkbench.engine.build.BuildRecipe;
import org.tuningworkbench.engine.build.ToolchainException;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.run.Device;
import org.tuningworkbench.engine.run.ProgramRunner;

/**
 * One kind of device the loop measures on: how a config's variant becomes a program (its launcher
 * and build command), which device runs it, and how a run is turned into a timing. The executor
 * does the rest the same way for every backend: building ahead, isolation, racing, verification
 * and records. {@link Backends#of} chooses one per project; a new device is one class here and a
 * line there.
 */
public interface Backend {

    /** The backend's name, as messages and the documentation say it ({@code cpu}, {@code opencl}, {@code harness}). */
    String name();

    /** How the project's sources become programs. */
    BuildRecipe recipe(Project project);

    /** The device that measures, chosen when a run opens, and the environment that tells the program which it is. */
    Placement place(Project project, Path cacheDir) throws ToolchainException, InterruptedException;

    /** Why the project cannot be measured on a remote target with this backend; empty when it can. */
    default Optional<String> remoteRefusal() {
        return Optional.empty();
    }

    /** Runs a built program on this machine and reads its timing. */
    ProgramRunner runner(Project project);

    /**
     * Where a run measures: the device, what the program's environment gets to find it, and why the
     * device cannot run a config's kernel launches (a work group larger than it takes), checked before the config is built.
     */
    record Placement(Device device, Map<String, String> environment, Function<List<KernelLaunch>, Optional<String>> launchRefusal) {
        public Placement {
            environment = Map.copyOf(environment);
        }

        /** A device that takes any launch. */
        public Placement(Device device, Map<String, String> environment) {
            this(device, environment, launches -> Optional.empty());
        }

        /** This machine's CPU, which needs no telling. */
        public static Placement localCpu() {
            return new Placement(Device.localCpu(), Map.of());
        }
    }
}
