package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Optional;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.exec.TuningException;
import org.tuningworkbench.engine.exec.LocalExecutor;
import org.tuningworkbench.engine.exec.Executor;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.exec.Pipeline;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.testing.ListedOrder;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** The measurement protocol end to end on a tiny kernel: calibration, probe, pipelines, pinning, confirmation. No timing is asserted. */
@IntegrationTest
class MeasurementProtocolTest {

    @TempDir
    Path dir;

    private static final String CONFIGS = config("Body", "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];")
            + config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];")
            + config("Body", "for (int i = n - 1; i >= 0; i--) y[i] = x[i] * 2.0f;");

    private List<TuningRecord> tune(Project project, TuneOptions options) throws Exception {
        try (RecordFile file = RecordFile.open(dir.resolve("records-" + System.nanoTime() + ".jsonl"))) {
            return new Tuner(project, options.toBuilder().cacheDir(dir.resolve("cache")).build()).run(file, e -> { });
        }
    }

    private Project project() throws Exception {
        return ProjectFile.load(TestProject.write(dir, TestProject.scaleProject(CONFIGS), "scale.c", TestProject.SCALE_KERNEL));
    }

    @ParameterizedTest
    @EnumSource(Pipeline.class)
    void everyPipelineMeasuresEveryConfigWithTheProbeAround(Pipeline pipeline) throws Exception {
        var records = tune(project(), TuneOptions.defaults().toBuilder().pipeline(pipeline).resume(false).racing(Racing.OFF).build());
        assertThat(records).extracting(TuningRecord::status).containsOnly(Status.OK).hasSize(3);
        for (TuningRecord r : records) {
            assertThat(r.steadiness().beforeGflops()).isPositive();
            assertThat(r.steadiness().afterGflops()).isPositive();
            assertThat(r.steadiness().usualGflops()).isPositive();
            assertThat(r.unsteady()).isNotNull();
            assertThat(r.firstCallUs()).isPositive();
            assertThat(r.samplesUs()).hasSize(3);
            assertThat(r.cpuMedianUs()).isPositive();
            assertThat(r.cpuShare()).isBetween(0.0, 1.0);
        }
    }

    @Test
    void pinnedRunsRecordTheirCpu() throws Exception {
        var records = tune(project(), TuneOptions.defaults().toBuilder().pin(true).resume(false).build());
        int last = Runtime.getRuntime().availableProcessors() - 1;
        assertThat(records).extracting(TuningRecord::pinnedCpu).containsOnly(last);
    }

    @Test
    void callsPerSampleAreCalibratedOnceSoATinyKernelIsCalledManyTimesPerSample() throws Exception {
        var records = tune(project(), TuneOptions.defaults().toBuilder().resume(false).build());
        // A 4096-element scale takes microseconds; a 1 ms sample needs many calls.
        assertThat(records).allSatisfy(r -> assertThat(r.callsPerSample()).isGreaterThan(1));
    }

    @Test
    void withoutAMinimumSampleTimeEachSampleIsOneCall() throws Exception {
        Project project = project();
        project = project.withMeasure(project.measure().withMinSampleMs(0));
        var records = tune(project, TuneOptions.defaults().toBuilder().resume(false).build());
        assertThat(records).allSatisfy(r -> assertThat(r.callsPerSample()).isEqualTo(1));
    }

    @Test
    void theConfirmationMeasuresTheTopConfigsAgainInterleaved() throws Exception {
        Project project = project().withMeasure(project().measure().withRepeat(9));
        var options = TuneOptions.defaults(dir.resolve("cache")).toBuilder().resume(false).build();
        var records = tune(project, options);
        var events = new ArrayList<TuningEvent>();
        // Told as a run's events, as the window shows them: each config as it is measured again, round by round.
        var result = new Confirmation(project, options).run(records, 2, 2, r -> r.config().toString(), Confirmation.Progress.asEvents(2, events::add));
        assertThat(result.entries()).hasSize(2);
        assertThat(result.entries()).allSatisfy(e -> assertThat(e.roundMediansUs()).hasSize(2));
        var lines = events.stream().map(e -> (TuningEvent.Confirming) e)
                .map(c -> "round " + c.round() + "/" + c.rounds() + " of the top " + c.top() + ": " + c.config().values()).toList();
        assertThat(lines).containsExactly("round 1/2 of the top 2: " + result.entries().get(0).label(),
                "round 1/2 of the top 2: " + result.entries().get(1).label(),
                "round 2/2 of the top 2: " + result.entries().get(0).label(),
                "round 2/2 of the top 2: " + result.entries().get(1).label());
        // Three samples a config each round, whatever the project's repeat: the rounds measure the spread between processes.
        assertThat(result.samples()).isEqualTo(2 * 2 * 3);
        assertThat(new Confirmation(project, options).samplesPerRound(1).run(records, 2, 2, r -> "", Confirmation.Progress.NONE).samples()).isEqualTo(4);
    }

    @Test
    void theConfirmationMeasuresThroughTheExecutorItIsGivenAsTheRunDid() throws Exception {
        Project project = project().withMeasure(project().measure().withRepeat(9));
        var options = TuneOptions.defaults(dir.resolve("cache")).toBuilder().resume(false).build();
        var records = tune(project, options);
        var asked = new ArrayList<String>();
        var measured = new java.util.concurrent.atomic.AtomicInteger();
        // As a run on a remote target gives it its targets' executor: here one that counts what it measures.
        Confirmation.Executors counting = (p, o) -> {
            asked.add("repeat " + p.measure().repeat() + ", racing " + o.racingFor(p).enabled());
            var local = new LocalExecutor(p, o);
            return new Executor() {
                @Override public TuningRecord.Identity open(Listener listener) throws TuningException { return local.open(listener); }
                @Override public void prepare(Config config) { local.prepare(config); }
                @Override public Optional<Measurement> measure(Config config) throws TuningException, InterruptedException {
                    measured.incrementAndGet();
                    return local.measure(config);
                }
                @Override public void stop() { local.stop(); }
                @Override public void close() { local.close(); }
            };
        };
        var result = new Confirmation(project, options, counting).run(records, 2, 3, r -> r.config().toString(), Confirmation.Progress.NONE);
        assertThat(asked).containsExactly("repeat 3, racing false");
        assertThat(measured).hasValue(2 * 3);
        assertThat(result.entries()).allSatisfy(e -> assertThat(e.roundMediansUs()).hasSize(3));
        assertThat(result.samples()).isEqualTo(2 * 3 * 3);
    }

    @Test
    void aSampleInWhichTheKernelTouchedFreshMemoryIsTakenAgain() throws Exception {
        Project project = ProjectFile.load(TestProject.write(dir, TestProject.measuredAsListed(TestProject.scaleProject(
                config("Body", "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];")
                        + config("Body", TestProject.touchingFreshMemory(3))
                        + config("Body", TestProject.touchingFreshMemory(-1)))), "scale.c", TestProject.SCALE_KERNEL));
        project = project.withMeasure(project.measure().withWarmupMs(0).withMinSampleMs(0).withRepeat(4));
        var records = ListedOrder.of(project, tune(project, TuneOptions.defaults().toBuilder().resume(false).racing(Racing.OFF).build()));

        assertThat(records).extracting(TuningRecord::status).containsOnly(Status.OK);
        assertThat(records).allSatisfy(r -> assertThat(r.samplesUs()).hasSize(4));
        // Nothing touched for the first time: nothing taken again.
        assertThat(records.get(0).timing().faultedSamples()).isNull();
        // The verified call is the first call; the two after it touched fresh pages and were taken again.
        assertThat(records.get(1).timing().faultedSamples()).isEqualTo(2);
        // Fresh memory in every call is the kernel's steady state: as many samples taken again as were asked for, then kept.
        assertThat(records.get(2).timing().faultedSamples()).isEqualTo(4);
    }
}
