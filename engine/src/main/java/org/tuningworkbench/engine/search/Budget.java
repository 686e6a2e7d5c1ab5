package org.tuningworkbench.engine.search;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * When a search stops: after {@code maxTrials} trials (earlier runs' trials of the same search
 * included), after {@code timeLimit}, or when the strategy has nothing left to propose. Empty means
 * no limit.
 */
public record Budget(OptionalInt maxTrials, Optional<Duration> timeLimit) {

    public static final Budget UNLIMITED = new Budget(OptionalInt.empty(), Optional.empty());

    public Budget {
        if (maxTrials.isPresent() && maxTrials.getAsInt() < 1) throw new IllegalArgumentException("the budget must be at least one trial");
        if (timeLimit.isPresent() && (timeLimit.get().isNegative() || timeLimit.get().isZero())) {
            throw new IllegalArgumentException("the time limit must be positive");
        }
    }

    public static Budget trials(int n) {
        return new Budget(OptionalInt.of(n), Optional.empty());
    }

    public Budget withMaxTrials(int n) {
        return new Budget(OptionalInt.of(n), timeLimit);
    }

    /** The same time limit, without a limit on the trials. */
    public Budget withoutMaxTrials() {
        return new Budget(OptionalInt.empty(), timeLimit);
    }

    public Budget withTimeLimit(Duration limit) {
        return new Budget(maxTrials, Optional.of(limit));
    }

    /** Whether {@code trials} trials, {@code elapsed} into the run, use the budget up. */
    public boolean spent(int trials, Duration elapsed) {
        return maxTrials.isPresent() && trials >= maxTrials.getAsInt()
                || timeLimit.isPresent() && elapsed.compareTo(timeLimit.get()) >= 0;
    }

    /** How many more trials may start after {@code trials}; {@link Integer#MAX_VALUE} without a trial limit. */
    public int remaining(int trials) {
        return maxTrials.isPresent() ? Math.max(0, maxTrials.getAsInt() - trials) : Integer.MAX_VALUE;
    }
}
