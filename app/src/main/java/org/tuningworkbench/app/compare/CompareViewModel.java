package org.tuningworkbench.app.compare;

import java.util.ArrayList;
import java.util.List;
import org.tuningworkbench.app.configs.Figures;
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

    public List<Row> statistics() {
        var rows = new ArrayList<Row>();
        rows.add(new Row("status", status(left.record), status(right.record)));
        rows.add(new Row("median", micros(left.record, TuningRecord::medianUs), micros(right.record, TuningRecord::medianUs)));
        rows.add(new Row("min", micros(left.record, TuningRecord::minUs), micros(right.record, TuningRecord::minUs)));
        rows.add(new Row("max", micros(left.record, TuningRecord::maxUs), micros(right.record, TuningRecord::maxUs)));
        rows.add(new Row("mean", micros(left.record, TuningRecord::meanUs), micros(right.record, TuningRecord::meanUs)));
        rows.add(new Row("std dev", micros(left.record, TuningRecord::stddevUs), micros(right.record, TuningRecord::stddevUs)));
        rows.add(new Row("CV", left.record == null ? "" : Figures.percent(left.record.cv()), right.record == null ? "" : Figures.percent(right.record.cv())));
        rows.add(new Row("GFLOP/s", left.record == null ? "" : Figures.decimal(left.record.gflops()), right.record == null ? "" : Figures.decimal(right.record.gflops())));
        rows.add(new Row("samples", left.record == null ? "" : Integer.toString(left.record.samplesUs().size()),
                right.record == null ? "" : Integer.toString(right.record.samplesUs().size())));
        return rows;
    }

    /** How much faster the left is than the right: {@code No.1 is 1.23× faster than No.4}; empty when either has no median. */
    public String verdict() {
        if (left.record == null || right.record == null || left.record.medianUs() == null || right.record.medianUs() == null) return "";
        double l = left.record.medianUs();
        double r = right.record.medianUs();
        boolean leftFaster = l <= r;
        double ratio = leftFaster ? r / l : l / r;
        return (leftFaster ? left.title : right.title) + " is " + String.format(java.util.Locale.ROOT, "%.2f×", ratio) + " faster than "
                + (leftFaster ? right.title : left.title) + " (median)";
    }

    private static String status(TuningRecord r) {
        return r == null ? "not measured" : r.status().label();
    }

    private static String micros(TuningRecord r, java.util.function.Function<TuningRecord, Double> f) {
        return r == null ? "" : Figures.micros(f.apply(r));
    }
}
