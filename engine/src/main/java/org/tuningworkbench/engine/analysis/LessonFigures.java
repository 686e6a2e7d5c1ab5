package org.tuningworkbench.engine.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.format.Numbers;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.Lesson;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.stats.Comparison;

/**
 * A lesson's steps with what their records back, as the window's lesson pane, the report and
 * {@code tune --lesson} say it: each step's median, spread and samples, and its standing against
 * the step before and against step 1 by the one test every claim uses ({@link Comparison}). A step
 * whose note expects a direction ({@code expect = "faster"}) that this machine measured the other
 * way is flagged.
 *
 * @param title the lesson's title
 * @param steps the steps, in order
 */
public record LessonFigures(String title, List<StepFigures> steps) {

    public LessonFigures {
        steps = List.copyOf(steps);
    }

    /** What this machine's records say of a step's expected direction. */
    public enum Expectation {
        /** The note expects nothing, or this is step 1. */
        NONE,
        /** Measured as the note expects. */
        MET,
        /** The test cannot tell the step from the one before, or there are too few samples to try. */
        UNDECIDED,
        /** Measured the other way: the note's claim does not hold on this machine. */
        CONTRADICTED
    }

    /**
     * One step and its figures.
     *
     * @param index           0-based place in the lesson
     * @param record          the config's latest record; null when it has none
     * @param againstPrevious this step against the step before ({@link Comparison.Verdict#A_FASTER}: this step is faster); null for step 1
     * @param againstFirst    this step against step 1; null for steps 1 and 2 (the step before is step 1)
     */
    public record StepFigures(int index, Lesson.Step step, TuningRecord record, Comparison againstPrevious, Comparison againstFirst) {

        /** The samples the step's claims rest on. */
        public int samples() {
            return Claims.samplesOf(record).size();
        }

        /**
         * The step's measurement: {@code No.3 im2col: 1.234 ms · CV 1.2% · 7 samples · 42.1 GFLOP/s}; a verified
         * call alone says so; a failed or unmeasured config says that.
         */
        public String measurement() {
            return measurement(Durations::micros);
        }

        /** The same, with times written by {@code micros} (the window writes {@code 1.234 ms}). */
        public String measurement(DoubleFunction<String> micros) {
            String config = "No." + step.number() + (step.config().name() == null ? "" : " " + step.config().name());
            if (record == null) return config + ": not measured yet";
            if (!record.ok() || record.medianUs() == null) {
                return config + ": " + record.status().label() + (record.error() == null ? "" : " (" + firstLine(record.error()) + ")");
            }
            int n = samples();
            var out = new StringBuilder(config).append(": ").append(micros.apply(record.medianUs()));
            if (n == 0) out.append(" (its verified call alone, no samples)");
            if (record.cv() != null) out.append(" · CV ").append(Numbers.percent(record.cv()));
            if (n > 0) out.append(" · ").append(n == 1 ? "1 sample" : n + " samples");
            if (record.gflops() != null) out.append(String.format(Locale.ROOT, " · %.1f GFLOP/s", record.gflops()));
            return out.toString();
        }

        /** {@code 3.10× faster than step 2 (p < 0.001)}, or why there is no claim; empty for step 1. */
        public String againstPreviousText() {
            return againstPrevious == null ? "" : againstPrevious.brief("step " + index);
        }

        /** {@code 4.02× faster than step 1 (p < 0.001)}; empty for steps 1 and 2. */
        public String againstFirstText() {
            return againstFirst == null ? "" : againstFirst.brief("step 1");
        }

        /** This step against step 1: null for step 1 itself. */
        public Comparison againstStepOne() {
            return index == 1 ? againstPrevious : againstFirst;
        }

