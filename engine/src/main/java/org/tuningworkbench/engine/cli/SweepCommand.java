package org.tuningworkbench.engine.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.tuningworkbench.engine.configs.ConfigNumbers;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.exec.TuningException;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.RecordFileException;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Ranking;
import org.tuningworkbench.engine.tune.SizeSweep;
import org.tuningworkbench.engine.tune.TuningEvent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code workbench sweep PROJECT --size n=1024,2048,4096 --configs 1,3}: chosen configs at each value of one size, as a table. */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = "Measures chosen configs at each of a list of values of one size of [sizes] (a problem-size sweep, "
                + "as Triton's perf_report), to show where a config falls off a cache: one row per value, one column per config.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every config was measured at some value", "1:a config succeeded at no value",
            "2:bad input (command line, project file)", "3:the compiler is not installed", "4:records cannot be read or written",
            "5:another run writes the same records", "130:stopped by SIGINT (Ctrl+C); finished records are kept"})
final class SweepCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PROJECT", description = "The project file (.toml), or the folder that holds it.")
    Path projectFile;

    @Option(names = "--size", required = true, paramLabel = "SIZE=V,V,...", description = "The size of [sizes] to sweep and its values, e.g. --size n=1024,4096,16384.")
    String sweep;

    @Option(names = "--configs", paramLabel = "N,N,...", description = "The configs to measure, by their number in the project's list (No.1 is the first); default: the first three.")
    String numbers;

    @Option(names = "--best", paramLabel = "K", description = "Measure the K best configs of the project's records (by its objective) instead of listed ones.")
    Integer best;

    @Option(names = "--records", paramLabel = "FILE", description = "Record file to append to; a config recorded at a size with the same settings is not measured again. Default: sweep.jsonl beside the project.")
    Path records;

    @Option(names = "--repeat", paramLabel = "N", description = "Samples per config and size (default: the project's [measure] repeat).")
    Integer repeat;

    @Option(names = "--cache-dir", paramLabel = "DIR", description = "Where variants are built and kept (default: ~/.cache/tuning-workbench).")
    Path cacheDir;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        SizeSweep sizeSweep;
        Project project;
        try {
            int eq = sweep.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("--size takes SIZE=V,V,... (e.g. n=1024,4096), not `" + sweep + "`");
            String size = sweep.substring(0, eq).strip();
            List<Long> values = SizeSweep.values(sweep.substring(eq + 1));
            project = ProjectFile.load(projectFile);
            var chosen = chosen(project);
            TuneOptions options = TuneOptions.defaults();
            if (cacheDir != null) options = options.toBuilder().cacheDir(cacheDir).build();
            sizeSweep = new SizeSweep(project.file(), Map.of(), size, values, chosen.stream().map(Numbered::config).toList(),
                    chosen.stream().map(Numbered::number).toList(), options,
                    m -> repeat == null ? m : m.withRepeat(repeat));
        } catch (ProjectException e) {
            e.errors().forEach(error -> err.println("error: " + error));
            return ExitCode.BAD_INPUT;
        } catch (IllegalArgumentException | IOException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        Path recordPath = records != null ? records : project.directory().resolve("sweep.jsonl");
        Signals signals = Signals.install(sizeSweep::stop);
        try (signals; RecordFile file = RecordFile.open(recordPath)) {
            SizeSweep.Result result = sizeSweep.run(file, step -> progress(step, err));
            print(result, out);
            out.println("Records: " + recordPath);
            out.flush();
            if (signals.received().isPresent()) return 128 + signals.received().getAsInt();
            boolean each = result.lines().stream().allMatch(l -> l.records().values().stream().anyMatch(TuningRecord::ok));
            return each ? ExitCode.OK : ExitCode.NO_SUCCESS;
        } catch (ProjectException e) {
            e.errors().forEach(error -> err.println("error: " + error));
            return ExitCode.BAD_INPUT;
        } catch (TuningException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.of(e.kind());
        } catch (RecordFileException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.of(e);
        } catch (IOException e) {
            err.println("error: cannot use the record file " + recordPath + ": " + e.getMessage());
            return ExitCode.IO_ERROR;
        }
    }

    private record Numbered(Config config, int number) {}

    /** The configs asked for: by number in the project's list, the best of its records, or the first three it lists. */
    private List<Numbered> chosen(Project project) throws IOException {
        if (best != null && numbers != null) throw new IllegalArgumentException("give --configs or --best, not both");
        List<Config> listed = project.candidates().listed();
        var chosen = new ArrayList<Numbered>();
        if (best != null) {
            if (best < 1) throw new IllegalArgumentException("--best takes a number of configs of at least 1, not " + best);
            Path file = project.recordFile();
            if (!Files.isRegularFile(file)) throw new IllegalArgumentException("--best ranks the project's records, and " + file + " does not exist: run `workbench tune` first");
            var read = RecordFile.read(file);
            var ranked = Ranking.of(read, project.search().objective()).ordered().stream().filter(TuningRecord::ok).limit(best).toList();
            if (ranked.isEmpty()) throw new IllegalArgumentException(file + " holds no config that succeeded");
            var configNumbers = new ConfigNumbers(listed);
            for (TuningRecord r : ranked) chosen.add(new Numbered(r.configValues(), configNumbers.of(r.configValues())));
            return chosen;
        }
        if (listed.isEmpty()) {
            throw new IllegalArgumentException(project.file() + " lists no configs: choose the best of its records with --best K");
        }
        if (numbers == null) {
            for (int i = 0; i < Math.min(3, listed.size()); i++) chosen.add(new Numbered(listed.get(i), i + 1));
            return chosen;
        }
        for (String part : numbers.split("[,\\s]+")) {
            if (part.isBlank()) continue;
            int n;
            try {
                n = Integer.parseInt(part.strip().replaceFirst("^(?i)No\\.", ""));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--configs: `" + part + "` is not a config number (e.g. --configs 1,3)");
            }
            if (n < 1 || n > listed.size()) {
                throw new IllegalArgumentException("--configs: there is no No." + n + " (the project lists No.1 to No." + listed.size() + ")");
            }
            chosen.add(new Numbered(listed.get(n - 1), n));
        }
        return chosen;
    }

    private static void progress(SizeSweep.Step step, PrintWriter err) {
        if (step.event() instanceof TuningEvent.Started) {
            err.println(String.format(Locale.ROOT, "Measuring at %d (%d of %d)…", step.value(), step.index() + 1, step.count()));
            err.flush();
        }
    }

    /** One row per value: the size, then each config's median and GFLOP/s when known (or why it has none). */
    static void print(SizeSweep.Result result, PrintWriter out) {
        var header = new StringBuilder(String.format(Locale.ROOT, "%-10s", result.size()));
        for (var line : result.lines()) header.append(String.format(Locale.ROOT, "  %-24s", "No." + line.number()));
        out.println(header.toString().stripTrailing());
        for (long value : result.values()) {
            var row = new StringBuilder(String.format(Locale.ROOT, "%-10d", value));
            for (var line : result.lines()) row.append(String.format(Locale.ROOT, "  %-24s", cell(line.at(value).orElse(null))));
            out.println(row.toString().stripTrailing());
        }
    }

    private static String cell(TuningRecord r) {
        if (r == null) return "not measured";
        if (!r.ok() || r.medianUs() == null) return r.status().label();
        String time = Durations.micros(r.medianUs());
        return r.gflops() == null ? time : time + String.format(Locale.ROOT, " %.1f GFLOP/s", r.gflops());
    }
}
