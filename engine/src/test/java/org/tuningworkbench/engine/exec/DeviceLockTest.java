package org.tuningworkbench.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.cli.Cli;
import org.tuningworkbench.engine.cli.ExitCode;
import org.tuningworkbench.engine.lock.PidLock;
import org.tuningworkbench.engine.run.Device;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.engine.tune.TuningEvent;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** Two runs never measure on one device at once: the second waits, saying so, or refuses with --no-wait. */
@IntegrationTest
class DeviceLockTest {

    @TempDir
    Path dir;

    private Path project() throws Exception {
        return TestProject.write(dir, TestProject.scaleProject(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];")),
                "scale.c", TestProject.SCALE_KERNEL);
    }

    @Test
    void withNoWaitASecondRunRefusesNamingTheFirst() throws Exception {
        Path project = project();
        Path cache = dir.resolve("cache");
        try (PidLock held = PidLock.tryAcquire(DeviceLock.file(cache, Device.localCpu())).orElseThrow()) {
            var err = new StringWriter();
            int code = Cli.execute(new PrintWriter(new StringWriter()), new PrintWriter(err, true), "tune", "--no-wait", "--cache-dir=" + cache,
                    project.toString());
            assertThat(code).isEqualTo(ExitCode.BUSY);
            assertThat(err.toString()).contains("another tuning run (pid " + ProcessHandle.current().pid() + ") is measuring on the cpu")
                    .contains("--no-wait");
        }
        assertThat(RecordFile.read(dir.resolve("records.jsonl"))).isEmpty();
    }

    @Test
    void aSecondRunWaitsSayingSoAndMeasuresOnceTheFirstEnds() throws Exception {
        Path cache = dir.resolve("cache");
        var events = new CopyOnWriteArrayList<TuningEvent>();
        PidLock held = PidLock.tryAcquire(DeviceLock.file(cache, Device.localCpu())).orElseThrow();
        CompletableFuture<List<TuningRecord>> run;
        try {
            var tuner = new Tuner(ProjectFile.load(project()), TuneOptions.defaults(cache));
            run = CompletableFuture.supplyAsync(() -> {
                try (RecordFile records = RecordFile.open(dir.resolve("records.jsonl"))) {
                    return tuner.run(records, events::add);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (events.stream().noneMatch(e -> e instanceof TuningEvent.Waiting) && System.nanoTime() < deadline && !run.isDone()) Thread.sleep(20);
            Thread.sleep(300);
            assertThat(events).filteredOn(e -> e instanceof TuningEvent.Waiting).singleElement()
                    .extracting(e -> ((TuningEvent.Waiting) e).message()).asString().contains("is measuring on the cpu");
            assertThat(events).noneMatch(e -> e instanceof TuningEvent.Finished);
        } finally {
            held.close();
        }
        assertThat(run.get(60, TimeUnit.SECONDS)).singleElement().satisfies(r -> assertThat(r.ok()).isTrue());
    }
}