        /**
         * How many times faster than step 1 this step's median is, for the story chart: 1 for step 1 with
         * enough samples; empty when either step has too few samples to compare ({@link Comparison#MIN_SAMPLES}).
         */
        public OptionalDouble speedUpOverFirst() {
            if (index == 0) return samples() >= Comparison.MIN_SAMPLES ? OptionalDouble.of(1) : OptionalDouble.empty();
            Comparison c = againstStepOne();
            if (c.verdict() == Comparison.Verdict.TOO_FEW_SAMPLES) return OptionalDouble.empty();
            return OptionalDouble.of(c.aFaster() ? c.ratio() : 1 / c.ratio());
        }

        public Expectation expectation() {
            if (step.expect() == null || againstPrevious == null) return Expectation.NONE;
            boolean faster = step.expect() == Lesson.Expect.FASTER;
            return switch (againstPrevious.verdict()) {
                case A_FASTER -> faster ? Expectation.MET : Expectation.CONTRADICTED;
                case B_FASTER -> faster ? Expectation.CONTRADICTED : Expectation.MET;
                case NOT_DISTINGUISHABLE, TOO_FEW_SAMPLES -> Expectation.UNDECIDED;
            };
        }

        /**
         * The note's expectation against this machine's measurement: {@code The note expects this step faster than
         * step 2; this machine measured it 1.15× slower (p = 0.002)}; empty when the note expects nothing.
         */
        public String expectationText() {
            Expectation e = expectation();
            if (e == Expectation.NONE) return "";
            String expects = "The note expects this step " + step.expect().word() + " than step " + index;
            return switch (e) {
                case MET -> expects + ", and this machine agrees: " + againstPreviousText();
                case CONTRADICTED -> expects + "; this machine measured it the other way: " + againstPreviousText();
                case UNDECIDED -> expects + "; this machine cannot say: " + againstPreviousText();
                case NONE -> "";
            };
        }
    }

    /**
     * The figures of {@code lesson}'s steps from {@code records} (a config's latest record, or null). A step's figures
     * rest on its own samples (a lesson measures {@code LessonRun.SAMPLES} a step), not on the rounds of a confirmation
     * that measured its config again: three rounds a side support no claim of one step against another.
     */
    public static LessonFigures of(Lesson lesson, Function<Config, TuningRecord> latest) {
        Function<Config, TuningRecord> records = latest.andThen(r -> r == null ? null : r.unconfirmed());
        var out = new ArrayList<StepFigures>();
        List<Lesson.Step> steps = lesson.steps();
        TuningRecord first = steps.isEmpty() ? null : records.apply(steps.getFirst().config());
        TuningRecord previous = null;
        for (int i = 0; i < steps.size(); i++) {
            TuningRecord r = i == 0 ? first : records.apply(steps.get(i).config());
            Comparison againstPrevious = i == 0 ? null : Claims.compare(r, previous);
            Comparison againstFirst = i < 2 ? null : Claims.compare(r, first);
            out.add(new StepFigures(i, steps.get(i), r, againstPrevious, againstFirst));
            previous = r;
        }
        return new LessonFigures(lesson.title(), out);
    }

    /**
     * How many times faster than step 1 {@code baseline} (a library's kernel, the project's baseline) is, by the
     * same rule; empty when it or step 1 has too few samples.
     */
    public OptionalDouble baselineSpeedUp(TuningRecord baseline) {
        if (steps.isEmpty() || baseline == null) return OptionalDouble.empty();
        Comparison c = Claims.compare(baseline, steps.getFirst().record());
        if (c.verdict() == Comparison.Verdict.TOO_FEW_SAMPLES) return OptionalDouble.empty();
        return OptionalDouble.of(c.aFaster() ? c.ratio() : 1 / c.ratio());
    }

    /** The steps whose note this machine contradicts. */
    public List<StepFigures> contradicted() {
        return steps.stream().filter(s -> s.expectation() == Expectation.CONTRADICTED).toList();
    }

    private static String firstLine(String text) {
        String line = text.strip().lines().findFirst().orElse("");
        return line.length() > 120 ? line.substring(0, 117) + "…" : line;
    }
}
