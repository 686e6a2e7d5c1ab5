package org.tuningworkbench.engine.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.output.ResultFormat;
import org.tuningworkbench.engine.output.Results;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code workbench export RECORDS --format kt-cache|t4 --out FILE}: the records as a Kernel Tuner cache or T4 results, which those tools read back. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Writes the records of a record file (or of a project, or of a recorded space) as a Kernel Tuner cache or as T4 results.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the file is written", "2:bad input (no records, a bad project, records that do not all set the same parameters)",
            "4:the file cannot be written"})
final class ExportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RECORDS|PROJECT|SPACE",
            description = "A record file (.jsonl), a project file or folder, or a recorded space (.json or .json.gz).")
    Path path;

    @Option(names = "--format", required = true, paramLabel = "kt-cache|t4",
            description = "kt-cache: a Kernel Tuner cache (tune_kernel(cache=FILE), simulation_mode); t4: the benchmark hub's T4 results.")
    String format;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The file to write (.json, or .json.gz to compress it).")
    Path out;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ResultFormat form;
        try {
            form = ResultFormat.file(format, out);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        var readable = RecordsOrProject.readOrSay(path, err);
        if (readable.isEmpty()) return ExitCode.BAD_INPUT;
        List<TuningRecord> records = readable.get().records();
        if (records.isEmpty()) {
            err.println("error: " + readable.get().recordFile() + " holds no records to export");
            return ExitCode.BAD_INPUT;
        }
        try {
            form.results(Results.of(records), stdout);
        } catch (IllegalArgumentException e) {
            err.println("error: cannot export " + path + ": " + e.getMessage() + "; both formats need every config to set every parameter");
            return ExitCode.BAD_INPUT;
        } catch (IOException e) {
            err.println("error: cannot write " + out + ": " + e.getMessage());
            return ExitCode.IO_ERROR;
        }
        stdout.flush();
        return ExitCode.OK;
    }
}
