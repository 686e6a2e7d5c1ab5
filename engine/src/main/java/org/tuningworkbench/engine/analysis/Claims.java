package org.tuningworkbench.engine.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.stats.Comparison;
import org.tuningworkbench.engine.stats.SampleStatistics;
import org.tuningworkbench.engine.tune.Ranking;

/**
 * What the records back, said the same way by the command line, the report and the window: one
 * config against another, and the best against its runner-up, all through {@link Comparison}.
 * A config's samples are what a claim rests on; a verified call alone is no sample. Racing stops a
 * config by its own rule (a stop rule that saves samples, not a test); where a config was raced
 * out, a claim says so beside the test's verdict rather than taking racing's word as the verdict.
 */
public final class Claims {

    private Claims() {}

    /**
     * The samples a record's claims rest on: its samples (none for a failed config or a verified call alone), or the
     * medians of its confirmation's rounds where the run's confirmation measured it again.
     */
    public static List<Double> samplesOf(TuningRecord r) {
        if (r == null || !r.ok()) return List.of();
        return onRounds(r) ? r.confirmation().roundMediansUs() : r.samplesUs();
    }

    /** The fastest of {@link #samplesOf}, the figure beside a median a config stands at; null without one. */
    public static Double minOf(TuningRecord r) {
        if (r == null || !r.ok()) return null;
        return onRounds(r) ? r.confirmation().roundStatistics().min() : r.minUs();
    }

    /** The coefficient of variation of {@link #samplesOf}; null for fewer than two. */
    public static Double cvOf(TuningRecord r) {
        if (r == null || !r.ok()) return null;
        if (!onRounds(r)) return r.cv();
        return r.confirmation().rounds() < 2 ? null : r.confirmation().roundStatistics().cv();
    }

    /** Whether a successful record's standing rests on its confirmation's rounds: the run's confirmation measured it again. */
    private static boolean onRounds(TuningRecord r) {
        return r.confirmation() != null && !r.confirmation().roundMediansUs().isEmpty();
    }

    /** {@code a} against {@code b}: {@link Comparison.Verdict#A_FASTER} when {@code a} is faster beyond the noise. */
    public static Comparison compare(TuningRecord a, TuningRecord b) {
        return Comparison.of(samplesOf(a), samplesOf(b));
    }

    /**
     * Config {@code a} against {@code b} in a sentence ({@link Comparison#sentence}), followed, for
     * a side racing stopped early, by racing's own reason: {@code No.5 and No.3 are not distinguishable:
     * ...; racing stopped No.5 by its own rule, not this test: raced out after 3 samples: ...}.
     */
    public static String versus(String nameA, TuningRecord a, String nameB, TuningRecord b) {
        var out = new StringBuilder(compare(a, b).sentence(nameA, nameB));
        racingNote(nameA, a).ifPresent(note -> out.append("; ").append(note));
        racingNote(nameB, b).ifPresent(note -> out.append("; ").append(note));
        return out.toString();
    }

    /**
     * Why racing stopped {@code r} sampling, as its own rule says it, when it did; not for a config the run's confirmation
     * measured again: its claims rest on those rounds, which racing did not stop.
     */
    public static Optional<String> racingNote(String name, TuningRecord r) {
        if (r == null || r.timing() == null || r.timing().stopped() == null || onRounds(r)) return Optional.empty();
        return Optional.of("racing stopped " + name + " by its own rule, not this test: " + r.timing().stopped());
    }

    /**
     * What the records say of their best (the {@link Ranking}'s first) and its runner-up.
     *
     * @param best            the fastest successful record
     * @param runnerUp        the next, when there is one
     * @param againstRunnerUp the best against the runner-up; null without a runner-up
     */
    public record Best(TuningRecord best, TuningRecord runnerUp, Comparison againstRunnerUp) {

