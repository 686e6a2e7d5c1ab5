package org.tuningworkbench.engine.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.Lesson;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

class LessonFiguresTest {

    private static final Config DIRECT = new Config(Map.of("Algorithm", "direct"), "direct");
    private static final Config BLOCKED = new Config(Map.of("K_BLOCK", "16"), "direct-blocked");
    private static final Config IM2COL = new Config(Map.of("Algorithm", "im2col"), "im2col");

    private static Lesson lesson(Lesson.Expect second, Lesson.Expect third) {
        return new Lesson("conv", List.of(new Lesson.Step("1. Direct", 1, DIRECT, ""), new Lesson.Step("2. Blocked", 2, BLOCKED, "", second),
                new Lesson.Step("3. im2col", 4, IM2COL, "", third)));
    }

    /** A record of a config that raced out on its verified call: a median from that one call, and no samples. */
    private static TuningRecord verifiedCallOnly(Config config, double callUs) {
        var one = TuningRecord.of(config.values(), Status.OK, List.of(callUs));
        var t = one.timing();
        var timing = TuningRecord.Timing.ofSamples(List.of(), t.callsPerSample()).withFirstCallUs(callUs)
                .withStop("raced out on its verified call, before any sample", "verified_call");
        return TuningRecord.builder().config(one.config()).outcome(one.outcome()).timing(timing).statistics(one.statistics()).build();
    }

    private static TuningRecord sampled(Config config, double... samples) {
        return TuningRecord.of(config.values(), Status.OK, java.util.Arrays.stream(samples).boxed().toList());
    }

    /**
     * With racing on, conv2d's steps 1 and 2 had only their verified calls, yet the lesson said
     * "1.15× slower than step 1": a speed-up from no samples. It now says there are too few.
     */
    @Test
    void stepsWithTheirVerifiedCallAloneGiveNoSpeedUp() {
        var records = new HashMap<Config, TuningRecord>();
        records.put(DIRECT, verifiedCallOnly(DIRECT, 10_000));
        records.put(BLOCKED, verifiedCallOnly(BLOCKED, 11_500));
        records.put(IM2COL, sampled(IM2COL, 2000, 2010, 1990, 2005, 1995, 2002, 1998));
        LessonFigures figures = LessonFigures.of(lesson(null, null), records::get);
        var second = figures.steps().get(1);
        assertThat(second.measurement()).isEqualTo("No.2 direct-blocked: 11.50 ms (its verified call alone, no samples)");
        assertThat(second.againstPreviousText()).isEqualTo("too few samples to compare with step 1 (0)").doesNotContain("×");
        assertThat(figures.steps().get(2).againstFirstText()).isEqualTo("too few samples to compare with step 1 (0)");
        assertThat(figures.steps().get(2).measurement()).isEqualTo("No.4 im2col: 2.000 ms · CV 0.3% · 7 samples");
        assertThat(figures.steps()).allSatisfy(step -> assertThat(step.speedUpOverFirst()).isEmpty());
    }

    /** A note said the step measured slower where this machine measured it faster, and nothing noticed. */
    @Test
    void aStepMeasuredAgainstItsNotesExpectationIsFlagged() {
        var records = new HashMap<Config, TuningRecord>();
        records.put(DIRECT, sampled(DIRECT, 10_000, 10_050, 9_980, 10_020, 9_990, 10_010, 10_030));
        records.put(BLOCKED, sampled(BLOCKED, 8_000, 8_050, 7_980, 8_020, 7_990, 8_010, 8_030));
        records.put(IM2COL, sampled(IM2COL, 2000, 2010, 1990, 2005, 1995, 2002, 1998));
        LessonFigures figures = LessonFigures.of(lesson(Lesson.Expect.SLOWER, Lesson.Expect.FASTER), records::get);
        var blocked = figures.steps().get(1);
        assertThat(blocked.expectation()).isEqualTo(LessonFigures.Expectation.CONTRADICTED);
        assertThat(blocked.expectationText()).startsWith("The note expects this step slower than step 1; this machine measured it the other way: 1.25× faster than step 1 (p ");
        var im2col = figures.steps().get(2);
        assertThat(im2col.expectation()).isEqualTo(LessonFigures.Expectation.MET);
        assertThat(im2col.againstFirstText()).startsWith("5.01× faster than step 1 (p ");
        assertThat(figures.contradicted()).containsExactly(blocked);
        assertThat(figures.steps()).extracting(step -> Math.round(step.speedUpOverFirst().orElseThrow() * 100) / 100.0).containsExactly(1.0, 1.25, 5.01);
        assertThat(figures.baselineSpeedUp(sampled(DIRECT, 1000, 1001, 999, 1002, 998)).orElseThrow()).isCloseTo(10.0, org.assertj.core.data.Offset.offset(0.1));
        assertThat(figures.steps().getFirst().expectation()).isEqualTo(LessonFigures.Expectation.NONE);
    }

    @Test
    void aStepTheTestCannotTellFromTheOneBeforeLeavesItsExpectationUndecided() {
        var records = new HashMap<Config, TuningRecord>();
        records.put(DIRECT, sampled(DIRECT, 10.0, 10.6, 9.7, 10.4, 9.9));
        records.put(BLOCKED, sampled(BLOCKED, 10.2, 9.8, 10.5, 10.1, 9.9));
        var blocked = LessonFigures.of(lesson(Lesson.Expect.FASTER, null), records::get).steps().get(1);
        assertThat(blocked.expectation()).isEqualTo(LessonFigures.Expectation.UNDECIDED);
        assertThat(blocked.expectationText()).startsWith("The note expects this step faster than step 1; this machine cannot say: not distinguishable from step 1 (p = ");
        assertThat(LessonFigures.of(lesson(null, null), c -> null).steps().get(2).measurement()).isEqualTo("No.4 im2col: not measured yet");
    }
}
