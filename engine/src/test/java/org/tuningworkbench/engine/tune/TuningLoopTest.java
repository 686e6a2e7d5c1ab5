package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.exec.FakeExecutor;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.Candidates;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.project.SearchSettings;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.LatestRun;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.search.Budget;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.space.SearchSpace;
import org.tuningworkbench.fixtures.TestProject;

/** The loop with a fake executor: what is asked, measured, recorded and reported, without a compiler. */
class TuningLoopTest {

    @TempDir
    Path dir;

    private Project base;
    private final SearchSpace space = SearchSpace.of(List.of(Parameter.of("A", List.of(1L, 2L, 3L, 4L, 5L)), Parameter.of("B", List.of(1L, 2L, 3L, 4L))));

    @BeforeEach
    void project() throws Exception {
        Files.writeString(dir.resolve("scale.c"), TestProject.SCALE_KERNEL);
        Path file = dir.resolve("project.toml");
        Files.writeString(file, TestProject.scaleProject(""));
        base = ProjectFile.load(file);
    }

    /** {@code project} with the test's space beside its listed configs. */
    private Project withSpace(Project project) {
        return project.withCandidates(new Candidates(project.candidates().listed(), Optional.of(space)));
    }

    private static double latency(Config c) {
        return 10 + Integer.parseInt(c.values().get("A")) * 3 + Integer.parseInt(c.values().get("B"));
    }

    private record Run(List<TuningRecord> records, List<TuningEvent> events, FakeExecutor executor) {}

