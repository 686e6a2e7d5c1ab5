package org.tuningworkbench.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.engine.tune.TuningEvent;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/**
 * The remote path whole (jobs, the target's build cache, answers, verification here) with jobs run
 * by this machine's shell in place of ssh; and what a lost answer does to a run. {@code LocalClusterTest}
 * does the same through a real sshd and Slurm.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@IntegrationTest
class RemoteTargetTest {

    @TempDir
    Path dir;

    /** Runs each job with /bin/sh here, its home under {@code home}; the measuring job numbered {@code lose} never answers. */
    static class ShellHere implements RemoteShell {
        final Path home;
        final int lose;
        final String target;
        final AtomicInteger measurements = new AtomicInteger();

        ShellHere(Path home, int lose) {
            this(home, lose, "ssh://test@here");
        }

        ShellHere(Path home, int lose, String target) {
            this.home = home;
            this.lose = lose;
            this.target = target;
        }

        @Override
        public String target() {
            return target;
        }

        @Override
        public Optional<MeasurementFile> run(String script, Path jobDir, Duration limit, boolean exclusive, ChildProcess process)
                throws IOException, InterruptedException {
            if (exclusive && measurements.incrementAndGet() == lose) throw new MeasurementLost("lost the connection to ssh://test@here: Connection reset by peer");
            Path job = jobDir.resolve("job.sh");
            Files.writeString(job, script);
            var exit = process.run(List.of("/bin/sh", job.toString()), jobDir, "job", limit.plusSeconds(60), Map.of("XDG_CACHE_HOME", home.toString()));
            return exit.cancelled() ? Optional.empty() : Optional.of(MeasurementFile.read(exit.stdout()));
        }
    }

    /** What a record says besides its timing and the instance that measured it. */
    static List<Object> measuredTheSameWay(TuningRecord r) {
        var id = r.identity();
        return java.util.Arrays.asList(r.project(), r.config(), r.name(), r.baseline(), id.source(), id.setup(), id.toolchain(), id.device(),
                r.status(), r.error(), r.signal(), r.verification(), r.diagnostics());
    }

    private Path project() throws IOException {
        String configs = TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * 2.0f;")
                + TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * 3.0f;")
                + TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = ;")
                + TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];");
        // In the order listed: the shell loses a job by its number.
        return TestProject.write(dir, TestProject.measuredAsListed(TestProject.scaleProject(configs)), "scale.c", TestProject.SCALE_KERNEL);
    }

    private List<TuningRecord> tune(Project project, Path records, Executor executor, List<TuningEvent> events) throws Exception {
        try (RecordFile file = RecordFile.open(records)) {
            return new Tuner(project, options(), executor).run(file, events::add);
        }
    }

    /** No measuring again on an unsteady machine, so the jobs are numbered the same on a busy one. */
    private TuneOptions options() {
        return TuneOptions.defaults(dir.resolve("cache")).toBuilder().buildThreads(2).unsteadyRetries(0).build();
    }

    private static Target.Ssh target() {
        return new Target.Ssh("test", "here", 0);
    }

    @Test
    void aRemoteTargetRecordsWhatThisMachineRecordsButTimingAndInstance() throws Exception {
        Project project = ProjectFile.load(project());
        var local = tune(project, dir.resolve("local.jsonl"), new LocalExecutor(project, options()), new ArrayList<>());
        var shell = new ShellHere(dir.resolve("home"), 0);
        var remote = tune(project, dir.resolve("remote.jsonl"), new LocalExecutor(project, options(), target(), shell), new ArrayList<>());

        assertThat(remote).extracting(TuningRecord::status).containsExactly(Status.OK, Status.WRONG_RESULT, Status.COMPILE_ERROR, Status.OK);
        assertThat(remote).map(RemoteTargetTest::measuredTheSameWay).isEqualTo(local.stream().map(RemoteTargetTest::measuredTheSameWay).toList());
        assertThat(remote.getFirst().identity().instance()).endsWith(" via ssh://test@here").isNotEqualTo(local.getFirst().identity().instance());
        assertThat(remote.getFirst().samplesUs()).hasSize(3);
        // Built there: the reference and the three configs that compile, each once, in the target's own cache.
        try (Stream<Path> builds = Files.list(dir.resolve("home/tuning-workbench/on-target/builds"))) {
            assertThat(builds.filter(b -> Files.isExecutable(b.resolve("variant")))).hasSize(4);
        }
    }

    @Test
    void aTrialLostOnItsWayBackIsRecordedAsLostTheRunGoesOnAndResumeMeasuresItAgain() throws Exception {
        Project project = ProjectFile.load(project());
        Path records = dir.resolve("records.jsonl");
        // Measuring job 1 is the golden reference; job 3 is the second config's.
        var first = tune(project, records, new LocalExecutor(project, options(), target(), new ShellHere(dir.resolve("home"), 3)), new ArrayList<>());
        assertThat(first).extracting(TuningRecord::status).containsExactly(Status.OK, Status.LOST, Status.COMPILE_ERROR, Status.OK);
        assertThat(first.get(1).error()).isEqualTo("lost the connection to ssh://test@here: Connection reset by peer");

        var events = new ArrayList<TuningEvent>();
        var again = tune(project, records, new LocalExecutor(project, options(), target(), new ShellHere(dir.resolve("home"), 0)), events);
        assertThat(again).extracting(TuningRecord::status).contains(Status.WRONG_RESULT).doesNotContain(Status.LOST);
        assertThat(events.stream().filter(e -> e instanceof TuningEvent.Finished f && !f.resumed()).map(e -> ((TuningEvent.Finished) e).record().config()))
                .containsExactly(Map.of("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * 3.0f;"));
    }

    @Test
    void aDamagedAnswerIsALostTrialNotTheEndOfTheRun() throws Exception {
        Project project = ProjectFile.load(project());
        // Measuring job 3 (the second config's) answers with an exit code that is not a number.
        var shell = new ShellHere(dir.resolve("home"), 0) {
            @Override
            public Optional<MeasurementFile> run(String script, Path jobDir, Duration limit, boolean exclusive, ChildProcess process)
                    throws IOException, InterruptedException {
                var answer = super.run(script, jobDir, limit, exclusive, process);
                if (!exclusive || measurements.get() != 3 || answer.isEmpty()) return answer;
                var damaged = new java.util.LinkedHashMap<>(answer.get().entries());
                damaged.put("exit", "lots".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                return Optional.of(new MeasurementFile(damaged));
            }
        };
        var records = tune(project, dir.resolve("records.jsonl"), new LocalExecutor(project, options(), target(), shell), new ArrayList<>());
        assertThat(records).extracting(TuningRecord::status).containsExactly(Status.OK, Status.LOST, Status.COMPILE_ERROR, Status.OK);
        assertThat(records.get(1).error()).isEqualTo("the answer's `exit` is not a number: lots");
    }

    @Test
    void severalTargetsOfOneKindMeasureDifferentConfigsAtOnceEachRecordNamingItsInstance() throws Exception {
        Project project = ProjectFile.load(project());
        var local = tune(project, dir.resolve("local.jsonl"), new LocalExecutor(project, options()), new ArrayList<>());
        var targets = List.<Executor>of(new LocalExecutor(project, options(), target(), new ShellHere(dir.resolve("home-a"), 0, "ssh://test@a")),
                new LocalExecutor(project, options(), target(), new ShellHere(dir.resolve("home-b"), 0, "ssh://test@b")));
        var both = tune(project, dir.resolve("both.jsonl"), new SeveralTargets(targets, List.of("ssh://test@a", "ssh://test@b")), new ArrayList<>());

        java.util.function.Function<List<TuningRecord>, Map<Map<String, String>, List<Object>>> byConfig = records -> records.stream()
                .collect(java.util.stream.Collectors.toMap(TuningRecord::config, RemoteTargetTest::measuredTheSameWay));
        assertThat(byConfig.apply(both)).isEqualTo(byConfig.apply(local));
        assertThat(both).extracting(TuningRecord::trial).containsExactlyInAnyOrder(1, 2, 3, 4);
        // The first two configs start at once, one on each target.
        assertThat(both.stream().filter(r -> r.status() != Status.COMPILE_ERROR).map(r -> r.identity().instance().replaceAll(".* via ", "")))
                .contains("ssh://test@a", "ssh://test@b");
    }

    @Test
    void targetsOfDifferentKindsAreRefusedNamingEach() throws Exception {
        Project project = ProjectFile.load(project());
        var other = new FakeExecutor(c -> 1.0);
        var several = new SeveralTargets(List.of(new LocalExecutor(project, options()), other), List.of("local", "ssh://other"));
        var error = org.assertj.core.api.Assertions.catchThrowableOfType(org.tuningworkbench.engine.exec.TuningException.class,
                () -> tune(project, dir.resolve("records.jsonl"), several, new ArrayList<>()));
        assertThat(error.getMessage()).contains("not all the same kind of machine").contains("ssh://other: fake device, fake");
    }
}