        /**
         * Empty when the samples back an unqualified "best"; otherwise what qualifies it, each
         * qualifier once, joined by "; ": {@code not distinguishable from No.4, p = 0.43},
         * {@code noisy: CV 33%}, {@code rests on 1 sample}, {@code No.4 raced out on 1 sample, not tested},
         * {@code too few samples to compare with No.4 (3 and 3)}.
         */
        public String caveat(Function<TuningRecord, String> name) {
            // The run's confirmation measured it best again, in rounds of fresh processes: that, not its search samples, backs it.
            if (best.confirmation() != null) return "";
            var out = new ArrayList<String>();
            int n = samplesOf(best).size();
            if (n < Comparison.MIN_SAMPLES) out.add("rests on " + (n == 0 ? "its verified call alone" : n == 1 ? "1 sample" : n + " samples"));
            Double cv = cvOf(best);
            if (cv != null && cv > SampleStatistics.NOISY_CV) out.add(String.format(Locale.ROOT, "noisy: CV %.0f%%", 100 * cv));
            if (againstRunnerUp != null && n >= Comparison.MIN_SAMPLES) {
                String other = name.apply(runnerUp);
                switch (againstRunnerUp.verdict()) {
                    case NOT_DISTINGUISHABLE -> out.add("not distinguishable from " + other + ", " + Comparison.pText(againstRunnerUp.p()));
                    case TOO_FEW_SAMPLES -> {
                        int m = samplesOf(runnerUp).size();
                        // Both have enough alone, too few together (3 and 3): the pair is, as show's column says it.
                        if (m >= Comparison.MIN_SAMPLES) {
                            out.add(againstRunnerUp.brief(other));
                            break;
                        }
                        String samples = m == 0 ? "its verified call" : m == 1 ? "1 sample" : m + " samples";
                        boolean raced = runnerUp.timing() != null && runnerUp.timing().racedOut();
                        out.add(other + (raced ? " raced out on " : " rests on ") + samples + ", not tested");
                    }
                    case B_FASTER -> out.add("slower than " + other + " by the test");
                    case A_FASTER -> { }
                }
            }
            return String.join("; ", out);
        }
    }

    /**
     * The best of {@code records} as a line says it: {@code No.3 direct}, followed by what qualifies it when
     * anything does ({@code No.3 direct (fastest; not distinguishable from No.5, p = 0.43)}).
     */
    public static String bestText(List<TuningRecord> records, Function<TuningRecord, String> name) {
        return best(records).map(b -> {
            String caveat = b.caveat(name);
            if (b.best().confirmation() != null) return name.apply(b.best()) + " (confirmed: measured fastest again in "
                    + Counts.of(b.best().confirmation().rounds(), "round") + " of fresh processes)";
            return name.apply(b.best()) + (caveat.isEmpty() ? "" : " (fastest; " + caveat + ")");
        }).orElse("none (no config succeeded)");
    }

    /** The best of {@code records} and its standing against the runner-up; empty when none succeeded. */
    public static Optional<Best> best(List<TuningRecord> records) {
        List<TuningRecord> ranked = Ranking.of(records).ordered().stream().filter(TuningRecord::ok).filter(r -> r.medianUs() != null).limit(2).toList();
        if (ranked.isEmpty()) return Optional.empty();
        return Optional.of(best(ranked.getFirst(), ranked.size() < 2 ? null : ranked.get(1)));
    }

    /** {@code best} against {@code runnerUp} (null when there is none). */
    public static Best best(TuningRecord best, TuningRecord runnerUp) {
        return new Best(best, runnerUp, runnerUp == null ? null : compare(best, runnerUp));
    }

    /**
     * A record's standing against the best, for a table's cell: {@code best}, {@code 1.91× slower (p < 0.001)},
     * {@code not distinguishable (p = 0.43)}, {@code too few samples (1)}; empty for a failed config.
     */
    public static String againstBest(TuningRecord r, TuningRecord best) {
        if (r == null || !r.ok() || best == null) return "";
        if (r == best) return "best";
        return compare(r, best).brief();
    }
}
