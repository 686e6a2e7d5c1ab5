package org.tuningworkbench.engine.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.backend.Backends;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.tiers.IntegrationTest;

/** A build asked for after the service stopped or closed (a signal racing the tuning loop) is cancelled, never an error. */
@IntegrationTest
class BuildServiceTest {

    @TempDir
    Path cache;

    @Test
    void aBuildSubmittedAfterTheServiceClosedIsCancelledNotRejected() throws Exception {
        var project = ProjectFile.load(Path.of("..", "examples", "basic-matmul", "project.toml").toAbsolutePath().normalize());
        var builds = BuildService.forKernel(project, Backends.of(project).recipe(project), cache, 1, false, List.of());
        builds.close();
        var result = builds.submit("kernel.cpp", "int x;", project.kernel().entry(), "").get();
        assertThat(result).isInstanceOfSatisfying(BuildResult.Failed.class, failed -> assertThat(failed.reason()).isEqualTo("cancelled"));

        var stopped = BuildService.forKernel(project, Backends.of(project).recipe(project), cache, 1, false, List.of());
        stopped.stop();
        assertThat(stopped.submit("kernel.cpp", "int x;", project.kernel().entry(), "").get()).isInstanceOf(BuildResult.Failed.class);
        stopped.close();
    }

    @Test
    void aBuildInTheCacheIsReusedWhileAMeasurementHoldsBuildsOffAndANewOneWaits() throws Exception {
        Path projectFile = Path.of("..", "examples", "basic-matmul", "project.toml").toAbsolutePath().normalize();
        var project = ProjectFile.load(projectFile);
        String text = Files.readString(projectFile.resolveSibling("basic_matmul.cpp"));
        try (var builds = BuildService.forKernel(project, Backends.of(project).recipe(project), cache, 1, true, List.of())) {
            assertThat(builds.build("basic_matmul.cpp", text, project.kernel().entry(), "")).isInstanceOf(BuildResult.Built.class);
            builds.quietGate().writeLock().lock();
            try {
                // Only a look-up: it does not wait for the measurement.
                var reused = builds.submit("basic_matmul.cpp", text, project.kernel().entry(), "").get(30, TimeUnit.SECONDS);
                assertThat(reused).isInstanceOfSatisfying(BuildResult.Built.class, b -> assertThat(b.cached()).isTrue());
                var fresh = builds.submit("basic_matmul.cpp", text + "\n// another variant\n", project.kernel().entry(), "");
                Thread.sleep(500);
                assertThat(fresh).isNotDone();
                builds.quietGate().writeLock().unlock();
                assertThat(fresh.get(120, TimeUnit.SECONDS)).isInstanceOfSatisfying(BuildResult.Built.class, b -> assertThat(b.cached()).isFalse());
            } finally {
                if (builds.quietGate().writeLock() instanceof java.util.concurrent.locks.ReentrantReadWriteLock.WriteLock w && w.isHeldByCurrentThread()) w.unlock();
            }
        }
    }
}
