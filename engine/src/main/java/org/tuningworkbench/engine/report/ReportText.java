package org.tuningworkbench.engine.report;

import static org.tuningworkbench.engine.report.Svg.escape;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.tuningworkbench.engine.analysis.Spread;
import org.tuningworkbench.engine.format.Configs;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.analysis.Ceilings;
import org.tuningworkbench.engine.analysis.Claims;
import org.tuningworkbench.engine.analysis.LatencySpan;
import org.tuningworkbench.engine.analysis.Results;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.format.Numbers;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.recorded.FileObjective;
import org.tuningworkbench.engine.tune.Ranking;
import org.tuningworkbench.engine.verify.Verification;

/** The report's sections in words: the summary, the machine, the method and the verification. */
final class ReportText {
    private static final int LISTED = 100;

    private ReportText() {}

    static String summary(TuningReport report, Results results, Map<TuningRecord, Integer> numbers) {
        List<TuningRecord> records = report.records();
        long ok = report.sample().map(ReportRecords.Sample::measured).orElseGet(() -> records.stream().filter(Results::measured).count());
        String counts = Counts.of(report.configs(), "config") + ", " + Counts.of(ok) + " succeeded"
                + (ok < report.configs() ? ", " + failures(report) : "") + "."
                + report.sample().map(s -> " The report keeps the " + Counts.of(s.top()) + " fastest, the slowest success and a random sample of "
                        + Counts.of(ReportRecords.SAMPLE) + " configs (a run of more than " + Counts.of(ReportRecords.ALL_UP_TO)
                        + " configs is not reported whole): the table lists the fastest; the charts and the figures per parameter are of those kept;"
                        + " the counts are of all.").orElse("");
        Ranking ranking = report.ranking();
        var best = ranking.best();
        if (best.isEmpty()) return counts + " No config succeeded" + (ranking.objective().isTime() ? "." : " with a value of " + ranking.objective().name() + ".");
        TuningRecord b = best.get();
        boolean byTime = ranking.objective().isTime();
        // By time, the best with what qualifies it against the runner-up; by another objective, the best by it, which it names (as show and tune say it).
        String caveat = byTime ? Claims.best(records).map(c -> c.caveat(r -> "No." + numbers.get(r))).orElse("") : "";
        String text = counts + " Best" + (byTime ? "" : " by " + ranking.objective()) + ": No." + numbers.get(b) + " " + b.config()
                + (b.medianUs() == null ? "" : " at " + Durations.micros(Ranking.standingMedianUs(b)) + (b.confirmation() == null ? "" : " confirmed"))
                + (byTime ? "" : ", " + ranking.objective().name() + " " + Numbers.significant(Ranking.value(b, ranking.objective()).getAsDouble()))
                + (b.gflops() == null || !byTime && ranking.objective().name().equals("GFLOP/s") ? "" : String.format(Locale.ROOT, " (%.1f GFLOP/s)", Ranking.standingGflops(b)));
        text += LatencySpan.of(records).map(s -> String.format(Locale.ROOT, ", %.2f× faster than the slowest success", s.ratio())).orElse("");
        if (report.baseline().filter(Results::measured).isPresent() && b.medianUs() != null) {
            TuningRecord base = report.baseline().get();
            text += String.format(Locale.ROOT, "; the baseline (%s) takes %s, %.2f× the best's time", base.baselineDescription(), Durations.micros(base.medianUs()),
                    base.medianUs() / Ranking.standingMedianUs(b));
        }
        return text + (caveat.isEmpty() ? "" : "; the fastest, not a clear best: " + caveat) + ".";
    }

    /**
     * What the configs are ranked by, as the results section says it; for a recorded space whose own objective puts
     * another config first (Kernel Tuner's {@code time} is the mean of the samples), which one, as {@code show} and
     * {@code best} rank it.
     */
    static String rankedBy(TuningReport report) {
        String by = report.objective().isTime() ? "Ranked by the time of a call (the median of a config's samples), fastest first."
                : "Ranked by the project's objective, " + report.objective() + ", best first, as tune, show and the window rank them;"
                + " % of best is by it too.";
        if (report.fileObjective().isEmpty()) return by;
        FileObjective own = report.fileObjective().get();
        var byFile = own.best(report.records());
        var byMedian = report.ranking().best();
        // No config succeeded: neither ranking puts one first.
        if (byFile.isEmpty() || byMedian.isEmpty()) return by;
        if (byFile.get() == byMedian.get()) return by + " " + capitalised(own.describe()) + " puts the same config first.";
        Integer number = report.numbers().get(byFile.get());
        return by + " " + capitalised(own.describe()) + ", which show and best rank this space by, puts "
                + (number == null ? Configs.text(byFile.get().config()) : "No." + number) + " first"
                + own.valueOf(byFile.get()).map(v -> " (" + own.objective().name() + " " + Numbers.significant(v) + ")").orElse("") + ".";
    }

