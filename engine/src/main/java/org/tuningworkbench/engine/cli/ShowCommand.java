package org.tuningworkbench.engine.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.tuningworkbench.engine.output.ResultTable;
import org.tuningworkbench.engine.output.Results;
import org.tuningworkbench.engine.output.TableFormat;
import org.tuningworkbench.engine.format.Counts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code workbench show RECORDS|PROJECT|SPACE}: the AUTOTUNE table of a record file or a recorded space, without running anything. */
@Command(name = "show", mixinStandardHelpOptions = true,
        description = "Prints the table of a record file (or of a project's records, or of a recorded space) without running anything.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the table is printed", "2:bad input (no records, a bad project, a file that is not a record file, --top below 1)"})
final class ShowCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RECORDS|PROJECT|SPACE",
            description = "A record file (.jsonl), a project file or folder, or a recorded space (Kernel Tuner cache or T4 results, .json or .json.gz).")
    Path path;

    @Option(names = "--top", paramLabel = "N", description = "Show the N fastest configs (default: " + ResultTable.SHOWN_BY_DEFAULT + ").")
    Integer top;

    @Option(names = "--all", description = "Show every config, however many were recorded.")
    boolean all;

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
        if (top != null && top < 1) {
            err.println("error: --top takes a number of at least 1, not " + top);
            return ExitCode.BAD_INPUT;
        }
        if (top != null && all) {
            err.println("error: give --top N or --all, not both");
            return ExitCode.BAD_INPUT;
        }
        var readable = RecordsOrProject.readOrSay(path, err);
        if (readable.isEmpty()) return ExitCode.BAD_INPUT;
        RecordsOrProject read = readable.get();
        if (read.records().isEmpty()) {
            err.println("error: " + read.recordFile() + " holds no records");
            return ExitCode.BAD_INPUT;
        }
        var numbers = read.numbers();
        SpaceRanking ranking = SpaceRanking.of(read, objective);
        ResultTable.print("AUTOTUNE " + read.name() + read.sizesText() + " on " + read.device()
                        + " (" + Counts.of(read.records().size(), "config") + " recorded)",
                read.records(), read.baseline().orElse(null), ranking.fileObjective(),
                r -> Results.label(numbers.get(r), r),
                all ? Integer.MAX_VALUE : top != null ? top : ResultTable.SHOWN_BY_DEFAULT, "--top N shows the N fastest, --all every one",
                ranking.projectObjective(), out);
        // As tune says it: by time, with what qualifies it (Claims); by the project's objective, naming it; by a file's own objective, as the file ranks.
        out.println(ranking.fileObjective() == null ? TableFormat.best(read.records(), ranking.projectObjective(), r -> Results.label(numbers.get(r), r))
                : ranking.best().map(b -> "Best config: " + Results.label(numbers.get(b), b)).orElse("Best config: none (no config succeeded)"));
        SpaceRanking.said(read, ranking).ifPresent(out::println);
        SpaceRanking.disagreement(read).ifPresent(err::println);
        out.flush();
        err.flush();
        return ExitCode.OK;
    }
}
