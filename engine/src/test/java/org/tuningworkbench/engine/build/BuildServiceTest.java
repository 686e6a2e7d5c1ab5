package org.tuningworkbench.engine.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.project.ProjectFile;

/** A build asked for after the service stopped or closed (a signal racing the tuning loop) is cancelled, never an error. */
class BuildServiceTest {

    @TempDir
    Path cache;

    @Test
    void aBuildSubmittedAfterTheServiceClosedIsCancelledNotRejected() throws Exception {
        var project = ProjectFile.load(Path.of("..", "examples", "basic-matmul", "project.toml").toAbsolutePath().normalize());
        var builds = BuildService.forKernel(project, cache, 1, false, List.of());
        builds.close();
        var result = builds.submit("kernel.cpp", "int x;", project.entry(), "").get();
        assertThat(result).isInstanceOfSatisfying(BuildResult.Failed.class, failed -> assertThat(failed.reason()).isEqualTo("cancelled"));

        var stopped = BuildService.forKernel(project, cache, 1, false, List.of());
        stopped.stop();
        assertThat(stopped.submit("kernel.cpp", "int x;", project.entry(), "").get()).isInstanceOf(BuildResult.Failed.class);
        stopped.close();
    }
}
