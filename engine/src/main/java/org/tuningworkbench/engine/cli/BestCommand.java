package org.tuningworkbench.engine.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.concurrent.Callable;
import org.tuningworkbench.engine.format.Configs;
import org.tuningworkbench.engine.analysis.Claims;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.format.Numbers;
import org.tuningworkbench.engine.output.JsonFormat;
import org.tuningworkbench.engine.output.Results;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Ranking;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code workbench best PROJECT|RECORDS|SPACE}: the fastest successful config of the latest run's records, or of a recorded space. */
@Command(name = "best", mixinStandardHelpOptions = true,
        description = "Prints the best config of a project's records (or of a record file, or of a recorded space).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:a best config was found", "1:no recorded config succeeded", "2:bad input (no records, a bad project)"})
final class BestCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PROJECT|RECORDS|SPACE",
            description = "A project file or folder, a record file (.jsonl), or a recorded space (Kernel Tuner cache or T4 results, .json or .json.gz).")
    Path path;

    @Option(names = "--json", description = "Print the best config's values, median and record as one JSON object.")
    boolean json;

    @Option(names = "--objective", paramLabel = "file|median",
            description = "For a recorded space: rank by the file's own objective (file, the default, as Kernel Tuner ranks) or by the median of the samples (median).")
    String objective = SpaceRanking.FILE;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!objective.equals(SpaceRanking.FILE) && !objective.equals(SpaceRanking.MEDIAN)) {
            err.println("error: --objective takes file or median, not " + objective);
            return ExitCode.BAD_INPUT;
        }
        var readable = RecordsOrProject.readOrSay(path, err);
        if (readable.isEmpty()) return ExitCode.BAD_INPUT;
        RecordsOrProject read = readable.get();
        SpaceRanking ranking = SpaceRanking.of(read, objective);
        var best = ranking.best();
        if (best.isEmpty()) {
            err.println("no recorded config succeeded (" + read.records().size() + " in " + read.recordFile() + ")");
            return ExitCode.NO_SUCCESS;
        }
        TuningRecord b = best.get();
        int number = read.numbers().get(b);
        // By time, the best is said with what qualifies it; by another objective, it is the best by that objective.
        String caveat = !ranking.byTime() ? "" : Claims.best(read.records()).map(c -> c.caveat(r -> "No." + read.numbers().get(r))).orElse("");
        if (json) {
            var shown = new LinkedHashMap<String, Object>();
            shown.put("number", number);
            if (b.name() != null) shown.put("name", b.name());
            shown.put("config", b.config());
            // Where the run's confirmation measured it again, its confirmed figures stand (the record holds the search's too).
            shown.put("median_us", Ranking.standingMedianUs(b));
            if (b.gflops() != null) shown.put("gflops", Ranking.standingGflops(b));
            if (b.confirmation() != null) shown.put("confirmed", true);
            if (!caveat.isEmpty()) shown.put("caveat", caveat);
            shown.put("record", b);
            out.println(JsonFormat.json(shown));
        } else {
            out.println("Best config: " + Results.label(number, b) + ", " + Durations.micros(Ranking.standingMedianUs(b))
                    + (b.confirmation() == null ? "" : " confirmed") + ", " + Configs.text(b.config())
                    + (b.gflops() == null ? "" : String.format(java.util.Locale.ROOT, ", %.1f GFLOP/s", Ranking.standingGflops(b)))
                    + (b.metrics().isEmpty() ? "" : ", " + metricsText(b))
                    + (caveat.isEmpty() ? "" : " (fastest; " + caveat + ")"));
        }
        if (!json) SpaceRanking.said(read, ranking).ifPresent(out::println);
        SpaceRanking.disagreement(read).ifPresent(err::println);
        out.flush();
        err.flush();
        return ExitCode.OK;
    }

    private static String metricsText(TuningRecord b) {
        return b.metrics().keySet().stream().map(name -> name + " " + Numbers.significant(Ranking.standingMetric(b, name)))
                .collect(java.util.stream.Collectors.joining(", "));
    }
}
