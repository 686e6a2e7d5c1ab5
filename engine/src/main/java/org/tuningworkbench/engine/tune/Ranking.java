package org.tuningworkbench.engine.tune;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.TuningRecord;

/**
 * Records ordered best first by an objective, by one rule for the run that announces its best, the
 * window, {@code show}, {@code best}, {@code apply-best} and the report: first the configs the run's
 * closing confirmation measured again by that objective, in the order it measured them, at their
 * confirmed values ({@link ConfirmedFigures}); then the other successful ones by their value of it (a
 * call's time by default); then the successful ones that have no value of it; then the failed ones in
 * the order given. Which records carry a confirmation that stands is the latest run's to say ({@code LatestRun}).
 */
public record Ranking(List<TuningRecord> ordered, Objective objective) {

    /** Ranked by a call's time. */
    public static Ranking of(List<TuningRecord> records) {
        return of(records, Objective.TIME);
    }

    public static Ranking of(List<TuningRecord> records, Objective objective) {
        return new Ranking(records.stream().sorted(order(objective)).toList(), objective);
    }

    /** The order of {@link #of}: better first; records as good as each other compare equal. */
    public static Comparator<TuningRecord> order(Objective objective) {
        return Comparator.comparingInt((TuningRecord r) -> !r.ok() ? 3 : value(r, objective).isEmpty() ? 2 : confirmed(r, objective) ? 0 : 1)
                .thenComparingInt(r -> confirmed(r, objective) ? r.confirmation().rank() : 0)
                .thenComparingDouble(r -> cost(r, objective));
    }

    /** Whether {@code r} carries a confirmation that ranked by {@code objective}: its confirmed figures then stand. */
    public static boolean confirmed(TuningRecord r, Objective objective) {
        return r.ok() && r.confirmation() != null && r.confirmation().ranks(objective);
    }

    /**
     * A successful record's value of {@code objective}: its confirmed value when the run's confirmation measured it by
     * that objective, else its samples' ({@link #sampled}).
     */
    public static OptionalDouble value(TuningRecord r, Objective objective) {
        return confirmed(r, objective) ? OptionalDouble.of(r.confirmation().value()) : sampled(r, objective);
    }

    /**
     * A successful record's samples' value of {@code objective}: for time, the kernels' own time where the
     * device timed them (as Kernel Tuner ranks), the wall time otherwise, in µs; else the metric of that name.
     */
    public static OptionalDouble sampled(TuningRecord r, Objective objective) {
        if (!r.ok()) return OptionalDouble.empty();
        Double value = objective.isTime() ? (r.kernelUs() != null ? r.kernelUs() : r.medianUs()) : r.metrics().get(objective.name());
        return value == null || !Double.isFinite(value) ? OptionalDouble.empty() : OptionalDouble.of(value);
    }

    /** The value to make small: the objective's value, or its negative when higher is better; the largest number without one. */
    public static double cost(TuningRecord r, Objective objective) {
        OptionalDouble value = value(r, objective);
        if (value.isEmpty()) return Double.MAX_VALUE;
        return objective.higherIsBetter() ? -value.getAsDouble() : value.getAsDouble();
    }

    /**
     * The median a config stands at, the one its share of the best is of by time: its confirmed median where the run's
     * confirmation measured it again, else its samples'; null without one.
     */
    public static Double standingMedianUs(TuningRecord r) {
        return r.ok() && r.confirmation() != null ? Double.valueOf(r.confirmation().medianUs()) : r.medianUs();
    }

    /** The GFLOP/s at {@link #standingMedianUs}: the record's work over that median; null without either. */
    public static Double standingGflops(TuningRecord r) {
        return standingRate(r, TuningRecord::gflops);
    }

    /** A rate of the record ({@code rate}: its GFLOP/s, its GB/s) at {@link #standingMedianUs}: its work over that median; null without either. */
    public static Double standingRate(TuningRecord r, Function<TuningRecord, Double> rate) {
        Double recorded = rate.apply(r);
        if (recorded == null || r.medianUs() == null || !r.ok() || r.confirmation() == null) return recorded;
        return recorded * r.medianUs() / r.confirmation().medianUs();
    }

    /** The metric {@code name} a config stands at: its confirmed value where the confirmation ranked by that metric, else its samples'. */
    public static Double standingMetric(TuningRecord r, String name) {
        return r.ok() && r.confirmation() != null && name.equals(r.confirmation().objective()) ? Double.valueOf(r.confirmation().value())
                : r.metrics().get(name);
    }

    public Optional<TuningRecord> best() {
        return ordered.isEmpty() || value(ordered.getFirst(), objective).isEmpty() ? Optional.empty() : Optional.of(ordered.getFirst());
    }

    /** A successful record's standing as a share of the best: 100 for the best, 50 for one twice as slow (or half the best's metric). */
    public Optional<Double> percentOfBest(TuningRecord record) {
        return best().map(b -> share(record, b, objective)).filter(OptionalDouble::isPresent).map(share -> 100 * share.getAsDouble());
    }

    /**
     * {@code record}'s standing as a share of {@code best}'s by {@code objective}: 1 for as good as the best, 0.5 for
     * twice as slow (or half the best's metric); empty when either has no value of it, or a value of 0.
     */
    public static OptionalDouble share(TuningRecord record, TuningRecord best, Objective objective) {
        OptionalDouble value = value(record, objective);
        OptionalDouble bestValue = value(best, objective);
        if (value.isEmpty() || bestValue.isEmpty() || value.getAsDouble() == 0 || bestValue.getAsDouble() == 0) return OptionalDouble.empty();
        return OptionalDouble.of(objective.higherIsBetter() ? value.getAsDouble() / bestValue.getAsDouble() : bestValue.getAsDouble() / value.getAsDouble());
    }
}
