package org.tuningworkbench.app.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

class PlaybackViewModelTest {

    /** A clock the test moves by hand, in nanoseconds. */
    private long now = 1_000_000_000L;

    /** Lets {@code seconds} pass on the clock, and {@code playback} take its next frame. */
    private void elapse(PlaybackViewModel playback, double seconds) {
        now += (long) (seconds * 1e9);
        playback.tick();
    }

    private static TuningRecord trial(int number, String time, String value) {
        return trial("run", number, time, value);
    }

    private static TuningRecord trial(String run, int number, String time, String value) {
        TuningRecord r = TuningRecord.of(Map.of("X", value), Status.OK, List.of(10.0 * number));
        return TuningRecord.builder().runId(run).trial(number).strategy("grid").seed(1L).time(time).project("p").config(r.config())
                .outcome(r.outcome()).timing(r.timing()).statistics(r.statistics()).build();
    }

    /** Four trials 0 s, 2 s, 3 s and 10 s after the first, given out of order. */
    private PlaybackViewModel fourTrials() {
        return new PlaybackViewModel(List.of(
                trial(3, "2026-01-01T10:00:03Z", "c"),
                trial(1, "2026-01-01T10:00:00Z", "a"),
                trial(4, "2026-01-01T10:00:10Z", "d"),
                trial(2, "2026-01-01T10:00:02Z", "b")), () -> now);
    }

    private static List<String> values(List<TuningRecord> records) {
        return records.stream().map(r -> r.config().get("X")).toList();
    }

    @Test
    void trialsPlayInTheOrderOfTheirTimeStampsThenTheirNumbers() {
        var later = trial(1, "2026-01-01T11:00:00Z", "resumed");
        var sameTime = trial(2, "2026-01-01T10:00:00Z", "second");
        var playback = new PlaybackViewModel(List.of(later, sameTime, trial(1, "2026-01-01T10:00:00Z", "first")), () -> now);
        assertThat(values(playback.trials())).containsExactly("first", "second", "resumed");
        assertThat(playback.shown()).isEmpty();
        assertThat(playback.positionTextProperty().get()).isEqualTo("trial 0 of 3");
    }

    @Test
    void asRecordedTheGapsBetweenTrialsAreKeptAndShortenedBySpeed() {
        var playback = fourTrials();
        playback.speedProperty().set(PlaybackSpeed.RECORDED_1X);
        playback.play();
        assertThat(playback.positionProperty().get()).as("the first trial at once").isEqualTo(1);
        elapse(playback, 1.9);
        assertThat(playback.positionProperty().get()).isEqualTo(1);
        elapse(playback, 0.2);
        assertThat(values(playback.shown())).containsExactly("a", "b");
        elapse(playback, 1.0);
        assertThat(playback.positionProperty().get()).isEqualTo(3);

        // Ten times faster from here: the 7 s gap to the last trial takes 0.7 s.
        playback.speedProperty().set(PlaybackSpeed.RECORDED_10X);
        elapse(playback, 0.6);
        assertThat(playback.positionProperty().get()).isEqualTo(3);
        elapse(playback, 0.15);
        assertThat(playback.positionProperty().get()).isEqualTo(4);
        assertThat(playback.playingProperty().get()).as("stopped at the end").isFalse();
    }

    @Test
    void asRecordedTheTimeBetweenTwoRunsIsABreakOfASecondAtMost() {
        // A run of two trials 3 s apart, resumed a day later for two more 2 s apart.
        var playback = new PlaybackViewModel(List.of(
                trial("monday", 1, "2026-01-01T10:00:00Z", "a"),
                trial("monday", 2, "2026-01-01T10:00:03Z", "b"),
                trial("tuesday", 3, "2026-01-02T10:00:00Z", "c"),
                trial("tuesday", 4, "2026-01-02T10:00:02Z", "d")), () -> now);
        playback.speedProperty().set(PlaybackSpeed.RECORDED_1X);
        playback.play();
        elapse(playback, 3.05);
        assertThat(playback.positionProperty().get()).as("within the run, its own gap").isEqualTo(2);
        elapse(playback, 0.9);
        assertThat(playback.positionProperty().get()).isEqualTo(2);
        elapse(playback, 0.1);
        assertThat(playback.positionProperty().get()).as("the next run after a second, not a day").isEqualTo(3);
        elapse(playback, 2.0);
        assertThat(playback.positionProperty().get()).isEqualTo(4);
    }

    @Test
    void aFixedPaceShowsSoManyTrialsASecondWhateverTheTimeStamps() {
        var playback = fourTrials();
        playback.speedProperty().set(PlaybackSpeed.FIVE_PER_SECOND);
        playback.play();
        elapse(playback, 0.41);
        assertThat(playback.positionProperty().get()).isEqualTo(3);
    }

    @Test
    void trialsAnsweredAtOnceStartAtAnEvenPace() {
        var playback = new PlaybackViewModel(List.of(trial(1, "2026-01-01T10:00:00.001Z", "a"), trial(2, "2026-01-01T10:00:00.002Z", "b")),
                () -> now);
        assertThat(playback.speedProperty().get()).isEqualTo(PlaybackSpeed.FIVE_PER_SECOND);
        assertThat(fourTrials().speedProperty().get()).isEqualTo(PlaybackSpeed.RECORDED_1X);
    }

    @Test
    void pauseHoldsThePositionAndPlayGoesOnFromIt() {
        var playback = fourTrials();
        playback.play();
        elapse(playback, 2.5);
        assertThat(playback.positionProperty().get()).isEqualTo(2);
        playback.pause();
        elapse(playback, 60);
        assertThat(playback.positionProperty().get()).isEqualTo(2);
        // Going on, the next trial keeps its recorded gap (1 s) after the one last shown.
        playback.play();
        elapse(playback, 0.9);
        assertThat(playback.positionProperty().get()).isEqualTo(2);
        elapse(playback, 0.2);
        assertThat(playback.positionProperty().get()).isEqualTo(3);
    }

    @Test
    void stepsMoveOneTrialPausedWithinTheRecords() {
        var playback = fourTrials();
        playback.stepBack();
        assertThat(playback.positionProperty().get()).isZero();
        playback.play();
        playback.stepForward();
        assertThat(playback.playingProperty().get()).isFalse();
        assertThat(values(playback.shown())).containsExactly("a", "b");
        playback.stepBack();
        assertThat(values(playback.shown())).containsExactly("a");
        for (int i = 0; i < 10; i++) playback.stepForward();
        assertThat(playback.positionProperty().get()).isEqualTo(4);
        assertThat(playback.positionTextProperty().get()).isEqualTo("trial 4 of 4");
    }

    @Test
    void restartShowsNothingAndPlayAtTheEndStartsOver() {
        var playback = fourTrials();
        playback.seek(4);
        playback.restart();
        assertThat(playback.shown()).isEmpty();
        playback.seek(99);
        assertThat(playback.positionProperty().get()).isEqualTo(4);
        playback.play();
        assertThat(playback.positionProperty().get()).isEqualTo(1);
        assertThat(playback.playingProperty().get()).isTrue();
    }

    @Test
    void recordsWithoutATimeKeepTheirPlaceAfterThoseBeforeThem() {
        var playback = new PlaybackViewModel(List.of(trial(1, "2026-01-01T10:00:05Z", "a"), trial(2, null, "b"),
                trial(3, "2026-01-01T10:00:01Z", "c")), () -> now);
        assertThat(values(playback.trials())).containsExactly("c", "a", "b");
    }
}
