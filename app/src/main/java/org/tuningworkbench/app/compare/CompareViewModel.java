package org.tuningworkbench.app.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.app.configs.Rate;
import org.tuningworkbench.engine.analysis.Claims;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.InvalidConfigException;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.record.JudgedStatus;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.stats.SampleStatistics;
import org.tuningworkbench.engine.tune.Ranking;

/** Two configs side by side: their variants, the lines where they differ, their statistics and samples. */
public final class CompareViewModel {

    /** One side: its title, variant text and record (null when not measured). */
    public record Side(String title, String text, TuningRecord record) {

        /** The title over its variant, with its status as the statistics' status row says it: {@code No.7 · ok · confirmed #1}. */
        public String heading() {
            return record == null ? title : title + " · " + status(record);
        }
    }

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

    /** {@code record}'s {@code rate} at the median it stands at, written as the grid writes it; "" without one. */
    private static String rate(TuningRecord record, Rate rate) {
        return record == null ? "" : Figures.rate(Ranking.standingRate(record, rate.of()));
    }

    /**
     * The figures of what the verdict rests on ({@link Claims#samplesOf}): a config's samples, or its confirmation's rounds
     * where the run's confirmation measured it again, as the grid's Median and CV columns show it.
     */
    public List<Row> statistics() {
        var rows = new ArrayList<Row>();
        rows.add(new Row("status", status(left.record), status(right.record)));
        rows.add(new Row("median", micros(left.record, SampleStatistics::median, TuningRecord::medianUs),
                micros(right.record, SampleStatistics::median, TuningRecord::medianUs)));
        rows.add(new Row("min", micros(left.record, SampleStatistics::min, TuningRecord::minUs), micros(right.record, SampleStatistics::min, TuningRecord::minUs)));
        rows.add(new Row("max", micros(left.record, SampleStatistics::max, TuningRecord::maxUs), micros(right.record, SampleStatistics::max, TuningRecord::maxUs)));
        rows.add(new Row("mean", micros(left.record, SampleStatistics::mean, TuningRecord::meanUs), micros(right.record, SampleStatistics::mean, TuningRecord::meanUs)));
        rows.add(new Row("std dev", spread(left.record), spread(right.record)));
        rows.add(new Row("CV", left.record == null ? "" : Figures.percent(Claims.cvOf(left.record)), right.record == null ? "" : Figures.percent(Claims.cvOf(right.record))));
        // The rates the records carry (GFLOP/s, GB/s), under the names the grid gives them; none when neither carries one
        // (a recorded space, a project without [work]), as the grid shows no rate column then.
        for (Rate rate : Rate.values()) {
            if (rate(left.record, rate).isEmpty() && rate(right.record, rate).isEmpty()) continue;
            rows.add(new Row(rate.title(), rate(left.record, rate), rate(right.record, rate)));
        }
        rows.add(new Row("samples", samples(left.record), samples(right.record)));
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

    /** The record's status as the grid and {@code show} say it ({@link JudgedStatus}). */
    private static String status(TuningRecord r) {
        return r == null ? "not measured" : JudgedStatus.of(r).text();
    }

    /** The samples a side's verdict and figures rest on ({@link Claims#samplesOf}): its confirmation's rounds where it was measured again. */
    public static List<Double> samples(Side side) {
        return Claims.samplesOf(side.record());
    }

    /** What the samples plot calls a side: its title, and for a config measured again, that its points are rounds ({@code No.7 (3 rounds)}). */
    public static String samplesLabel(Side side) {
        TuningRecord r = side.record();
        return r == null || rounds(r) == null ? side.title() : side.title() + " (" + samples(r) + ")";
    }

    /** How many samples (or rounds, for a config measured again) the verdict rests on. */
    private static String samples(TuningRecord r) {
        if (r == null) return "";
        int n = Claims.samplesOf(r).size();
        return rounds(r) == null ? Integer.toString(n) : n + (n == 1 ? " round" : " rounds");
    }

    /**
     * The standard deviation of what {@code r}'s figures rest on; none for fewer than two samples, which have no spread to tell
     * (the CV beside it is none then too, as in the grid: one sample's "0.000 µs" read as a config that never varies).
     */
    private static String spread(TuningRecord r) {
        return r == null || Claims.cvOf(r) == null ? "" : micros(r, SampleStatistics::stddev, TuningRecord::stddevUs);
    }

    /** A figure of {@code r}: of its confirmation's rounds ({@code ofRounds}) where it was measured again, else its own. */
    private static String micros(TuningRecord r, Function<SampleStatistics, Double> ofRounds, Function<TuningRecord, Double> ofSamples) {
        if (r == null) return "";
        SampleStatistics rounds = rounds(r);
        return Figures.micros(rounds != null ? ofRounds.apply(rounds) : ofSamples.apply(r));
    }

    /** The statistics of the rounds {@code r}'s standing rests on, or null where the confirmation did not measure it again. */
    private static SampleStatistics rounds(TuningRecord r) {
        return r.ok() && r.confirmation() != null ? r.confirmation().roundStatistics() : null;
    }
}
