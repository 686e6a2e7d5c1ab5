package org.tuningworkbench.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.build.Builder;
import org.tuningworkbench.engine.build.Toolchain;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** Real kernels, built with the harness, that fork, ignore SIGTERM or allocate without bound: each run harms nothing after it. */
@EnabledOnOs(OS.LINUX)
@IntegrationTest
class DeviceRunnerIsolationTest {

    @TempDir
    Path dir;

    @Test
    void aKernelsForkedChildIsGoneAfterItsRun() throws Exception {
        RunOutcome outcome = run("""
                #include <stdio.h>
                #include <unistd.h>
                void scale(int n, const float *x, float *y) {
                    static int forked;
                    if (!forked) {
                        forked = 1;
                        pid_t child = fork();
                        if (child == 0) for (;;) pause();
                        FILE *f = fopen("%s", "w");
                        fprintf(f, "%%d\\n", (int)child);
                        fclose(f);
                    }
                    for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];
                }
                """.formatted(dir.resolve("child.pid")), project().measure());
        assertThat(outcome).isInstanceOf(RunOutcome.Measured.class);
        assertGone(pid("child.pid"));
    }

    @Test
    void anOrphanIgnoringSigtermIsKilledAtTheTimeout() throws Exception {
        RunOutcome outcome = run("""
                #include <signal.h>
                #include <stdio.h>
                #include <unistd.h>
                void scale(int n, const float *x, float *y) {
                    signal(SIGTERM, SIG_IGN);
                    if (fork() == 0) {
                        pid_t orphan = fork();
                        if (orphan == 0) for (;;) pause();
                        FILE *f = fopen("%s", "w");
                        fprintf(f, "%%d\\n", (int)orphan);
                        fclose(f);
                        _exit(0);
                    }
                    for (volatile int spin = 1; spin; ) { }
                }
                """.formatted(dir.resolve("orphan.pid")), project().measure().withRunTimeout(Duration.ofSeconds(1)));
        assertThat(outcome).isInstanceOf(RunOutcome.TimedOut.class);
        assertThat(outcome.time()).isLessThan(Duration.ofSeconds(5));
        assertGone(pid("orphan.pid"));
    }

    @Test
    void aChildThatLeavesTheSessionAndClearsItsEnvironmentIsGoneAfterItsRun() throws Exception {
        RunOutcome outcome = run("""
                #define _GNU_SOURCE
                #include <stdio.h>
                #include <stdlib.h>
                #include <unistd.h>
                void scale(int n, const float *x, float *y) {
                    static int forked;
                    if (!forked) {
                        forked = 1;
                        pid_t child = fork();
                        if (child == 0) {
                            /* Out of the run's process group and session, and without the tuner's mark in its environment. */
                            setsid();
                            clearenv();
                            pid_t grandchild = fork();
                            if (grandchild == 0) for (;;) pause();
                            FILE *f = fopen("%s", "w");
                            fprintf(f, "%%d\\n", (int)grandchild);
                            fclose(f);
                            _exit(0);
                        }
                        while (access("%s", F_OK) != 0) usleep(1000);
                    }
                    for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];
                }
                """.formatted(dir.resolve("escaped.pid"), dir.resolve("escaped.pid")), project().measure());
        assertThat(outcome).isInstanceOf(RunOutcome.Measured.class);
        assertGone(pid("escaped.pid"));
    }

    @Test
    void allocationsInGlobalConstructorsFallUnderTheMemoryLimit() throws Exception {
        // The constructor runs before main: it asks for 1 GiB (never touched, so nothing is used) under a limit of 256 MiB.
        RunOutcome outcome = run("""
                #include <stdlib.h>
                static void *tw_test_grab;
                __attribute__((constructor)) static void grab(void) { tw_test_grab = malloc((size_t)1 << 30); }
                void scale(int n, const float *x, float *y) {
                    if (tw_test_grab != NULL) abort();
                    for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];
                }
                """, project().measure().withMemoryLimitMb(256));
        assertThat(outcome).isInstanceOf(RunOutcome.Measured.class);
    }

    @Test
    void aCompilerReadingWithoutEndFailsAtItsMemoryLimit() throws Exception {
        Project project = project();
        var builder = new Builder(dir.resolve("cache"), project.build(), Toolchain.of(project.build().command()), dir).withMemoryLimitKb(256 * 1024);
        var launcher = Launcher.of(project.kernel().language(), "scale.c", project.kernel().entry(), project.inputs().args(), 42);
        BuildResult built = builder.build("scale.c", "#include \"/dev/zero\"\n", launcher, new ChildProcess());
        assertThat(built).isInstanceOf(BuildResult.Failed.class);
        assertThat(built.log()).contains("out of memory");
        assertThat(built.time()).isLessThan(Duration.ofSeconds(60));
    }

    @Test
    void aMemoryBombRunsOutOfMemoryAtTheLimit() throws Exception {
        RunOutcome outcome = run("""
                #include <stdlib.h>
                #include <string.h>
                char *volatile tw_test_sink;
                void scale(int n, const float *x, float *y) {
                    for (;;) {
                        char *p = malloc(1 << 20);
                        memset(p, 1, 1 << 20);  /* unchecked: writes through NULL at the limit */
                        tw_test_sink = p;
                    }
                }
                """, project().measure().withMemoryLimitMb(256));
        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Crashed.class, crashed -> {
            assertThat(crashed.outOfMemory()).isTrue();
            assertThat(crashed.description()).startsWith("ran out of memory").contains("memory_limit_mb = 256");
        });
    }

    @Test
    void anOrdinaryCrashIsNotOutOfMemory() throws Exception {
        RunOutcome outcome = run("""
                void scale(int n, const float *x, float *y) {
                    volatile int *p = (volatile int *)(long)(n - n);
                    *p = 1;
                }
                """, project().measure().withMemoryLimitMb(256));
        assertThat(outcome).isInstanceOfSatisfying(RunOutcome.Crashed.class, crashed -> {
            assertThat(crashed.outOfMemory()).isFalse();
            assertThat(crashed.signal()).isEqualTo(11);
        });
    }

    private Project project() throws Exception {
        return ProjectFile.load(TestProject.write(dir, TestProject.scaleProject(""), "scale.c", TestProject.SCALE_KERNEL));
    }

    private RunOutcome run(String kernel, org.tuningworkbench.engine.project.MeasureSettings settings) throws Exception {
        Project project = project();
        var builder = new Builder(dir.resolve("cache"), project.build(), Toolchain.of(project.build().command()), dir);
        var launcher = Launcher.of(project.kernel().language(), "scale.c", project.kernel().entry(), project.inputs().args(), settings.seed());
        BuildResult built = builder.build("scale.c", kernel, launcher, new ChildProcess());
        assertThat(built).as(built.log()).isInstanceOf(BuildResult.Built.class);
        return new DeviceRunner().run(((BuildResult.Built) built).program(), dir.resolve("out"), settings, new ChildProcess());
    }

    private long pid(String file) throws Exception {
        return Long.parseLong(Files.readString(dir.resolve(file)).strip());
    }

    private static void assertGone(long pid) {
        assertThat(Path.of("/proc/" + pid)).as("process %d is still in the process table", pid).doesNotExist();
    }
}
