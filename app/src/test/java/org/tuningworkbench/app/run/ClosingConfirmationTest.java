package org.tuningworkbench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.app.configs.BestClaim;
import org.tuningworkbench.app.configs.ConfigGridViewModel;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.JudgedStatus;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Confirmation;

/** What the grid and the closing message make of a confirmation: its best, each config's share of it, what it found. */
class ClosingConfirmationTest {

    private final ConfigGridViewModel grid = new ConfigGridViewModel();

    private static TuningRecord record(String unroll, double median) {
        return TuningRecord.builder().trial(1).time("t").project("p").config(Map.of("UNROLL", unroll)).status(Status.OK)
                .statistics(new TuningRecord.Statistics(median, median, median, median, 0.0, 0.0, false, null, null)).build();
    }

    private static Confirmation.Entry entry(String unroll, double original, double confirmed, int originalRank, int confirmedRank) {
        var figures = ConfirmedFigures.of("t", Objective.TIME, confirmedRank, originalRank, 3, List.of(confirmed, confirmed, confirmed),
                List.of(confirmed, confirmed, confirmed), confirmed, confirmed);
        return new Confirmation.Entry("UNROLL=" + unroll, record(unroll, original).confirmed(figures));
    }

    /** Three configs the search measured at 10, 11 and 12 µs, and a fourth at 30 µs, not among the best three. */
    @BeforeEach
    void searched() {
        grid.setRows(List.of(Map.of("UNROLL", "1"), Map.of("UNROLL", "2"), Map.of("UNROLL", "4"), Map.of("UNROLL", "8")));
        String[] unroll = {"1", "2", "4", "8"};
        double[] median = {10, 11, 12, 30};
        for (int i = 0; i < 4; i++) grid.rows().get(i).setRecord(record(unroll[i], median[i]), "");
        grid.updateRanking();
    }

    @Test
    void whenTheBestChangedTheBestIsTheOneMeasuredFastestAgainAndTheMessageNamesBoth() {
        assertThat(grid.numberOf(grid.best())).isEqualTo(1);
        var result = new Confirmation.Result(List.of(entry("1", 10, 14, 1, 3), entry("2", 11, 9, 2, 1), entry("4", 12, 13, 3, 2)), 3, false, false, 27, 0);
        grid.confirm(result);
        ConfigRow best = grid.best();
        assertThat(grid.numberOf(best)).isEqualTo(2);
        assertThat(best.isBest()).isTrue();
        assertThat(grid.rows().get(0).isBest()).isFalse();
        assertThat(grid.bestCaveatProperty().get()).isEmpty();
        ConfigRow first = grid.rows().get(0);
        assertThat(first.state()).startsWith("ok · confirmed #3").isEqualTo(JudgedStatus.of(first.record()).text());
        assertThat(grid.rows().get(3).confirmation()).isNull();
        // Shares of the confirmed best: the confirmed figures of those measured again, the search's of the others.
        assertThat(grid.shareOf(first)).isCloseTo(9.0 / 14, Offset.offset(1e-12));
        assertThat(grid.shareOf(grid.rows().get(3))).isCloseTo(9.0 / 30, Offset.offset(1e-12));
        // Each row stands at the figure its share is of: the confirmed median where it was measured again, else its record's.
        for (ConfigRow row : grid.rows()) {
            if (row.record() == null || !row.record().ok()) continue;
            assertThat(grid.shareOf(row)).as("No." + grid.numberOf(row)).isCloseTo(best.standingMedianUs() / row.standingMedianUs(), Offset.offset(1e-12));
        }
        assertThat(first.standingMedianUs()).isEqualTo(14.0);
        assertThat(grid.rows().get(3).standingMedianUs()).isEqualTo(grid.rows().get(3).record().medianUs());
        if (first.record().gflops() != null) {
            assertThat(first.standingRate(TuningRecord::gflops)).isCloseTo(first.record().gflops() * first.record().medianUs() / 14.0, Offset.offset(1e-9));
        }
        assertThat(grid.confirmedFigures()).containsExactlyInAnyOrderEntriesOf(Map.of(1, 14.0, 2, 9.0, 3, 13.0));
        assertThat(ClosingConfirmation.found(result, grid)).isEqualTo("the best 3 measured again in 3 rounds: No.2 measured fastest, not No.1");
        assertThat(BestClaim.of(grid)).isEqualTo(new BestClaim("best No.2 at 9.000 µs confirmed", true));
    }