    private static String capitalised(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    private static String failures(TuningReport report) {
        Map<Status, Long> byStatus = report.sample().map(ReportRecords.Sample::failed).orElseGet(() -> report.records().stream()
                .filter(r -> !Results.measured(r)).collect(Collectors.groupingBy(TuningRecord::status, TreeMap::new, Collectors.counting())));
        return byStatus.entrySet().stream().map(e -> Counts.of(e.getValue()) + " " + e.getKey().label()).collect(Collectors.joining(", "));
    }


    static String machine(TuningReport report) {
        var rows = new LinkedHashMap<String, String>();
        rows.put("device", distinct(report.records(), TuningRecord::device));
        rows.put("where", distinct(report.records(), r -> r.identity().instance()));
        rows.put("compiler", distinct(report.records(), TuningRecord::toolchain));
        if (report.ceilings().isPresent()) {
            Ceilings c = report.ceilings().get();
            rows.put("compute peak", String.format(Locale.ROOT, "%.1f GFLOP/s FP32, one core, %d-bit FMA", c.peakGflops(), c.peakBits()));
            rows.put("memory bandwidth", String.format(Locale.ROOT, "%.1f GB/s, one core (ridge at %.1f FLOP/byte)", c.bandwidthGbps(), c.ridge()));
            rows.put("ceilings measured", c.measuredAt() + ": " + c.method());
        } else {
            rows.put("ceilings", report.ceilingsNote());
        }
        return table(rows);
    }

    static String method(TuningReport report) {
        var rows = new LinkedHashMap<String, String>();
        // What the run was asked for, as its records say (the command line may have set other sizes or settings than the project file's).
        List<TuningRecord.Setting> settings = report.records().stream().map(TuningRecord::setting).filter(Objects::nonNull).distinct().toList();
        String fromProject = report.measure().map(m -> "run timeout " + m.runTimeout().toSeconds() + " s, input seed " + m.seed()
                + (m.memoryLimitMb() > 0 ? ", memory limit " + m.memoryLimitMb() + " MiB" : "") + (m.deviceIds().isEmpty() ? "" : ", pinned to CPUs " + m.deviceIds()))
                .orElse("");
        if (settings.size() == 1) {
            TuningRecord.Setting s = settings.getFirst();
            rows.put("[measure]", s.measureText() + (fromProject.isEmpty() ? "" : ", " + fromProject));
            if (!s.sizesText().isEmpty()) rows.put("sizes", s.sizesText());
        } else if (settings.size() > 1) {
            rows.put("[measure]", "the records were measured in " + settings.size() + " settings: " + settings.stream()
                    .map(s -> (s.sizesText().isEmpty() ? "" : s.sizesText() + ": ") + s.measureText()).collect(Collectors.joining("; "))
                    + (fromProject.isEmpty() ? "" : "; " + fromProject));
        } else if (report.measure().isPresent()) {
            rows.put("[measure]", TuningRecord.Setting.of(Map.of(), report.measure().get()).measureText() + ", " + fromProject
                    + " (the project file's: these records do not say what they were measured with)");
        } else {
            rows.put("[measure]", "not known: these records were read without their project");
        }
        List<TuningRecord> ok = report.records().stream().filter(Results::measured).toList();
        // The range as well as the median: racing stops most configs after a sample or three, and "1 a config" alone
        // would read as the setting, against the [measure] row's repeat.
        double[] counts = ok.stream().mapToDouble(r -> r.samplesUs().size()).toArray();
        rows.put("samples", ok.isEmpty() ? "none" : range(counts) + " a config (median " + trim(median(counts)) + ")"
                + "; a sample times " + range(ok.stream().filter(r -> r.callsPerSample() != null).mapToDouble(TuningRecord::callsPerSample).toArray())
                + " kernel call(s) and gives the time of one; a config's figure is its median sample");
        long runs = report.records().stream().map(TuningRecord::runId).filter(Objects::nonNull).distinct().count();
        rows.put("search", distinct(report.records(), r -> r.strategy() == null ? null : r.strategy() + (r.seed() == null ? "" : " (seed " + r.seed() + ")"))
                + (runs == 0 ? "" : "; " + runs + (runs == 1 ? " run" : " runs")));
        rows.put("pipeline", "not kept in records; the CPU share below says whether the measuring thread had a core to itself");
        double[] shares = ok.stream().filter(r -> r.cpuShare() != null).mapToDouble(TuningRecord::cpuShare).toArray();
        rows.put("steadiness", (shares.length == 0 ? "CPU share not recorded" : String.format(Locale.ROOT, "CPU share of the measuring thread median %.0f%%, lowest %.0f%%",
                100 * median(shares), 100 * Arrays.stream(shares).min().orElse(0)))
                + "; " + count(ok, r -> Boolean.TRUE.equals(r.unsteady())) + " unsteady, " + count(ok, r -> Boolean.TRUE.equals(r.noisy()))
                + " noisy (CV over 5%), " + ok.stream().mapToInt(r -> r.remeasured() == null ? 0 : r.remeasured()).sum() + " re-measurements, "
                + count(ok, r -> r.timing() != null && r.timing().stopped() != null) + " stopped early by racing"
                + distinctIfAny(ok, r -> r.pinnedCpu() == null ? null : "CPU " + r.pinnedCpu(), "; pinned to "));
        return table(rows);
    }

    static String verification(TuningReport report, Map<TuningRecord, Integer> numbers) {
        List<TuningRecord> records = report.records();
        Map<String, Long> byStatus = report.sample().map(ReportRecords.Sample::verification).orElseGet(() -> {
            var counts = new TreeMap<String, Long>();
            records.forEach(r -> counts.merge(verificationOf(r), 1L, Long::sum));
            return counts;
        });
        var html = new StringBuilder("<p>" + escape(byStatus.entrySet().stream().map(e -> Counts.of(e.getValue()) + " " + e.getKey())
                .collect(Collectors.joining("; "))) + ".</p>\n");
        var problems = new ArrayList<String>();
        for (TuningRecord r : records) {
            if (r.verification() != null && r.verification().failed()) problems.add("No." + numbers.get(r) + " " + r.config() + ": " + r.verification().summary());
            else if (!r.ok()) problems.add("No." + numbers.get(r) + " " + r.config() + ": " + r.status().label() + (r.error() == null ? "" : " — " + firstLine(r.error())));
        }
        if (problems.isEmpty()) return html.toString();
        html.append("<ul class=\"problems\">");
        problems.stream().limit(LISTED).forEach(p -> html.append("<li>").append(escape(p)).append("</li>"));
        if (problems.size() > LISTED) html.append("<li>… and ").append(Counts.of(problems.size() - LISTED)).append(" more (the table lists every config's status)</li>");
        if (report.sample().isPresent()) html.append("<li>(of the configs the report keeps; the counts above are of all)</li>");
        return html.append("</ul>\n").toString();
    }

    /** How a config's output compared, as the verification section counts it. */
    static String verificationOf(TuningRecord r) {
        // A config measured elsewhere (a recorded space, an imported file) ran to the end, but its record says nothing of its output.
        return r.verification() == null ? (r.ok() ? "succeeded with no verification recorded" : "not compared (did not run to the end)")
                : switch (r.verification().status()) {
            case PASS -> "match the golden result";
            case FAIL -> "differ from the golden result";
            case NONE -> "not verified (no golden result)";
        };
    }

    private static String firstLine(String text) {
        String line = text.strip().lines().findFirst().orElse("");
        return line.length() > 240 ? line.substring(0, 239) + "…" : line;
    }

    private static String distinct(List<TuningRecord> records, java.util.function.Function<TuningRecord, String> field) {
        String values = records.stream().map(field).filter(Objects::nonNull).distinct().limit(5).collect(Collectors.joining("; "));
        return values.isEmpty() ? "not recorded" : values;
    }

    private static String distinctIfAny(List<TuningRecord> records, java.util.function.Function<TuningRecord, String> field, String prefix) {
        String values = records.stream().map(field).filter(Objects::nonNull).distinct().sorted().collect(Collectors.joining(", "));
        return values.isEmpty() ? "" : prefix + values;
    }

    private static long count(List<TuningRecord> records, java.util.function.Predicate<TuningRecord> test) {
        return records.stream().filter(test).count();
    }

    private static double median(double[] values) {
        return Spread.of(values).map(s -> s.median()).orElse(Double.NaN);
    }

    private static String range(double[] values) {
        if (values.length == 0) return "an unrecorded number of";
        long lo = (long) Arrays.stream(values).min().orElse(0);
        long hi = (long) Arrays.stream(values).max().orElse(0);
        return lo == hi ? Long.toString(lo) : lo + "–" + hi;
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    private static String table(Map<String, String> rows) {
        var html = new StringBuilder("<table class=\"facts\">");
        rows.forEach((k, v) -> html.append("<tr><th>").append(escape(k)).append("</th><td>").append(escape(v)).append("</td></tr>"));
        return html.append("</table>\n").toString();
    }
}
