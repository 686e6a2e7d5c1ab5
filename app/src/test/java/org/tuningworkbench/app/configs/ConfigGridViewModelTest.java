package org.tuningworkbench.app.configs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.configs.ConfigFormat;
import org.tuningworkbench.engine.configs.ConfigFormatException;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.fixtures.TinyProject;

class ConfigGridViewModelTest {

    private final ConfigGridViewModel grid = new ConfigGridViewModel();

    @BeforeEach
    void source() {
        TunableSource source = TunableSource.parse(Path.of("scale.c"), TinyProject.KERNEL);
        grid.sourceProperty().set(source);
        grid.parameters().setAll(source.parameters().keySet());
    }

    @Test
    void emptyValuesAndValuesTheMarkerCannotTakeAreFlagged() {
        ConfigRow row = grid.add();
        assertThat(row.values()).containsEntry("UNROLL", "1").containsEntry("SPIN", "0");
        assertThat(grid.problem(row, "UNROLL")).isNull();
        grid.setValue(row, "UNROLL", "");
        grid.setValue(row, "SPIN", "4; int x = 1");
        assertThat(grid.problem(row, "UNROLL")).isEqualTo("is empty");
        assertThat(grid.problem(row, "SPIN")).contains(";");
        assertThat(grid.problems()).hasSize(2);
    }

    @Test
    void aConfigThatLeavesAParameterOutKeepsTheSourceValueAndIsNotFlagged() {
        grid.setRows(List.of(Map.of("UNROLL", "4")));
        ConfigRow row = grid.rows().getFirst();
        assertThat(grid.problem(row, "SPIN")).isNull();
        assertThat(grid.sourceValue("SPIN")).isEqualTo("0");
        assertThat(grid.configs().getFirst().values()).containsOnlyKeys("UNROLL");
        grid.keepSourceValue(row, "UNROLL");
        assertThat(grid.configs().getFirst().values()).isEmpty();
    }

    @Test
    void aValueOfAParameterTheSourceDoesNotDeclareStaysInTheConfigForTheEngineToRefuse() {
        // Left out, the config would be measured as the source as written and recorded under the listed config's row.
        grid.setRows(List.of(new java.util.LinkedHashMap<>(Map.of("NOPE", "3")), Map.of("UNROLL", "4")));
        assertThat(grid.configs().get(0).values()).containsExactly(Map.entry("NOPE", "3"));
        assertThat(grid.configs().get(1).values()).containsExactly(Map.entry("UNROLL", "4"));
        assertThat(grid.rowOf(grid.configs().get(0))).containsSame(grid.rows().getFirst());
        assertThat(grid.rowOf(new org.tuningworkbench.engine.marker.Config(Map.of()))).isEmpty();
    }

    @Test
    void theCountOfRowsSaysConfigForOne() {
        grid.add();
        assertThat(grid.countText(1)).isEqualTo("1 config");
        grid.add();
        assertThat(grid.countText(2)).isEqualTo("2 configs");
        assertThat(grid.countText(1)).isEqualTo("1 of 2 configs (brushed)");
    }

    @Test
    void rowsAreAddedDuplicatedMovedAndDeletedInConfigOrder() {
        ConfigRow first = grid.add();
        grid.setValue(first, "UNROLL", "2");
        ConfigRow copy = grid.duplicate(first);
        grid.setValue(copy, "UNROLL", "4");
        grid.move(copy, -1);
        assertThat(grid.configs()).extracting(c -> c.values().get("UNROLL")).containsExactly("4", "2");
        assertThat(grid.numberOf(copy)).isEqualTo(1);
        grid.delete(List.of(copy));
        assertThat(grid.rows()).containsExactly(first);
    }

