package org.tuningworkbench.engine.backend;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.TreeMap;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.Fingerprint;
import org.tuningworkbench.engine.build.BuildReads;
import org.tuningworkbench.engine.build.BuildRecipe;
import org.tuningworkbench.engine.build.ShellWords;
import org.tuningworkbench.engine.build.Toolchain;
import org.tuningworkbench.engine.build.ToolchainException;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.run.ProgramRunner;

/**
 * Any device, through the project's own harness ({@code [kernel] harness}): the workbench writes
 * the variant's source, runs the project's build command (if any) on it, then runs the harness from
 * the project folder, which times the kernel and answers in the protocol of {@link HarnessResult}.
 * Building ahead, isolation, time limits, verification against the golden outputs, records,
 * search and resume are the engine's, as for every backend. docs/harness.md documents it.
 */
final class HarnessBackend implements Backend {

    /** Where the project's own build command puts what it builds for the harness ({@code {output}} in its text). */
    static final String BUILT = "program";

    @Override
    public String name() {
        return "harness";
    }

    @Override
    public BuildRecipe recipe(Project project) {
        String harness = project.build().harness().orElseThrow();
        // Read once for the run: every variant's program and the records name the same files.
        String inputs = inputsOf(project);
        return new BuildRecipe() {
            @Override
            public Launcher launcher(String fileName, String entry) {
                return new HarnessLauncher(project, harness, fileName, entry, inputs);
            }

            /**
             * The project's command with {@code {source}} the variant's file and {@code {output}} the
             * harness's program; then the run script (the launcher) becomes the program the engine runs.
             * The harness library sits beside the variant, found by the compiler through CPATH.
             */
            @Override
            public String command(String fileName) {
                String own = project.build().command().strip();
                String build = own.isEmpty() ? "" : "export CPATH={work_dir}${CPATH:+:$CPATH}; "
                        + own.replace("{source}", "{work_dir}/" + ShellWords.quote(fileName)).replace("{output}", "{work_dir}/" + BUILT) + " && ";
                return build + "cp {source} {output} && chmod +x {output}";
            }

            @Override
            public Toolchain toolchain() throws ToolchainException {
                String own = project.build().command().strip();
                if (!own.isEmpty()) return Toolchain.of(own, project.directory());
                return new Toolchain(harness.strip().split("\\s+")[0], "harness " + Fingerprint.of(harness, inputs));
            }
        };
    }

    @Override
    public Placement place(Project project, Path cacheDir) {
        // The harness finds its own device; the records name this machine, whose harness it is.
        return Placement.localCpu();
    }

    @Override
    public Optional<String> remoteRefusal() {
        return Optional.of("a project with its own harness runs the harness on this machine; remote targets run the generated launchers of C and C++ kernels");
    }

    @Override
    public ProgramRunner runner(Project project) {
        return new HarnessRunner();
    }

    /**
     * The fingerprint of the project's files that the harness and build commands read (a harness
     * script, a C++ main, a module, and what they source or include; {@link BuildReads}): editing one
     * makes new programs and new records, as editing the kernel does.
     */
    static String inputsOf(Project project) {
        var read = new TreeMap<String, String>();
        String commands = project.build().harness().orElse("") + " " + project.build().command();
        for (Path file : BuildReads.of(commands, project.directory(), project.kernel().source().toAbsolutePath().getParent())) {
            try {
                read.put(file.toString(), Fingerprint.ofFile(file));
            } catch (IOException e) {
                read.put(file.toString(), "unreadable");
            }
        }
        return Fingerprint.of(read.toString());
    }
}
