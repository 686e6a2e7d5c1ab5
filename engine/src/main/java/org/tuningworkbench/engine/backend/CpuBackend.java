package org.tuningworkbench.engine.backend;

import java.nio.file.Path;
import org.tuningworkbench.bridge.Language;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.build.BuildRecipe;
import org.tuningworkbench.engine.build.Toolchain;
import org.tuningworkbench.engine.build.ToolchainException;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.run.DeviceRunner;
import org.tuningworkbench.engine.run.ProgramRunner;

/** C and C++ kernels on the CPU: the generated launcher compiles the variant in and times it with the native harness. */
final class CpuBackend implements Backend {

    @Override
    public String name() {
        return "cpu";
    }

    @Override
    public BuildRecipe recipe(Project project) {
        return new Recipe(project);
    }

    @Override
    public Placement place(Project project, Path cacheDir) {
        return Placement.localCpu();
    }

    @Override
    public ProgramRunner runner(Project project) {
        return new DeviceRunner();
    }

    /** The recipe of a host-compiled project, which {@link OpenClBackend} also follows for the project's C sources (a golden reference). */
    static class Recipe implements BuildRecipe {
        final Project project;

        Recipe(Project project) {
            this.project = project;
        }

        @Override
        public Launcher launcher(String fileName, String entry) {
            return Launcher.of(languageOf(fileName), fileName, entry, project.inputs().args(), project.measure().seed());
        }

        /** A source in another language than the project's (a C reference of an OpenCL kernel) builds with that language's default command. */
        @Override
        public String command(String fileName) {
            Language language = languageOf(fileName);
            return language == project.kernel().language() ? project.build().command() : language.defaultBuildCommand();
        }

        @Override
        public Toolchain toolchain() throws ToolchainException {
            return Toolchain.of(project.build().command(), project.directory());
        }

        Language languageOf(String fileName) {
            return Language.fromFileName(Path.of(fileName)).orElse(project.kernel().language());
        }
    }
}