    @Test
    void everyGridEditIsUndoneAndRedoneWithTheResultsItTookAway() throws ConfigFormatException {
        grid.setRows(List.of(Map.of("UNROLL", "1", "SPIN", "0"), Map.of("UNROLL", "2", "SPIN", "0")));
        ConfigRow first = grid.rows().get(0);
        ConfigRow second = grid.rows().get(1);
        first.setRecord(record(Status.OK, 10.0), "");
        second.setRecord(record(Status.OK, 20.0), "");
        grid.updateRanking();
        var history = grid.history();
        assertThat(history.canUndo()).as("opening rows is not an edit").isFalse();

        grid.setValue(first, "UNROLL", "8");
        assertThat(first.record()).as("a result for other values is cleared").isNull();
        assertThat(grid.best()).isSameAs(second);
        grid.delete(List.of(second));
        assertThat(history.undoNameProperty().get()).isEqualTo("Delete Config");
        grid.paste("4\t0\n");
        grid.generate(Map.of("UNROLL", "16\n32", "SPIN", "0"));
        assertThat(grid.rows()).hasSize(4);

        history.undo();
        history.undo();
        assertThat(grid.rows()).containsExactly(first);
        history.undo();
        assertThat(grid.rows()).containsExactly(first, second);
        assertThat(second.record().medianUs()).isEqualTo(20.0);
        history.undo();
        assertThat(first.values()).containsEntry("UNROLL", "1");
        assertThat(first.record().medianUs()).as("undo brings the result back with its values").isEqualTo(10.0);
        assertThat(grid.best()).isSameAs(first);
        assertThat(history.canUndo()).isFalse();

        history.redo();
        assertThat(first.values()).containsEntry("UNROLL", "8");
        assertThat(first.record()).isNull();
        grid.move(second, -1);
        assertThat(history.canRedo()).as("a new edit ends what could be redone").isFalse();
        history.undo();
        assertThat(grid.rows()).containsExactly(first, second);
    }

    @Test
    void pastedAndGeneratedRowsAreAppended() throws ConfigFormatException {
        assertThat(grid.paste("1\t0\n2\t10\n")).isEqualTo(2);
        // UNROLL = 1, SPIN = 0 is the first pasted row already: generated again it would be a duplicate.
        assertThat(grid.generate(Map.of("UNROLL", "1\n2\n4", "SPIN", "0"))).isEqualTo(2);
        assertThat(grid.rows()).hasSize(4);
        assertThat(grid.rows().get(1).values()).containsEntry("SPIN", "10");
        assertThat(grid.generate(Map.of("UNROLL", "2\n4", "SPIN", "0"))).as("every combination is in the grid").isZero();
        assertThat(grid.rows()).hasSize(4);
    }

    @Test
    void aNamedConfigKeepsItsNameApartFromItsValuesThroughImportRunAndExport() throws ConfigFormatException {
        assertThat(grid.anyNamed()).isFalse();
        grid.importList("[{'name': 'cpp_packed_gemm_0', 'UNROLL': '4'}, {'UNROLL': '8'}]", ConfigFormat.VENDOR);
        assertThat(grid.anyNamed()).isTrue();
        ConfigRow named = grid.rows().getFirst();
        assertThat(named.name()).isEqualTo("cpp_packed_gemm_0");
        assertThat(named.values()).containsOnlyKeys("UNROLL");
        assertThat(grid.configs().getFirst().name()).isEqualTo("cpp_packed_gemm_0");
        assertThat(grid.configs().getFirst().values()).containsOnlyKeys("UNROLL");
        assertThat(grid.rowValues().getFirst()).containsExactly(Map.entry("name", "cpp_packed_gemm_0"), Map.entry("UNROLL", "4"));
        assertThat(grid.exportText(ConfigFormat.CSV)).startsWith("name,UNROLL,SPIN\ncpp_packed_gemm_0,4,\n,8,");
        grid.setName(named, " ");
        assertThat(grid.anyNamed()).isFalse();
    }

    @Test
    void listsRoundTripThroughEveryFormat() throws ConfigFormatException {
        grid.setRows(List.of(TinyProject.config("1", "0"), TinyProject.config("8", "5")));
        for (ConfigFormat format : ConfigFormat.values()) {
            String text = grid.exportText(format);
            var other = new ConfigGridViewModel();
            other.importList(text, format);
            assertThat(other.rows()).extracting(ConfigRow::values).as(format.label()).containsExactlyElementsOf(
                    grid.rows().stream().map(ConfigRow::values).toList());
        }
        assertThatThrownBy(() -> grid.importList("[{'UNROLL': }]", ConfigFormat.VENDOR)).isInstanceOf(ConfigFormatException.class);
    }

