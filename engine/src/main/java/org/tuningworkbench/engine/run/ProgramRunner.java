package org.tuningworkbench.engine.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.MeasureSettings;

/** Runs a built program with the harness where it was built: this machine ({@link DeviceRunner}) or a remote target. */
public interface ProgramRunner {

    /**
     * Runs {@code program}; its outputs and timings are then in {@code outputDir} on this machine.
     * {@code process} lets the caller stop it; {@code environment} is added to the program's.
     */
    RunOutcome run(Path program, Path outputDir, MeasureSettings settings, ChildProcess process, Map<String, String> environment)
            throws IOException, InterruptedException;
}
