package org.tuningworkbench.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.backend.Backends;
import org.tuningworkbench.engine.build.BuildService;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.Golden;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.run.DeviceRunner;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** Golden outputs are kept beside the reference's build for later runs, unless they are large. */
@IntegrationTest
class ReferenceOutputsTest {

    @TempDir
    Path dir;

    @Test
    void smallGoldenOutputsAreCachedAndLargeOnesAreNot() throws Exception {
        Project project = ProjectFile.load(TestProject.write(dir, TestProject.scaleProject(""), "scale.c", TestProject.SCALE_KERNEL));
        var reference = (Golden.Reference) project.check().golden();
        Path cache = dir.resolve("cache");
        try (var builds = BuildService.forKernel(project, Backends.of(project).recipe(project), cache, 1, false, List.of())) {
            Path runDir = Files.createDirectories(dir.resolve("run"));
            // 4096 floats are 16 KiB: past a bound of 1 KiB they are not kept.
            var large = new ReferenceOutputs(project, builds, new DeviceRunner(), new ChildProcess(), 1024).compute(reference, runDir);
            assertThat(large).containsKey("y");
            assertThat(goldenFolders(cache)).isEmpty();
            var small = new ReferenceOutputs(project, builds, new DeviceRunner(), new ChildProcess()).compute(reference, Files.createDirectories(dir.resolve("run2")));
            assertThat(small.get("y").data()).isEqualTo(large.get("y").data());
            assertThat(goldenFolders(cache)).hasSize(1);
        }
    }

    /** What computing the golden outputs of the scale project, with {@code projectText} and {@code kernel}, throws. */
    private AbstractThrowableAssert<?, ? extends Throwable> computing(String projectText, String kernel) throws Exception {
        Project project = ProjectFile.load(TestProject.write(dir, projectText, "scale.c", kernel));
        var reference = (Golden.Reference) project.check().golden();
        try (var builds = BuildService.forKernel(project, Backends.of(project).recipe(project), dir.resolve("cache"), 1, false, List.of())) {
            Path runDir = Files.createDirectories(dir.resolve("run"));
            return assertThatThrownBy(() -> new ReferenceOutputs(project, builds, new DeviceRunner(), new ChildProcess()).compute(reference, runDir))
                    .isInstanceOf(TuningException.class);
        }
    }

    @Test
    void aReferenceTheLinkerCannotFindSaysWhichSymbol() throws Exception {
        computing(TestProject.scaleProject("").replace("scale_reference", "no_such_reference"), TestProject.SCALE_KERNEL)
                .hasMessageContaining("does not build")
                .hasMessageContaining("link error: undefined reference to `no_such_reference'");
    }

    @Test
    void aReferenceWhoseCompilerRanOutOfMemorySaysSo() throws Exception {
        Files.writeString(dir.resolve("cc.sh"), "echo 'cc1: out of memory allocating 2147483664 bytes after a total of 569344 bytes' >&2\nexit 1\n");
        computing(TestProject.scaleProject("") + "\n[build]\ncommand = \"sh cc.sh {source} {output}\"\n", TestProject.SCALE_KERNEL)
                .hasMessageContaining("does not build: the build command failed (exit code 1)")
                .hasMessageContaining("cc1: out of memory allocating 2147483664 bytes");
    }

    @Test
    void aKernelThatDoesNotCompileInTheReferencesFileIsNotBlamedOnTheReference() throws Exception {
        computing(TestProject.scaleProject(""), TestProject.SCALE_KERNEL.replace("y[i] = 2.0f * x[i];", "y[i] = 2.0f * x[i]"))
                .hasMessageStartingWith("scale.c does not compile (first error at scale.c:3:")
                .hasMessageContaining("so neither the golden reference `scale_reference` nor any config can be built:\n  scale.c:3:")
                .hasMessageNotContaining("does not build");
    }

    @Test
    void anErrorInTheReferenceInTheKernelsFileSaysTheFileDoesNotCompileAtTheReferencesLine() throws Exception {
        computing(TestProject.scaleProject(""), TestProject.SCALE_KERNEL.replace("y[i] = x[i] * 2.0f;", "y[i] = x[i] * 2.0f"))
                .hasMessageStartingWith("scale.c does not compile (first error at scale.c:7:")
                .hasMessageContaining("\n  scale.c:7:");
    }

    private static List<Path> goldenFolders(Path cache) throws Exception {
        try (var paths = Files.walk(cache.resolve("builds"))) {
            return paths.filter(p -> p.getFileName().toString().equals("golden")).toList();
        }
    }
}
