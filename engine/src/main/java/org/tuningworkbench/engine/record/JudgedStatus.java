package org.tuningworkbench.engine.record;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.tuningworkbench.engine.verify.Verification;

/**
 * A record's status as every view says it: its outcome ({@code ok}, {@code compile error}), the rank the run's
 * closing confirmation gave it when that confirmation stands ({@code confirmed #1}), then how its measurement was
 * judged. The grid's Status column, Compare's status row, {@code show}'s and the report's tables all write it from
 * here, so one record reads the same everywhere: {@code ok · confirmed #1 · noisy · stopped ahead}.
 *
 * <p>The judgements: {@code unsteady} (the machine was unsteady while it ran), {@code noisy} (the samples its figure
 * rests on spread more than 5%: the confirmation's rounds where it measured the config again), {@code raced out}
 * (racing's stop rule ended its sampling, against the best of that moment: a rule that saves samples, not a test; see
 * {@code analysis.Claims}), {@code stopped ahead} (it stopped sampling, clearly faster than the best so far),
 * {@code not verified} (no golden result to check it against).
 *
 * @param outcome       the record's status label
 * @param confirmedRank the standing confirmation's rank of the config, or null when none measured it again
 * @param judgements    how its measurement was judged, in the order above; empty for a config that failed
 */
public record JudgedStatus(String outcome, Integer confirmedRank, List<String> judgements) {

    /** What a judgement is joined to the others with. */
    public static final String SEPARATOR = " · ";

    /** The judgements that put a figure in doubt; the others say how its sampling stopped. */
    public static final List<String> DOUBTS = List.of("unsteady", "noisy", "not verified");

    public JudgedStatus {
        judgements = List.copyOf(judgements);
    }

    /**
     * The status of {@code r} with the confirmation it carries: a view's records carry the one that stands
     * ({@link LatestRun#standing}), a live run's the one it has just made.
     */
    public static JudgedStatus of(TuningRecord r) {
        if (!r.ok()) return new JudgedStatus(r.status().label(), null, List.of());
        var judged = new ArrayList<String>();
        if (Boolean.TRUE.equals(r.unsteady())) judged.add("unsteady");
        else if (noisy(r)) judged.add("noisy");
        TuningRecord.Timing timing = r.timing();
        if (timing != null && timing.racedOut()) judged.add("raced out");
        if (timing != null && timing.ahead()) judged.add("stopped ahead");
        if (r.verification() != null && r.verification().status() == Verification.Status.NONE) judged.add("not verified");
        return new JudgedStatus(r.status().label(), r.confirmation() == null ? null : r.confirmation().rank(), judged);
    }

    /** Whether the samples {@code r}'s standing rests on are noisy: the confirmation's rounds where it measured the config again. */
    private static boolean noisy(TuningRecord r) {
        ConfirmedFigures confirmation = r.confirmation();
        if (confirmation == null || confirmation.rounds() < 2) return Boolean.TRUE.equals(r.noisy());
        return confirmation.roundStatistics().noisy();
    }

    /** Everything after the outcome: {@code confirmed #1 · noisy}; empty when there is nothing to add to it. */
    public String marks() {
        var marks = new ArrayList<String>();
        if (confirmedRank != null) marks.add("confirmed #" + confirmedRank);
        marks.addAll(judgements);
        return String.join(SEPARATOR, marks);
    }

    /** The whole status: {@code ok · confirmed #1 · noisy}, {@code ok}, {@code compile error}. */
    public String text() {
        String marks = marks();
        return marks.isEmpty() ? outcome : outcome + SEPARATOR + marks;
    }

    /** Whether a judgement puts its figure in doubt ({@link #DOUBTS}). */
    public boolean doubtful() {
        return judgements.stream().anyMatch(DOUBTS::contains);
    }

    /** Whether a status {@link #text} ({@code ok · noisy · raced out}) holds a judgement that puts its figure in doubt. */
    public static boolean doubtful(String text) {
        return Arrays.stream(text.split(SEPARATOR)).skip(1).anyMatch(DOUBTS::contains);
    }

    @Override
    public String toString() {
        return text();
    }
}
