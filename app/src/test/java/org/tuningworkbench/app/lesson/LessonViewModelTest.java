package org.tuningworkbench.app.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.project.Lesson;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

class LessonViewModelTest {

    private static final TunableSource KERNEL = TunableSource.parse(Path.of("k.c"), """
            static const int TILE = 8; // tunable
            void f(float *x) {
                naive(x); // tunable: Body
            }
            """);

    private final Config naive = new Config(Map.of(), "naive");
    private final Config tiled = new Config(Map.of("Body", "tiled(x);", "TILE", "32"), "tiled");
    private final Config wider = new Config(Map.of("Body", "tiled(x);", "TILE", "64"), "wider");
    private final Lesson lesson = new Lesson("Faster f", List.of(
            new Lesson.Step("Naive", 1, naive, "# Naive\nslow"),
            new Lesson.Step("Tiled", 2, tiled, "# Tiled\nfaster"),
            new Lesson.Step("Wider", 3, wider, "", Lesson.Expect.FASTER)));
    private final Map<Config, TuningRecord> records = new HashMap<>();
    private final List<Config> shown = new ArrayList<>();
    private final LessonViewModel model = new LessonViewModel(lesson, () -> KERNEL, records::get, shown::add);

    /** Seven samples around {@code us}, spread by a thousandth either way. */
    private static TuningRecord measured(double us) {
        return TuningRecord.of(Map.of(), Status.OK, List.of(us, us * 1.001, us * 0.999, us * 1.0005, us * 0.9995, us * 1.0002, us * 0.9998));
    }

    /** A record measured at {@code us} whose run knew its work: the GFLOP/s it reported. */
    private static TuningRecord measured(double us, double gflops) {
        var r = measured(us);
        var s = r.statistics();
        return r.toBuilder()
                .statistics(s.withRates(gflops, null))
                .build();
    }

    @Test
    void stepsGoInOrderWithinTheLesson() {
        model.first();
        assertThat(model.counterProperty().get()).isEqualTo("Step 1 of 3");
        assertThat(model.titleProperty().get()).isEqualTo("Naive");
        assertThat(model.noteProperty().get()).isEqualTo("# Naive\nslow");
        assertThat(model.atFirstProperty().get()).isTrue();
        model.previous();
        assertThat(model.indexProperty().get()).isZero();
        model.next();
        model.next();
        assertThat(model.titleProperty().get()).isEqualTo("Wider");
        assertThat(model.atLastProperty().get()).isTrue();
        model.next();
        assertThat(model.counterProperty().get()).isEqualTo("Step 3 of 3");
        assertThat(shown).containsExactly(naive, naive, tiled, wider, wider);
    }

    @Test
    void eachStepShowsWhatChangedSinceTheStepBefore() {
        model.first();
        assertThat(model.changesFromProperty().get()).isEqualTo("Changed from the source as written");
        assertThat(model.changesProperty().get()).isEmpty();
        model.next();
        assertThat(model.changesFromProperty().get()).isEqualTo("Changed from step 1");
        assertThat(model.changesProperty().get()).containsExactly(
                new LessonViewModel.Change(1, "static const int TILE = 8; // tunable", "static const int TILE = 32; // tunable"),
                new LessonViewModel.Change(3, "    naive(x); // tunable: Body", "    tiled(x); // tunable: Body"));
        model.next();
        assertThat(model.changesProperty().get()).containsExactly(
                new LessonViewModel.Change(1, "static const int TILE = 32; // tunable", "static const int TILE = 64; // tunable"));
    }

    @Test
    void theMeasurementComesFromTheRecordsAndComparesWithTheStepBefore() {
        model.first();
        assertThat(model.measurementProperty().get()).isEqualTo("No.1 naive: not measured yet; Measure Lesson (Ctrl+Shift+L) measures its steps");
        records.put(naive, measured(4000, 0.5));
        records.put(tiled, measured(1000, 2.0));
        model.refresh();
        assertThat(model.measurementProperty().get()).isEqualTo("No.1 naive: 4.000 ms · CV 0.1% · 7 samples · 0.5 GFLOP/s");
        assertThat(model.standingProperty().get()).isEmpty();
        model.next();
        assertThat(model.measurementProperty().get()).isEqualTo("No.2 tiled: 1.000 ms · CV 0.1% · 7 samples · 2.0 GFLOP/s");
        assertThat(model.standingProperty().get()).isEqualTo("4.00× faster than step 1 (p < 0.001)");
        records.put(wider, TuningRecord.of(Map.of(), Status.WRONG_RESULT, List.of()));
        model.next();
        assertThat(model.measurementProperty().get()).startsWith("No.3 wider: wrong result");
    }

