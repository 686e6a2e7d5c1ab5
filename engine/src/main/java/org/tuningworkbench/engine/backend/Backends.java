package org.tuningworkbench.engine.backend;

import org.tuningworkbench.bridge.Language;
import org.tuningworkbench.engine.project.Project;

/** The backends a project can be measured with, and which one it is. */
public final class Backends {

    private Backends() {
    }

    /** The project's own harness when it names one; else by the kernel's language: OpenCL C on an OpenCL device, C and C++ on the CPU. */
    public static Backend of(Project project) {
        if (project.build().harness().isPresent()) return new HarnessBackend();
        if (project.kernel().language() == Language.OPENCL) return new OpenClBackend();
        return new CpuBackend();
    }
}
