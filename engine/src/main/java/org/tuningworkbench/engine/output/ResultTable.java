package org.tuningworkbench.engine.output;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import org.tuningworkbench.engine.analysis.Claims;
import org.tuningworkbench.engine.format.Configs;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.format.Numbers;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.JudgedStatus;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.recorded.FileObjective;
import org.tuningworkbench.engine.tune.Ranking;

/**
 * The closing table of a run, fastest first, each config with its median, spread (and how it was
 * judged: noisy, unsteady, raced out, stopped ahead, not verified), GFLOP/s and share of the best,
 * in the manner of an autotuning table, and its standing against the best by the one test every claim uses ({@link Claims}); for a device that times its kernels (OpenCL), the kernels'
 * own time, the launch overhead beside it and the launches a call made.
 */
public final class ResultTable {

    private ResultTable() {}

    /** How many configs a table shows unless asked for more: a search of thousands would print thousands of rows. */
    public static final int SHOWN_BY_DEFAULT = 20;

    /**
     * The {@code top} fastest configs' records, with the baseline (when not null) always among them at
     * its place; when configs are left out, a last line says how many, and {@code more} how to see them.
     */
    public static void print(String title, List<TuningRecord> records, TuningRecord baseline, java.util.function.Function<TuningRecord, String> label,
                      int top, String more, PrintWriter out) {
        print(title, records, baseline, null, label, top, more, Objective.TIME, out);
    }

    /**
     * As the other, ranked by {@code objective} (each of the project's metrics a column), or, for a
     * recorded space, by the file's own objective when {@code fileObjective} is not null: its value
     * is a column, and the share of the best is by it.
     */
    public static void print(String title, List<TuningRecord> records, TuningRecord baseline, FileObjective fileObjective,
                      java.util.function.Function<TuningRecord, String> label, int top, String more, PrintWriter out) {
        print(title, records, baseline, fileObjective, label, top, more, Objective.TIME, out);
    }

    /** As the other, ranked by {@code objective}; each of the project's metrics a column. */
    public static void print(String title, List<TuningRecord> records, TuningRecord baseline, java.util.function.Function<TuningRecord, String> label,
                      int top, String more, Objective objective, PrintWriter out) {
        print(title, records, baseline, null, label, top, more, objective, out);
    }