    @Test
    void withAMetricAsTheObjectiveTheRowHighestByItIsTheBestAndItIsAColumn() {
        grid.setRows(List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0"), TinyProject.config("3", "0")));
        grid.rows().get(0).setRecord(withGflops(record(Status.OK, 10.0), 2.0), "");
        grid.rows().get(1).setRecord(withGflops(record(Status.OK, 20.0), 8.0), "");
        grid.rows().get(2).setRecord(record(Status.OK, 5.0), "");
        grid.setObjective(new Objective("GFLOP/s", true), List.of("GFLOP/s"));
        assertThat(grid.metrics()).containsExactly("GFLOP/s");
        assertThat(grid.best()).isSameAs(grid.rows().get(1));
        assertThat(grid.shareOf(grid.rows().get(0))).isEqualTo(0.25);
        // Measured, but without the metric: no share of a best chosen by it.
        assertThat(grid.shareOf(grid.rows().get(2))).isNull();
        grid.setObjective(Objective.TIME, List.of());
        assertThat(grid.best()).isSameAs(grid.rows().get(2));
    }

    private static TuningRecord withGflops(TuningRecord r, double gflops) {
        var s = r.statistics();
        return TuningRecord.builder().runId(r.runId()).trial(r.trial()).time(r.time()).project(r.project()).config(r.config()).outcome(r.outcome())
                .statistics(s.withMetrics(Map.of("GFLOP/s", gflops)))
                .build();
    }

    @Test
    void theFastestSuccessfulRowIsTheBest() {
        grid.setRows(List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0"), TinyProject.config("x", "0")));
        grid.rows().get(0).setRecord(record(Status.OK, 20.0), "");
        grid.rows().get(1).setRecord(record(Status.OK, 10.0), "");
        grid.rows().get(2).setRecord(record(Status.COMPILE_ERROR, null), "");
        grid.updateRanking();
        assertThat(grid.best()).isSameAs(grid.rows().get(1));
        assertThat(grid.rows().get(1).bestProperty().get()).isTrue();
        assertThat(grid.shareOf(grid.rows().get(0))).isEqualTo(0.5);
        assertThat(grid.shareOf(grid.rows().get(2))).isNull();
    }

    @Test
    void rankingTheRowsThatJustFinishedGivesWhatRankingEveryRowGives() {
        var values = new java.util.ArrayList<Map<String, String>>();
        for (int i = 0; i < 12; i++) values.add(Map.of("UNROLL", Integer.toString(i + 1)));
        grid.setRows(values);
        double[] medians = {30, 12, 40, 12, 9, 9, 50, 8.5, 60, 70, 8.5, 100};
        for (int from = 0; from < 12; from += 4) {
            var batch = grid.rows().subList(from, from + 4);
            for (int i = from; i < from + 4; i++) {
                grid.rows().get(i).setRecord(i == 9 ? record(Status.COMPILE_ERROR, null) : record(Status.OK, medians[i]), "");
            }
            grid.rank(List.copyOf(batch));
            var incremental = grid.best();
            var shares = grid.rows().stream().map(grid::shareOf).toList();
            var bests = grid.rows().stream().map(r -> r.bestProperty().get()).toList();
            String caveat = grid.bestCaveatProperty().get();
            grid.updateRanking();
            assertThat(incremental).as("best after row %d", from + 4).isSameAs(grid.best());
            assertThat(shares).isEqualTo(grid.rows().stream().map(grid::shareOf).toList());
            assertThat(bests).isEqualTo(grid.rows().stream().map(r -> r.bestProperty().get()).toList());
            assertThat(caveat).isEqualTo(grid.bestCaveatProperty().get());
        }
        // Two as fast: the one higher in the grid is the best.
        assertThat(grid.best()).isSameAs(grid.rows().get(7));
        assertThat(grid.numberOf(grid.best())).isEqualTo(8);
    }

    @Test
    void editingARowsValuesClearsTheResultMeasuredForTheOldOnes() {
        grid.setRows(List.of(Map.of("UNROLL", "2"), Map.of("UNROLL", "4")));
        grid.rows().get(0).setRecord(record(Status.OK, 10.0), "");
        grid.rows().get(1).setRecord(record(Status.OK, 20.0), "");
        grid.updateRanking();
        assertThat(grid.best()).isSameAs(grid.rows().get(0));
        grid.setValue(grid.rows().get(0), "UNROLL", "2");
        assertThat(grid.rows().get(0).record()).isNotNull();
        grid.setValue(grid.rows().get(0), "UNROLL", "8");
        assertThat(grid.rows().get(0).record()).isNull();
        assertThat(grid.rows().get(0).stateProperty().get()).isEmpty();
        assertThat(grid.best()).isSameAs(grid.rows().get(1));
    }

    @Test
    void resultsFindTheirRowByValuesAndASearchsTrialsJoinAsTrialRows() {
        grid.setRows(List.of(Map.of("UNROLL", "2"), Map.of("UNROLL", "4")));
        var four = new org.tuningworkbench.engine.marker.Config(Map.of("UNROLL", "4"));
        assertThat(grid.rowOf(four)).containsSame(grid.rows().get(1));
        ConfigRow trial = grid.rowForTrial(new org.tuningworkbench.engine.marker.Config(Map.of("UNROLL", "16")));
        assertThat(trial.listed()).isFalse();
        assertThat(grid.rows()).hasSize(2);
        assertThat(grid.rowForTrial(new org.tuningworkbench.engine.marker.Config(Map.of("UNROLL", "16")))).isSameAs(trial);
        grid.admitTrials();
        assertThat(grid.rows()).hasSize(3);
        assertThat(grid.numberOf(trial)).isEqualTo(3);
        assertThat(grid.configs()).hasSize(2);
        assertThat(grid.rowForTrial(four)).isSameAs(grid.rows().get(1));
        grid.removeTrials();
        assertThat(grid.rows()).hasSize(2);
        // The trial that left has no number, and a row put where it stood has that number.
        assertThat(grid.numberOf(trial)).isZero();
        ConfigRow added = grid.add();
        assertThat(grid.numberOf(added)).isEqualTo(3);
        assertThat(grid.numberOf(trial)).isZero();
    }

    @Test
    void trialsStreamingInJoinTheGridAtMostTwiceASecondWithTheNumbersTheyWillHave() {
        grid.setRows(List.of(Map.of("UNROLL", "2")));
        var changes = new java.util.concurrent.atomic.AtomicInteger();
        grid.rows().addListener((javafx.collections.ListChangeListener<ConfigRow>) c -> changes.incrementAndGet());
        long second = 1_000_000_000L;
        ConfigRow first = grid.rowForTrial(new org.tuningworkbench.engine.marker.Config(Map.of("UNROLL", "4")));
        grid.admitTrialsAtPace(10 * second);
        assertThat(grid.rows()).hasSize(2);
        assertThat(grid.numberOf(first)).isEqualTo(2);

        // A frame later: the trials wait, each with its number; a tenth of a second later they still wait.
        ConfigRow eight = grid.rowForTrial(new org.tuningworkbench.engine.marker.Config(Map.of("UNROLL", "8")));
        ConfigRow sixteen = grid.rowForTrial(new org.tuningworkbench.engine.marker.Config(Map.of("UNROLL", "16")));
        grid.admitTrialsAtPace(10 * second + second / 60);
        grid.admitTrialsAtPace(10 * second + second / 10);
        assertThat(grid.rows()).hasSize(2);
        assertThat(grid.numberOf(eight)).isEqualTo(3);
        assertThat(grid.numberOf(sixteen)).isEqualTo(4);
        assertThat(changes).hasValue(1);

        // Half a second after the last, they join in one change, with those numbers.
        grid.admitTrialsAtPace(10 * second + second / 2);
        assertThat(grid.rows()).containsExactly(grid.rows().get(0), first, eight, sixteen);
        assertThat(changes).hasValue(2);

        // A waiting trial asked for by its number (a click on a chart) joins at once.
        ConfigRow thirtyTwo = grid.rowForTrial(new org.tuningworkbench.engine.marker.Config(Map.of("UNROLL", "32")));
        assertThat(grid.row(5)).isSameAs(thirtyTwo);
        assertThat(grid.row(6)).isNull();
        assertThat(grid.row(0)).isNull();
        // Rows added by hand come after the waiting trials, whose numbers stay.
        ConfigRow sixtyFour = grid.rowForTrial(new org.tuningworkbench.engine.marker.Config(Map.of("UNROLL", "64")));
        ConfigRow added = grid.add();
        assertThat(grid.numberOf(sixtyFour)).isEqualTo(6);
        assertThat(grid.numberOf(added)).isEqualTo(7);
    }

    @Test
    void asManyWaitingTrialsAsJoinAtMostJoinWithoutWaitingForTheHalfSecond() {
        long second = 1_000_000_000L;
        grid.rowForTrial(new org.tuningworkbench.engine.marker.Config(Map.of("UNROLL", "1")));
        grid.admitTrialsAtPace(10 * second);
        assertThat(grid.rows()).hasSize(1);
        for (int i = 2; i < TrialAdmission.ADMIT_AT_MOST + 1; i++) {
            grid.rowForTrial(new org.tuningworkbench.engine.marker.Config(Map.of("UNROLL", Integer.toString(i))));
        }
        // A frame later, one fewer than the most that join at once: they wait.
        grid.admitTrialsAtPace(10 * second + second / 60);
        assertThat(grid.rows()).hasSize(1);
        // One more: they all join, in one change, a frame later still.
        ConfigRow last = grid.rowForTrial(new org.tuningworkbench.engine.marker.Config(Map.of("UNROLL", "last")));
        var changes = new java.util.concurrent.atomic.AtomicInteger();
        grid.rows().addListener((javafx.collections.ListChangeListener<ConfigRow>) c -> changes.incrementAndGet());
        grid.admitTrialsAtPace(10 * second + second / 30);
        assertThat(grid.rows()).hasSize(TrialAdmission.ADMIT_AT_MOST + 1);
        assertThat(grid.numberOf(last)).isEqualTo(TrialAdmission.ADMIT_AT_MOST + 1);
        assertThat(changes).hasValue(1);
    }

    @Test
    void theFirstTrialsOfAGridShowingNoneJoinAHundredAtATimeTheOthersKeepingTheirNumbers() {
        long second = 1_000_000_000L;
        var trials = new java.util.ArrayList<ConfigRow>();
        for (int i = 0; i < 1000; i++) trials.add(grid.rowForTrial(new org.tuningworkbench.engine.marker.Config(Map.of("UNROLL", Integer.toString(i)))));
        int listed = grid.rows().size();
        grid.admitTrialsAtPace(10 * second);
        // The table styles its rows for the first time in this frame: the first hundred join alone.
        assertThat(grid.rows()).hasSize(listed + TrialAdmission.FIRST_JOIN_AT_MOST);
        assertThat(grid.numberOf(trials.get(99))).isEqualTo(listed + 100);
        assertThat(grid.rows().get(listed + 99)).isSameAs(trials.get(99));
        // Those still waiting have the numbers they will have, and join at the next admission, all of them.
        assertThat(grid.numberOf(trials.get(100))).isEqualTo(listed + 101);
        assertThat(grid.numberOf(trials.getLast())).isEqualTo(listed + 1000);
        grid.admitTrialsAtPace(10 * second + second);
        assertThat(grid.rows()).hasSize(listed + 1000);
        assertThat(grid.rows().getLast()).isSameAs(trials.getLast());
    }

    @Test
    void theNumberingChangesWhenRowsMayHaveNewNumbersNotWhenRowsJoinAtTheEnd() {
        grid.setRows(List.of(Map.of("UNROLL", "2"), Map.of("UNROLL", "4")));
        ConfigRow second = grid.rows().get(1);
        int numbering = grid.numberingProperty().get();
        grid.rowForTrial(new org.tuningworkbench.engine.marker.Config(Map.of("UNROLL", "8")));
        grid.admitTrials();
        grid.add();
        assertThat(grid.numberingProperty().get()).isEqualTo(numbering);
        assertThat(grid.numberOf(second)).isEqualTo(2);

        grid.move(second, -1);
        assertThat(grid.numberingProperty().get()).isGreaterThan(numbering);
        assertThat(grid.numberOf(second)).isEqualTo(1);
        numbering = grid.numberingProperty().get();
        grid.delete(List.of(second));
        assertThat(grid.numberingProperty().get()).isGreaterThan(numbering);
        assertThat(grid.numberOf(grid.rows().getFirst())).isEqualTo(1);
    }

    @Test
    void thousandsOfTrialsLeaveTheGridInOneChange() {
        grid.setRows(List.of(Map.of("UNROLL", "2")));
        for (int i = 0; i < 5000; i++) grid.rowForTrial(new org.tuningworkbench.engine.marker.Config(Map.of("UNROLL", Integer.toString(100 + i))));
        grid.admitTrials();
        var changes = new java.util.concurrent.atomic.AtomicInteger();
        grid.rows().addListener((javafx.collections.ListChangeListener<ConfigRow>) c -> changes.incrementAndGet());
        grid.removeTrials();
        assertThat(grid.rows()).singleElement().satisfies(r -> assertThat(r.listed()).isTrue());
        assertThat(changes).hasValue(1);
    }

    @Test
    void aBestWithinTheNoiseOfTheRunnerUpIsNotCrowned() {
        grid.setRows(List.of(Map.of("UNROLL", "2"), Map.of("UNROLL", "4"), Map.of("UNROLL", "8")));
        grid.rows().get(0).setRecord(TuningRecord.of(Map.of("UNROLL", "2"), Status.OK, List.of(10.0, 10.6, 9.7, 10.4, 9.9)), "");
        grid.rows().get(1).setRecord(TuningRecord.of(Map.of("UNROLL", "4"), Status.OK, List.of(10.2, 9.8, 10.5, 10.1, 9.9)), "");
        grid.rows().get(2).setRecord(TuningRecord.of(Map.of("UNROLL", "8"), Status.OK, List.of(30.0, 30.1, 29.9, 30.2, 30.0)), "");
        grid.updateRanking();
        assertThat(grid.bestCaveatProperty().get()).matches("not distinguishable from No\\.[12], p = [01]\\.\\d+");
        grid.rows().get(1).setRecord(TuningRecord.of(Map.of("UNROLL", "4"), Status.OK, List.of(20.2, 19.8, 20.5, 20.1, 19.9)), "");
        grid.updateRanking();
        assertThat(grid.bestCaveatProperty().get()).isEmpty();
    }

    /**
     * The status bar once crowned a best whose runner-up racing had stopped after one sample, as if
     * racing's stop rule were a test: the best now says its runner-up was not tested.
     */
    @Test
    void aRunnerUpRacedOutOnOneSampleLeavesTheBestUntested() {
        grid.setRows(List.of(Map.of("UNROLL", "2"), Map.of("UNROLL", "4")));
        grid.rows().get(0).setRecord(TuningRecord.of(Map.of("UNROLL", "2"), Status.OK, List.of(10.0, 10.6, 9.7, 10.4, 9.9)), "");
        var oneSample = TuningRecord.of(Map.of("UNROLL", "4"), Status.OK, List.of(11.1));
        grid.rows().get(1).setRecord(oneSample, "");
        grid.updateRanking();
        assertThat(grid.bestCaveatProperty().get()).isEqualTo("No.2 rests on 1 sample, not tested");
        var t = oneSample.timing();
        var racedOut = TuningRecord.builder().trial(1).config(oneSample.config()).outcome(oneSample.outcome())
                .timing(t.withStop("raced out after 1 sample: its sample 11.10 µs is slower than the best's slowest sample (an outlier aside), 10.60 µs",
                        "interval"))
                .statistics(oneSample.statistics()).build();
        grid.rows().get(1).setRecord(racedOut, "");
        grid.updateRanking();
        assertThat(grid.bestCaveatProperty().get()).isEqualTo("No.2 raced out on 1 sample, not tested");
    }

    /** The status bar once crowned a best whose samples spread by 33%. */
    @Test
    void aNoisyBestIsNotCrowned() {
        grid.setRows(List.of(Map.of("UNROLL", "2"), Map.of("UNROLL", "4")));
        grid.rows().get(0).setRecord(TuningRecord.of(Map.of("UNROLL", "2"), Status.OK, List.of(6.0, 10.0, 14.0, 9.0, 16.0, 8.0, 7.0)), "");
        grid.rows().get(1).setRecord(TuningRecord.of(Map.of("UNROLL", "4"), Status.OK, List.of(40.0, 40.5, 41.0, 40.2, 40.1, 40.3, 40.4)), "");
        grid.updateRanking();
        assertThat(grid.bestCaveatProperty().get()).startsWith("noisy: CV ").doesNotContain("distinguishable");
    }

    static TuningRecord record(Status status, Double median) {
        return TuningRecord.builder().trial(1).time("t").project("p").config(Map.of()).status(status)
                .statistics(median == null ? null : new TuningRecord.Statistics(median, median, median, median, 0.0, 0.0, false, null, null)).build();
    }
}
