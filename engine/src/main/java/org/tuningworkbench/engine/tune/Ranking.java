package org.tuningworkbench.engine.tune;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.tuningworkbench.engine.record.TuningRecord;

/** Records ordered fastest first: successful ones by median, then the failed ones in the order given. */
public record Ranking(List<TuningRecord> ordered) {

    public static Ranking of(List<TuningRecord> records) {
        Comparator<TuningRecord> order = Comparator.comparing((TuningRecord r) -> !r.ok())
                .thenComparing(r -> r.ok() ? r.medianUs() : Double.MAX_VALUE);
        return new Ranking(records.stream().sorted(order).toList());
    }

    public Optional<TuningRecord> best() {
        return ordered.isEmpty() || !ordered.getFirst().ok() ? Optional.empty() : Optional.of(ordered.getFirst());
    }

    /** A successful record's speed as a share of the best: 100 for the best, 50 for one twice as slow. */
    public Optional<Double> percentOfBest(TuningRecord record) {
        return best().filter(b -> record.ok()).map(b -> 100.0 * b.medianUs() / record.medianUs());
    }
}
