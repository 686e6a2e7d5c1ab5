package org.tuningworkbench.engine.build;

import java.io.IOException;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.process.ChildProcess;

/** Builds one variant into a program where it will run: this machine ({@link Builder}) or a remote target. */
public interface ProgramBuilder {

    /**
     * Builds {@code kernelText} (saved as {@code kernelFileName}) with {@code launcher}.
     *
     * @param process lets the caller cancel the build
     */
    BuildResult build(String kernelFileName, String kernelText, Launcher launcher, ChildProcess process) throws IOException, InterruptedException;

    /**
     * As {@link #build(String, String, Launcher, ChildProcess)}; {@code again}: built anew even when a program
     * of the same inputs was built before, which the new one replaces (a fresh run reuses no old program).
     */
    default BuildResult build(String kernelFileName, String kernelText, Launcher launcher, ChildProcess process, boolean again)
            throws IOException, InterruptedException {
        return build(kernelFileName, kernelText, launcher, process);
    }

    /**
     * The program built before from the same inputs, when it is at hand without building anything: a
     * look-up, cheap enough to run while a measurement holds builds off. Empty by default.
     */
    default java.util.Optional<BuildResult> reuse(String kernelFileName, String kernelText, Launcher launcher) {
        return java.util.Optional.empty();
    }
}