    /** The table, ranked by a recorded space's own objective when {@code fileObjective} is not null, else by {@code objective}. */
    public static void print(String title, List<TuningRecord> records, TuningRecord baseline, FileObjective fileObjective,
                              java.util.function.Function<TuningRecord, String> label, int top, String more, Objective objective, PrintWriter out) {
        Ranking ranking = Ranking.of(records, objective);
        TuningRecord best = ranking.best().orElse(null);
        // Each config against the best by the one test every claim uses, where the ranking is by time: the samples' own figure.
        boolean tested = fileObjective == null && objective.isTime();
        var all = new ArrayList<>(records);
        if (baseline != null) all.add(baseline);
        List<TuningRecord> ordered = fileObjective == null ? Ranking.of(all, objective).ordered() : fileObjective.ranked(all);
        Double bestValue = fileObjective == null || ordered.isEmpty() ? null : fileObjective.valueOf(ordered.getFirst()).orElse(null);
        boolean gflops = all.stream().anyMatch(r -> r.gflops() != null);
        boolean gbps = all.stream().anyMatch(r -> r.gbps() != null);
        boolean kernel = all.stream().anyMatch(r -> r.kernelUs() != null);
        var header = new ArrayList<>(List.of("config", "median", "min", "CV"));
        if (kernel) header.addAll(List.of("kernel", "overhead", "launches"));
        if (gflops) header.add("GFLOP/s");
        if (gbps) header.add("GB/s");
        if (fileObjective != null) header.add(fileObjective.objective().name() + " (file)");
        var metrics = new LinkedHashSet<String>();
        all.forEach(r -> metrics.addAll(r.metrics().keySet()));
        header.addAll(metrics);
        header.add("% of best");
        if (tested) header.add("vs best");
        header.add("values");
        var rows = new ArrayList<List<String>>();
        int configs = 0;
        for (TuningRecord r : ordered) {
            if (r != baseline && configs++ >= top) continue;
            var row = new ArrayList<String>();
            row.add(r.baseline() != null ? "baseline" : label.apply(r));
            if (r.ok()) {
                // Where the run's confirmation measured a config again, its confirmed figures stand, as in the window.
                row.add(Durations.micros(Ranking.standingMedianUs(r)));
                // The fastest of what its median is of: the confirmation's rounds where it measured the config again.
                Double min = Claims.minOf(r);
                row.add(min == null ? "" : Durations.micros(min));
                row.add(spread(r));
                if (kernel) {
                    row.add(r.kernelUs() == null ? "" : Durations.micros(r.kernelUs()));
                    row.add(r.kernelUs() == null ? "" : Durations.micros(r.launchOverheadUs()));
                    row.add(r.launches() == null ? "" : Long.toString(r.launches()));
                }
                if (gflops) row.add(r.gflops() == null ? "" : Numbers.rate(Ranking.standingGflops(r)));
                if (gbps) row.add(r.gbps() == null ? "" : Numbers.rate(Ranking.standingRate(r, TuningRecord::gbps)));
                for (String m : metrics) {
                    Double value = Ranking.standingMetric(r, m);
                    row.add(value == null ? "" : Numbers.significant(value));
                }
                if (fileObjective != null) {
                    Double value = fileObjective.valueOf(r).orElse(null);
                    row.add(value == null ? "" : String.format(Locale.ROOT, "%.6g", value));
                    row.add(value == null || bestValue == null || value == 0 ? ""
                            : String.format(Locale.ROOT, "%.1f%%", 100 * (fileObjective.objective().higherIsBetter() ? value / bestValue : bestValue / value)));
                } else {
                    row.add(ranking.percentOfBest(r).map(p -> String.format(Locale.ROOT, "%.1f%%", p)).orElse(""));
                }
                if (tested) row.add(Claims.againstBest(r, best));
            } else {
                row.add(r.status().label());
                row.add("");
                row.add("");
                if (kernel) row.addAll(List.of("", "", ""));
                if (gflops) row.add("");
                if (gbps) row.add("");
                if (fileObjective != null) row.add("");
                metrics.forEach(m -> row.add(""));
                row.add("");
                if (tested) row.add("");
            }
            row.add(r.baseline() != null ? r.baseline() : Configs.text(r.config()));
            rows.add(row);
        }
        out.println(title);
        int[] widths = new int[header.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = header.get(c).length();
            for (var row : rows) widths[c] = Math.max(widths[c], row.get(c).length());
        }
        out.println(line(header, widths));
        rows.forEach(row -> out.println(line(row, widths)));
        int left = Math.max(0, records.size() - top);
        if (left > 0) out.println("  ... " + Counts.of(left, "slower or failed config") + " not shown (" + more + ")");
    }

    /**
     * The CV column of a measured config: its spread, or its number of samples when it has none to
     * tell, followed by how the config was judged, as the window's status and the report say it
     * ({@code 8.6% noisy}, {@code 2.1% unsteady · raced out}, {@code 1 sample, stopped ahead}).
     */
    static String spread(TuningRecord r) {
        String marks = JudgedStatus.of(r).marks();
        Double cv = Claims.cvOf(r);
        if (cv == null) return r.samplesText() + (marks.isEmpty() ? "" : ", " + marks);
        return Numbers.percent(cv) + (marks.isEmpty() ? "" : " " + marks);
    }

    private static String line(List<String> cells, int[] widths) {
        var sb = new StringBuilder(" ");
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            boolean last = c == cells.size() - 1;
            boolean left = c == 0 || last;
            sb.append(' ');
            sb.append(last ? cell : left ? pad(cell, widths[c], false) : pad(cell, widths[c], true));
            if (!last) sb.append(' ');
        }
        return sb.toString().stripTrailing();
    }

    private static String pad(String cell, int width, boolean right) {
        String fill = " ".repeat(Math.max(0, width - cell.length()));
        return right ? fill + cell : cell + fill;
    }
}