    @Test
    void theGflopsAreTheRecordsOwnMeasuredAtItsOwnSizes() {
        // Measured at sizes other than the project's defaults: only the record knows its work.
        records.put(naive, measured(11.55, 90.8));
        model.first();
        assertThat(model.measurementProperty().get()).isEqualTo("No.1 naive: 11.55 µs · CV 0.1% · 7 samples · 90.8 GFLOP/s");
    }

    @Test
    void aRecordWithoutWorkShowsNoGflops() {
        records.put(naive, measured(1000));
        model.first();
        assertThat(model.measurementProperty().get()).isEqualTo("No.1 naive: 1.000 ms · CV 0.1% · 7 samples");
    }

    @Test
    void aSlowerStepSaysSo() {
        records.put(naive, measured(1000));
        records.put(tiled, measured(1500));
        model.go(1);
        assertThat(model.standingProperty().get()).isEqualTo("1.50× slower than step 1 (p < 0.001)");
    }

    /** A note expected the step faster; this machine measured it slower: the pane flags it. */
    @Test
    void aStepMeasuredTheOtherWayFromItsNoteIsFlagged() {
        records.put(naive, measured(1000));
        records.put(tiled, measured(500));
        records.put(wider, measured(600));
        model.go(1);
        assertThat(model.expectationProperty().get()).isEmpty();
        assertThat(model.contradictedProperty().get()).isFalse();
        model.next();
        assertThat(model.standingProperty().get()).isEqualTo("1.20× slower than step 2 (p < 0.001)\n1.67× faster than step 1 (p < 0.001)");
        assertThat(model.expectationProperty().get())
                .isEqualTo("The note expects this step faster than step 2; this machine measured it the other way: 1.20× slower than step 2 (p < 0.001)");
        assertThat(model.contradictedProperty().get()).isTrue();
    }

    /** The story chart: each step's speed-up over step 1, the baseline's, and the share of the measured peak. */
    @Test
    void theStoryChartHasABarPerStepAndTheBaselineEachWithItsShareOfThePeak() {
        records.put(naive, measured(1000, 1.0));
        records.put(tiled, measured(500, 2.0));
        records.put(wider, TuningRecord.of(Map.of(), Status.OK, List.of(400.0)));
        var story = new LessonViewModel(lesson, () -> KERNEL, records::get, c -> { }, () -> measured(250).asBaseline("OpenBLAS"), () -> 8.0);
        story.go(1);
        var bars = story.storyProperty().get();
        assertThat(bars).extracting(StoryChart.Bar::label).containsExactly("1", "2", "3", "baseline");
        assertThat(bars).extracting(StoryChart.Bar::current).containsExactly(false, true, false, false);
        assertThat(bars.get(1).speedUp().getAsDouble()).isCloseTo(2.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(bars.get(1).peakShare()).isEqualTo(0.25);
        assertThat(bars).extracting(StoryChart.Bar::distinct).containsExactly(true, true, false, true);
        assertThat(bars.get(2).speedUp()).as("one sample: too few to compare").isEmpty();
        assertThat(bars.get(3).speedUp().getAsDouble()).isCloseTo(4.0, org.assertj.core.data.Offset.offset(0.01));
    }

    /** Racing on, a step took its verified call alone: no speed-up is claimed from it. */
    @Test
    void aStepWithoutSamplesClaimsNoSpeedUp() {
        records.put(naive, measured(1000));
        records.put(tiled, TuningRecord.of(Map.of(), Status.OK, List.of(1150.0)));
        model.go(1);
        assertThat(model.standingProperty().get()).isEqualTo("too few samples to compare with step 1 (1)").doesNotContain("×");
    }

    @Test
    void aStepWhoseConfigTheKernelCannotTakeSaysWhy() {
        var broken = new Lesson("x", List.of(new Lesson.Step("Gone", 1, new Config(Map.of("Missing", "1")), "")));
        var vm = new LessonViewModel(broken, () -> KERNEL, c -> null, c -> { });
        vm.first();
        assertThat(vm.changesProperty().get()).singleElement().satisfies(c -> assertThat(c.after()).contains("Missing"));
    }
}