    @Test
    void aGridShownFromTheRecordsAConfirmationWroteRanksAndMarksAsTheLiveGridDid() {
        var result = new Confirmation.Result(List.of(entry("1", 10, 14, 1, 3), entry("2", 11, 9, 2, 1), entry("4", 12, 13, 3, 2)), 3, false, false, 27, 0);
        grid.confirm(result);
        // The project opened again: its rows get the records as the record file gives them, the confirmed copies among them.
        var reopened = new ConfigGridViewModel();
        reopened.setRows(grid.rows().stream().map(ConfigRow::currentValues).toList());
        List<TuningRecord> recorded = result.over(grid.rows().stream().map(r -> r.record().unconfirmed()).toList());
        for (int i = 0; i < recorded.size(); i++) reopened.rows().get(i).setRecord(recorded.get(i), "");
        reopened.updateRanking();
        assertThat(reopened.numberOf(reopened.best())).isEqualTo(grid.numberOf(grid.best())).isEqualTo(2);
        for (int i = 0; i < grid.rows().size(); i++) {
            ConfigRow live = grid.rows().get(i);
            ConfigRow again = reopened.rows().get(i);
            assertThat(again.state()).isEqualTo(live.state());
            assertThat(again.isBest()).isEqualTo(live.isBest());
            assertThat(reopened.shareOf(again)).isEqualTo(grid.shareOf(live));
        }
        assertThat(reopened.confirmedFigures()).isEqualTo(grid.confirmedFigures());
        assertThat(BestClaim.of(reopened)).isEqualTo(BestClaim.of(grid));
    }

    @Test
    void aRunThatResumedEveryConfigAndConfirmedNothingEndsWithTheEarlierConfirmationStandingAsTheRecordFileRanks() {
        // The run's records as the tuner ends with them: the earlier confirmation stands, nothing having been written after it.
        List<TuningRecord> ended = List.of(entry("1", 10, 14, 1, 3).record(), entry("2", 11, 9, 2, 1).record(), entry("4", 12, 13, 3, 2).record(),
                record("8", 30));
        var closing = new ClosingConfirmation();
        closing.start(null);
        assertThat(closing.ended(grid, ended)).isEqualTo("the earlier confirmation of the best 3 stands");
        assertThat(grid.numberOf(grid.best())).isEqualTo(2);
        assertThat(grid.confirmedFigures()).containsExactlyInAnyOrderEntriesOf(Map.of(1, 14.0, 2, 9.0, 3, 13.0));
    }

    @Test
    void whenTheRankingHeldTheMessageSaysSoAndTheBestStays() {
        var result = new Confirmation.Result(List.of(entry("1", 10, 10.5, 1, 1), entry("2", 11, 11.5, 2, 2), entry("4", 12, 12.5, 3, 3)), 3, true, true, 27, 0);
        grid.confirm(result);
        assertThat(grid.numberOf(grid.best())).isEqualTo(1);
        assertThat(ClosingConfirmation.found(result, grid)).isEqualTo("the best 3 measured again in 3 rounds: the ranking held");
        var below = new Confirmation.Result(List.of(entry("1", 10, 10.5, 1, 1), entry("2", 11, 12.5, 2, 3), entry("4", 12, 11.5, 3, 2)), 1, false, true, 9, 0);
        assertThat(ClosingConfirmation.found(below, grid)).isEqualTo("the best 3 measured again in 1 round: the best held, the order below it changed");
    }

    @Test
    void aConfigMeasuredAgainWhileItsTrialWaitedToJoinTheGridJoinsMarked() {
        // A search's trial joins the grid at a pace: its row waits, with its record, when the confirmation ends.
        var waiting = grid.rowForTrial(new Config(Map.of("UNROLL", "16")));
        waiting.setRecord(record("16", 9.5), "");
        assertThat(grid.rows()).doesNotContain(waiting);
        grid.confirm(new Confirmation.Result(List.of(entry("16", 9.5, 9.0, 1, 1), entry("1", 10, 14, 2, 2)), 3, true, true, 18, 0));
        assertThat(grid.rows()).contains(waiting);
        assertThat(waiting.confirmation()).isNotNull();
        assertThat(grid.best()).isSameAs(waiting);
    }

    @Test
    void clearedResultsTakeTheConfirmationAway() {
        grid.confirm(new Confirmation.Result(List.of(entry("1", 10, 14, 1, 2), entry("2", 11, 9, 2, 1)), 3, false, false, 18, 0));
        assertThat(grid.numberOf(grid.best())).isEqualTo(2);
        grid.clearResults();
        assertThat(grid.rows()).allMatch(r -> r.confirmation() == null);
        assertThat(grid.confirmedFigures()).isEmpty();
        assertThat(grid.best()).isNull();
    }
}
