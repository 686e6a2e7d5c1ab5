package org.tuningworkbench.engine.replay;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.tuningworkbench.bridge.Language;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.project.BuildSettings;
import org.tuningworkbench.engine.project.Candidates;
import org.tuningworkbench.engine.project.CheckSettings;
import org.tuningworkbench.engine.project.DeviceSettings;
import org.tuningworkbench.engine.project.Inputs;
import org.tuningworkbench.engine.project.Kernel;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.SearchSettings;
import org.tuningworkbench.engine.project.Work;
import org.tuningworkbench.engine.recorded.RecordedSpace;
import org.tuningworkbench.engine.space.Parameter;

/**
 * A recorded space as a project without a kernel: its space and search settings are what the tuning
 * loop uses (a {@link ReplayExecutor} answers every trial). Its
 * {@link #sheet} stands in for the kernel source: one marked declaration per parameter, so every
 * view that reads parameters from markers (the grid's columns, a config's variant) works on it.
 */
public final class RecordedProject {
    private RecordedProject() {}

    public static Project of(Path file, RecordedSpace space, SearchSettings search) {
        return new Project(file, space.name(), new Kernel(file, Language.C, space.kernelName(), false), Inputs.NONE, Work.UNKNOWN, CheckSettings.NONE,
                new BuildSettings("", Duration.ofSeconds(1)), MeasureSettings.DEFAULT, Candidates.space(space.space()), search, DeviceSettings.HOST,
                List.of(), Optional.empty());
    }

    /** The parameters as marked declarations, each with its first value, under a header saying what the space is. */
    public static String sheet(RecordedSpace space) {
        String header = String.format(Locale.ROOT, """
                // Recorded space %s: kernel %s on %s.
                // %,d configs recorded, %,d of them valid; the best median is %s.
                // Nothing here is compiled: Run replays the chosen strategy against the records, instantly.
                // The parameters, as the grid shows them:
                """, space.name(), space.kernelName(), space.deviceName(), space.records().size(), space.validCount(), Durations.micros(space.optimum()));
        return header + space.parameters().stream().map(RecordedProject::declaration).collect(Collectors.joining("\n")) + "\n";
    }

    private static String declaration(Parameter p) {
        String type = p.kind() == Parameter.Kind.CATEGORICAL ? "char *" : p.kind() == Parameter.Kind.REAL ? "double" : "long";
        return "// " + p.name() + ": " + String.join(", ", p.values()) + "\n"
                + "static const " + type + " " + p.name() + " = " + p.values().getFirst() + "; // tunable";
    }
}
