package org.tuningworkbench.engine.cli;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tuningworkbench.engine.SafeWrite;
import org.tuningworkbench.engine.format.Counts;
import java.util.concurrent.Callable;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.project.Range;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.recorded.RecordedSpace;
import org.tuningworkbench.engine.recorded.RecordedSpaceException;
import org.tuningworkbench.engine.recorded.RecordedSpaces;
import org.tuningworkbench.engine.recorded.PriorFiles;
import org.tuningworkbench.engine.search.Prior;
import org.tuningworkbench.engine.search.PriorAdvice;
import org.tuningworkbench.engine.replay.Replay;
import org.tuningworkbench.engine.replay.ReplayScore;
import org.tuningworkbench.engine.search.Strategies;
import org.tuningworkbench.engine.exec.TuningException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code workbench replay SPACE... --strategy NAME[,NAME...] --budget N[,N...] --seeds K}: compares
 * strategies on recorded spaces, each run answered from the records in no time.
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Compares search strategies on recorded spaces, each trial answered from the records.",
                "For every space (Kernel Tuner cache or T4 results, .json or .json.gz), strategy and budget: K runs seeded 1..K.",
                "Prints the fraction of the optimum reached (the space's best time / the best time found; 1.0 = found the best),",
                "its median and 10th percentile over the seeds, and the median number of evaluations to reach 95%% of the optimum",
                "(\"-\" when most seeds never do).",
                "With --prior, the strategies that learn from priors (evolutionary, model) are also replayed learning from them:",
                "a row `with` beside the row without. A prior that is the space replayed is not used for it.",
                "A budget's figures are the first N trials of each seed's run of the largest budget."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every space was replayed", "2:bad input (command line, a space file)", "4:a file cannot be written"})
