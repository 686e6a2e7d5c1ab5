package org.tuningworkbench.engine.analysis;

import java.util.Arrays;
import java.util.Optional;
import org.tuningworkbench.engine.record.TuningRecord;

/** The median latencies and the failures gathered for one group of configs, without boxing (20,000 records stay cheap). */
final class Latencies {
    private double[] values = new double[8];
    private int count;
    private int failed;

    void add(TuningRecord r) {
        if (!Results.measured(r)) {
            failed++;
            return;
        }
        if (count == values.length) values = Arrays.copyOf(values, count * 2);
        values[count++] = r.medianUs();
    }

    int failed() {
        return failed;
    }

    int measured() {
        return count;
    }

    Optional<Spread> spread() {
        return Spread.of(values, count);
    }

    double fastest() {
        double min = Double.NaN;
        for (int i = 0; i < count; i++) min = Double.isNaN(min) ? values[i] : Math.min(min, values[i]);
        return min;
    }
}