    private Run run(Project project, TuneOptions options, FakeExecutor executor) throws Exception {
        var events = new ArrayList<TuningEvent>();
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            var records = new Tuner(project, options, executor).run(file, events::add);
            return new Run(records, events, executor);
        }
    }

    private TuneOptions options() {
        return TuneOptions.defaults(dir.resolve("cache"));
    }

    @Test
    void aSearchMeasuresItsBudgetOfDistinctValidConfigsAsNumberedTrials() throws Exception {
        Project project = withSpace(base).withSearch(new SearchSettings("random", 3, Budget.trials(6)));
        Run run = run(project, options(), new FakeExecutor(TuningLoopTest::latency));
        assertThat(run.records()).hasSize(6);
        assertThat(run.records()).extracting(TuningRecord::trial).containsExactly(1, 2, 3, 4, 5, 6);
        assertThat(run.records()).extracting(TuningRecord::strategy).containsOnly("random");
        assertThat(run.records()).extracting(TuningRecord::seed).containsOnly(3L);
        assertThat(run.records().stream().map(TuningRecord::runId).distinct()).hasSize(1);
        assertThat(new HashSet<>(run.executor().measured)).hasSize(6);
        assertThat(run.executor().measured).allSatisfy(c -> assertThat(space.contains(c)).isTrue());
        assertThat(run.executor().prepared).containsAll(run.executor().measured);
        assertThat(RecordFile.read(dir.resolve("records.jsonl"))).isEqualTo(run.records());
        var started = (TuningEvent.Started) run.events().getFirst();
        assertThat(started.planned()).isEqualTo(6);
        assertThat(started.space()).isEqualTo("20 configs");
    }

    @Test
    void theSameSeedProposesTheSameTrials() throws Exception {
        Project project = withSpace(base).withSearch(new SearchSettings("random", 11, Budget.trials(8)));
        var first = run(project, options().toBuilder().resume(false).build(), new FakeExecutor(TuningLoopTest::latency)).executor().measured;
        var second = run(project, options().toBuilder().resume(false).build(), new FakeExecutor(TuningLoopTest::latency)).executor().measured;
        var other = run(project.withSearch(new SearchSettings("random", 12, Budget.trials(8))), options().toBuilder().resume(false).build(),
                new FakeExecutor(TuningLoopTest::latency)).executor().measured;
        assertThat(second).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }

    @Test
    void aResumedSearchIsToldItsRecordsFirstAndMoreRunsOnlyNewTrials() throws Exception {
        Project project = withSpace(base).withSearch(new SearchSettings("random", 5, Budget.trials(5)));
        Run first = run(project, options(), new FakeExecutor(TuningLoopTest::latency));
        Run more = run(project, options().toBuilder().moreTrials(4).build(), new FakeExecutor(TuningLoopTest::latency));
        assertThat(more.executor().measured).hasSize(4).doesNotContainAnyElementsOf(first.executor().measured);
        assertThat(more.records()).hasSize(9);
        assertThat(more.records().subList(0, 5)).isEqualTo(first.records());
        var resumed = more.events().stream().filter(e -> e instanceof TuningEvent.Finished f && f.resumed()).count();
        assertThat(resumed).isEqualTo(5);
        // Without --more, the budget is already spent: nothing is measured.
        Run again = run(project, options(), new FakeExecutor(TuningLoopTest::latency));
        assertThat(again.executor().measured).isEmpty();
        assertThat(again.records()).hasSize(9);
    }

    @Test
    void listedConfigsAreKnownByTheirValuesNotTheirPlaceSoReorderingMeasuresOnlyWhatIsNew() throws Exception {
        Config a = new Config(Map.of("A", "1", "B", "1"));
        Config b = new Config(Map.of("A", "2", "B", "1"));
        Config c = new Config(Map.of("A", "3", "B", "1"));
        Config d = new Config(Map.of("A", "4", "B", "1"));
        run(base.withCandidates(Candidates.listed(List.of(a, b, c))), options(), new FakeExecutor(TuningLoopTest::latency));
        Run reordered = run(base.withCandidates(Candidates.listed(List.of(c, d, a, b))), options(), new FakeExecutor(TuningLoopTest::latency));
        assertThat(reordered.executor().measured).containsExactly(d);
        var finished = reordered.events().stream().filter(e -> e instanceof TuningEvent.Finished).map(e -> (TuningEvent.Finished) e).toList();
        assertThat(finished).extracting(f -> f.trial().number()).containsExactly(1, 2, 3, 4);
        assertThat(finished.getLast().trial().config()).isEqualTo(d);
        assertThat(finished.getLast().resumed()).isFalse();
        assertThat(Ranking.of(reordered.records()).best().orElseThrow().configValues()).isEqualTo(a);
    }

    @Test
    void aRunThatResumesEveryConfigRanksAsTheRecordFileDoesByTheConfirmationThatStillStands() throws Exception {
        Config a = new Config(Map.of("A", "1", "B", "1"));
        Config b = new Config(Map.of("A", "2", "B", "1"));
        Config c = new Config(Map.of("A", "3", "B", "1"));
        Project listed = base.withCandidates(Candidates.listed(List.of(a, b, c)));
        Run first = run(listed, options(), new FakeExecutor(TuningLoopTest::latency));
        // The earlier run's confirmation measured c fastest again, then b: the records it appended stand for them.
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            for (TuningRecord r : first.records()) {
                int rank = r.configValues().equals(c) ? 1 : r.configValues().equals(b) ? 2 : 0;
                if (rank > 0) file.append(r.confirmed(ConfirmedFigures.of("2026-01-01T00:00:00Z", Objective.TIME, rank, 3 - rank, 2,
                        List.of(10.0 * rank), List.of(10.0 * rank), 10.0 * rank, 10.0 * rank)));
            }
        }
        Run resumed = run(listed, options(), new FakeExecutor(TuningLoopTest::latency));
        assertThat(resumed.executor().measured).isEmpty();
        assertThat(Ranking.of(resumed.records()).best().orElseThrow().configValues()).isEqualTo(c);
        assertThat(resumed.events().getLast()).isInstanceOfSatisfying(TuningEvent.Completed.class, done ->
                assertThat(Ranking.of(done.records()).ordered()).extracting(TuningRecord::configValues).containsExactly(c, b, a));
        assertThat(Ranking.of(LatestRun.of(records()).configs()).ordered()).extracting(TuningRecord::configValues).containsExactly(c, b, a);
        // A run that measures a new config writes after the confirmation: it no longer stands, for the run as for the file.
        Config d = new Config(Map.of("A", "4", "B", "1"));
        Run more = run(base.withCandidates(Candidates.listed(List.of(a, b, c, d))), options(), new FakeExecutor(TuningLoopTest::latency));
        assertThat(more.executor().measured).containsExactly(d);
        assertThat(Ranking.of(more.records()).ordered()).extracting(TuningRecord::configValues).containsExactly(a, b, c, d);
        assertThat(Ranking.of(LatestRun.of(records()).configs()).ordered()).extracting(TuningRecord::configValues).containsExactly(a, b, c, d);
    }

    private List<TuningRecord> records() throws Exception {
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            return file.records();
        }
    }

    @Test
    void pinnedConfigsComeFirstAndTheSearchNeverProposesThemAgain() throws Exception {
        Config pinned = new Config(Map.of("A", "5", "B", "4"));
        Project project = base.withCandidates(new Candidates(List.of(pinned), Optional.of(space)))
                .withSearch(new SearchSettings("random", 1, Budget.trials(20)));
        Run run = run(project, options().toBuilder().resume(false).build(), new FakeExecutor(TuningLoopTest::latency));
        assertThat(run.executor().measured.getFirst()).isEqualTo(pinned);
        assertThat(run.executor().measured).hasSize(20).doesNotHaveDuplicates();
    }

    @Test
    void stopKeepsWhatWasMeasuredAndSaysTheRunWasStopped() throws Exception {
        Project project = withSpace(base);
        Run run = run(project, options(), new FakeExecutor(TuningLoopTest::latency).stoppingAfter(3));
        assertThat(run.records()).hasSize(3);
        assertThat(RecordFile.read(dir.resolve("records.jsonl"))).hasSize(3);
        var completed = (TuningEvent.Completed) run.events().getLast();
        assertThat(completed.records()).hasSize(3);
    }

    @Test
    void aFailedConfigIsRecordedAndTheOthersGoOn() throws Exception {
        Project project = withSpace(base);
        Run run = run(project, options(), new FakeExecutor(c -> c.values().get("A").equals("2") ? Double.NaN : latency(c)));
        assertThat(run.records()).hasSize(20);
        assertThat(run.records().stream().filter(r -> !r.ok())).hasSize(4);
        assertThat(Ranking.of(run.records()).best().orElseThrow().config()).isEqualTo(Map.of("A", "1", "B", "1"));
    }
}
