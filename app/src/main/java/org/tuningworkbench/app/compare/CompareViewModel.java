package org.tuningworkbench.app.compare;

import java.util.ArrayList;
import java.util.List;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.app.configs.Rate;
import org.tuningworkbench.engine.analysis.Claims;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.InvalidConfigException;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.record.TuningRecord;

/** Two configs side by side: their variants, the lines where they differ, their statistics and samples. */
public final class CompareViewModel {

    /** One side: its title, variant text and record (null when not measured). */
    public record Side(String title, String text, TuningRecord record) {}

    /** One line of the statistics table. */
    public record Row(String figure, String left, String right) {}

    private final Side left;
    private final Side right;
    private final List<Integer> differingLines;

    /** Compares config {@code a} (named {@code labelA}, such as {@code No.3}) with {@code b}. */
    public CompareViewModel(TunableSource source, String labelA, Config a, TuningRecord ra, String labelB, Config b, TuningRecord rb) {
        left = new Side(labelA, variant(source, a), ra);
        right = new Side(labelB, variant(source, b), rb);
        String[] x = left.text.split("\n", -1);
        String[] y = right.text.split("\n", -1);
        var differ = new ArrayList<Integer>();
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            if (i >= x.length || i >= y.length || !x[i].equals(y[i])) differ.add(i);
        }
        differingLines = List.copyOf(differ);
    }

    private static String variant(TunableSource source, Config config) {
        try {
            return source.substitute(config).text();
        } catch (InvalidConfigException e) {
            return "// " + e.getMessage();
        }
    }

    public Side left() { return left; }
    public Side right() { return right; }
    /** 0-based lines where the two variants differ (substitution keeps lines in place). */
    public List<Integer> differingLines() { return differingLines; }

    /** {@code record}'s {@code rate}, written as the grid writes it; "" without one. */
    private static String rate(TuningRecord record, Rate rate) {
        return record == null ? "" : Figures.rate(rate.of().apply(record));
    }

    public List<Row> statistics() {
        var rows = new ArrayList<Row>();
        rows.add(new Row("status", status(left.record), status(right.record)));
        rows.add(new Row("median", micros(left.record, TuningRecord::medianUs), micros(right.record, TuningRecord::medianUs)));
        rows.add(new Row("min", micros(left.record, TuningRecord::minUs), micros(right.record, TuningRecord::minUs)));
        rows.add(new Row("max", micros(left.record, TuningRecord::maxUs), micros(right.record, TuningRecord::maxUs)));
        rows.add(new Row("mean", micros(left.record, TuningRecord::meanUs), micros(right.record, TuningRecord::meanUs)));
        rows.add(new Row("std dev", micros(left.record, TuningRecord::stddevUs), micros(right.record, TuningRecord::stddevUs)));
        rows.add(new Row("CV", left.record == null ? "" : Figures.percent(left.record.cv()), right.record == null ? "" : Figures.percent(right.record.cv())));
        // The rates the records carry (GFLOP/s, GB/s), under the names the grid gives them; GFLOP/s with none, to say there is none.
        for (Rate rate : Rate.values()) {
            if (rate != Rate.GFLOPS && rate(left.record, rate).isEmpty() && rate(right.record, rate).isEmpty()) continue;
            rows.add(new Row(rate.title(), rate(left.record, rate), rate(right.record, rate)));
        }
        rows.add(new Row("samples", left.record == null ? "" : Integer.toString(left.record.samplesUs().size()),
                right.record == null ? "" : Integer.toString(right.record.samplesUs().size())));
        return rows;
    }

    /**
     * Whether one is faster beyond the noise, as every claim in the workbench is judged ({@link Claims#versus}):
     * {@code No.1 is 1.91× faster than No.2 (medians; 95% interval 1.85–1.97×, Mann-Whitney p = 0.001, 7 and 7 samples)},
     * that the two are not distinguishable, or that one rests on too few samples; with racing's own reason beside it
     * for a side racing stopped. Empty when either is not measured.
     */
    public String verdict() {
        if (left.record == null || right.record == null) return "";
        return Claims.versus(left.title, left.record, right.title, right.record);
    }

    private static String status(TuningRecord r) {
        return r == null ? "not measured" : r.status().label();
    }

    private static String micros(TuningRecord r, java.util.function.Function<TuningRecord, Double> f) {
        return r == null ? "" : Figures.micros(f.apply(r));
    }
}