final class ReplayCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "SPACE", arity = "1..*", description = "Recorded spaces: Kernel Tuner cache or T4 results files.")
    List<Path> spaces;

    @Option(names = "--strategy", paramLabel = "NAME", split = ",", required = true, description = "Strategies to replay, e.g. random,grid.")
    List<String> strategies;

    @Option(names = "--budget", paramLabel = "N", split = ",", required = true, description = "Trial budgets, e.g. 20,100,400.")
    List<Integer> budgets;

    @Option(names = "--seeds", paramLabel = "K", required = true, description = "Runs per strategy and budget, seeded 1..K.")
    int seeds;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the results as JSON to FILE.")
    Path json;

    @Option(names = "--prior", paramLabel = "FILE", description = "What other devices or sizes measured (a record file, Kernel Tuner cache or T4 file); repeatable.")
    List<Path> priorFiles = new ArrayList<>();

    /** The JSON written by {@code --json}: {@code {"spaces": [...]}}. */
    record Report(List<SpaceReport> spaces) {}

    record SpaceReport(String name, int configs, double optimum, List<Result> results) {}

    record Result(String strategy, boolean priors, int budget, double median, double p10, @JsonProperty("evals_to_95") Integer evalsTo95) {}

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        for (String s : strategies) {
            if (!Strategies.NAMES.contains(s)) {
                err.println("error: unknown strategy `" + s + "`; use one of " + String.join(", ", Strategies.NAMES));
                return ExitCode.BAD_INPUT;
            }
        }
        try {
            budgets.forEach(b -> Range.REPLAY_BUDGET.check("--budget", b));
            Range.REPLAY_SEEDS.check("--seeds", seeds);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        for (Path file : spaces) {
            if (!Files.isRegularFile(file)) {
                err.println("error: " + file + ": there is no such file");
                return ExitCode.BAD_INPUT;
            }
        }
        var priors = new ArrayList<Prior>();
        for (Path file : priorFiles) {
            try {
                priors.add(PriorFiles.read(file));
            } catch (RecordedSpaceException e) {
                err.println("error: prior " + e.getMessage());
                return ExitCode.BAD_INPUT;
            }
        }
        long readNs = 0;
        long replayNs = 0;
        int runs = 0;
        long trials = 0;
        int largest = budgets.stream().mapToInt(Integer::intValue).max().orElseThrow();
        var reports = new ArrayList<SpaceReport>();
        for (Path file : spaces) {
            RecordedSpace space;
            long readStart = System.nanoTime();
            try {
                space = RecordedSpaces.read(file);
                space.space();
                readNs += System.nanoTime() - readStart;
            } catch (RecordedSpaceException e) {
                err.println("error: " + e.getMessage());
                return ExitCode.BAD_INPUT;
            }
            if (Double.isNaN(space.optimum())) {
                err.println("error: " + file + ": no config of the space succeeded, so there is no optimum to reach");
                return ExitCode.BAD_INPUT;
            }
            out.println(String.format(Locale.ROOT, "%s: %,d configs (%,d valid), optimum %s (%s, %s)", space.name(),
                    space.records().size(), space.validCount(), Durations.micros(space.optimum()), space.kernelName(), space.deviceName()));
            // The space's own file is no prior for it: it would tell the answer.
            List<Prior> others = priors.stream().filter(p -> !p.name().equals(file.getFileName().toString())).toList();
            for (PriorAdvice.Used used : PriorAdvice.of(space.space(), others).used()) {
                out.println(String.format(Locale.ROOT, "  prior %s: %,d of its %,d configs are in this space", used.prior(), used.inSpace(), used.configs()));
            }
            out.println(String.format(Locale.ROOT, "  %-14s %-7s %7s %8s %8s %12s", "strategy", "priors", "budget", "median", "p10", "evals_to_95"));
            var results = new ArrayList<Result>();
            for (String strategy : strategies) {
                for (boolean withPriors : others.isEmpty() || !Strategies.LEARNING_FROM_PRIORS.contains(strategy) ? List.of(false) : List.of(false, true)) {
                    var seeded = new ArrayList<List<TuningRecord>>();
                    long replayStart = System.nanoTime();
                    for (long seed = 1; seed <= seeds; seed++) {
                        try {
                            List<TuningRecord> run = Replay.run(space, strategy, largest, seed, withPriors ? others : List.of());
                            seeded.add(run);
                            trials += run.size();
                        } catch (TuningException e) {
                            err.println("error: " + space.name() + ", " + strategy + ": " + e.getMessage());
                            return e.kind() == TuningException.Kind.IO ? ExitCode.IO_ERROR : ExitCode.BAD_INPUT;
                        }
                        runs++;
                    }
                    replayNs += System.nanoTime() - replayStart;
                    for (int budget : budgets) {
                        var firsts = seeded.stream().map(run -> run.subList(0, Math.min(budget, run.size()))).toList();
                        ReplayScore score = ReplayScore.of(strategy, budget, space.optimum(), firsts);
                        String evals = score.evalsTo95().isPresent() ? Integer.toString(score.evalsTo95().getAsInt()) : "-";
                        out.println(String.format(Locale.ROOT, "  %-14s %-7s %7d %8.3f %8.3f %12s", strategy, withPriors ? "with" : "-", budget,
                                score.median(), score.p10(), evals));
                        results.add(new Result(strategy, withPriors, budget, score.median(), score.p10(),
                                score.evalsTo95().isPresent() ? score.evalsTo95().getAsInt() : null));
                    }
                    out.flush();
                }
            }
            out.println();
            reports.add(new SpaceReport(space.name(), space.records().size(), space.optimum(), results));
        }
        err.println(String.format(Locale.ROOT, "Read %s in %.1f s; replayed %s (%s) in %.1f s.", Counts.of(spaces.size(), "space"), readNs / 1e9,
                Counts.of(runs, "run"), Counts.of(trials, "trial"), replayNs / 1e9));
        if (json != null) {
            try {
                if (json.toAbsolutePath().getParent() != null) Files.createDirectories(json.toAbsolutePath().getParent());
                SafeWrite.write(json, RecordFile.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(new Report(reports)) + "\n");
            } catch (IOException e) {
                err.println("error: " + (e instanceof SafeWrite.WriteException ? e.getMessage() : "cannot write " + json + ": " + e.getMessage()));
                return ExitCode.IO_ERROR;
            }
            out.println("Results: " + json);
        }
        out.flush();
        return ExitCode.OK;
    }
}
