package org.tuningworkbench.engine.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.tuningworkbench.engine.SafeWrite;
import org.tuningworkbench.engine.SystemErrors;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.analysis.Ceilings;
import org.tuningworkbench.engine.format.Counts;
import org.tuningworkbench.engine.machine.CeilingsCache;
import org.tuningworkbench.engine.machine.CeilingsProbe;
import org.tuningworkbench.engine.recorded.RecordedSpaces;
import org.tuningworkbench.engine.report.ReportSource;
import org.tuningworkbench.engine.report.ReportSource.KnownCeilings;
import org.tuningworkbench.engine.report.TuningReport;
import org.tuningworkbench.engine.lock.PidLock;
import org.tuningworkbench.engine.run.Device;
import org.tuningworkbench.engine.exec.DeviceLock;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.exec.TuningException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code workbench report PROJECT|RECORDS|SPACE --out report.html}: one self-contained HTML page of
 * a run's results, to share: machine, method, the result table, charts, the best config's source
 * difference and verification.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Writes one self-contained HTML report (inline SVG charts, no external references) of a project's records, a record file or a recorded space.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the report is written", "2:bad input (nothing to report, --out is a folder, a device or one of the report's inputs)",
            "4:the report cannot be written", "129:stopped by SIGHUP; nothing written", "130:stopped by SIGINT (Ctrl+C); nothing written",
            "143:stopped by SIGTERM; nothing written"})
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PROJECT|RECORDS|SPACE",
            description = "A project file or folder, a record file (.jsonl), or a recorded space (Kernel Tuner cache or T4 results, .json or .json.gz).")
    Path path;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The HTML file to write.")
    Path out;

    @Option(names = "--overwrite-input", description = "Allow --out to name a file the report is made from (the project file, its kernel, "
            + "the record file or space), which is refused otherwise.")
    boolean overwriteInput;

    @Option(names = "--no-measure", description = "Never measure the machine's ceilings for the roofline; use them only when measured before.")
    boolean noMeasure;

    @Option(names = "--measure-again", description = "Measure this machine's ceilings again, keeping the higher of each figure "
            + "(a busy moment measures low).")
    boolean measureAgain;

    @Option(names = "--cache-dir", paramLabel = "DIR", description = "Where the measured ceilings are kept (default: the build cache's folder).")
    Path cacheDir;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (Files.isDirectory(out)) {
            err.println("error: --out " + out + " is a folder; name the report's file, such as " + out.resolve("report.html"));
            return ExitCode.BAD_INPUT;
        }
        // Measuring the ceilings runs programs for seconds: the first signal ends it (the thread's interrupt kills the program), and the command.
        Thread main = Thread.currentThread();
        Optional<TuningReport> report;
        try (Signals signals = Signals.install(main::interrupt)) {
            report = report(err);
            if (signals.received().isPresent()) {
                Thread.interrupted();
                err.println("stopped; no report written");
                return 128 + signals.received().getAsInt();
            }
        }
        if (report.isEmpty()) return ExitCode.BAD_INPUT;
        try {
            Path absolute = out.toAbsolutePath();
            if (absolute.getParent() != null) Files.createDirectories(absolute.getParent());
            ReportSource.write(report.get(), out, overwriteInput ? SafeWrite.anywhere() : SafeWrite.sparing(inputs));
        } catch (SafeWrite.WriteException e) {
            err.println("error: " + e.getMessage());
            return e.environment() ? ExitCode.IO_ERROR : ExitCode.BAD_INPUT;
        } catch (IOException e) {
            err.println("error: cannot write " + out + ": " + (e instanceof FileSystemException f ? SystemErrors.reason(f) : e.getMessage()));
            return ExitCode.IO_ERROR;
        }
        spec.commandLine().getOut().println("Report of " + Counts.of(report.get().configs(), "config") + " written to " + out);
        spec.commandLine().getOut().flush();
        return ExitCode.OK;
    }

    /** The files the report is made from, which --out must not replace unless allowed. */
    private List<Path> inputs = List.of();

    private Optional<TuningReport> report(PrintWriter err) {
        if (RecordedSpaces.hasSpaceName(path)) {
            var readable = RecordsOrProject.readOrSay(path, err);
            if (readable.isEmpty()) return Optional.empty();
            RecordsOrProject read = readable.get();
            inputs = read.inputs();
            var source = new ReportSource(read.project(), read.space(), read.name(), read.records(), read.baseline(), path.toString());
            // The report ranks a space by the median, as the window does; where show and best, ranking by the file's own objective,
            // would crown another config, it says so as they do.
            SpaceRanking.disagreement(read).ifPresent(warning -> {
                err.println(warning);
                err.println("note: the report ranks by the median of the samples; show and best rank by the file's `"
                        + read.space().orElseThrow().ranking().objective().name() + "` unless --objective median");
            });
            return Optional.of(source.report(device -> ceilings(device, err)));
        }
        // A record file is read a line at a time, the report keeping a bounded number of its records.
        var readable = ReportInput.readOrSay(path, err);
        if (readable.isEmpty()) return Optional.empty();
        ReportInput read = readable.get();
        inputs = read.inputs();
        if (read.kept().records().isEmpty()) {
            err.println("error: " + read.recordFile() + " holds no records of configs; nothing to report");
            return Optional.empty();
        }
        var source = new ReportSource(read.project(), Optional.empty(), read.name(), read.kept(), read.baseline(), path.toString());
        return Optional.of(source.report(device -> ceilings(device, err)));
    }

    /** The ceilings of {@code device}: kept from before, or measured now when it is this machine's class. */
    private KnownCeilings ceilings(String device, PrintWriter err) {
        CeilingsCache cache = CeilingsCache.in(cacheDir != null ? cacheDir : TuneOptions.defaults().cacheDir());
        var known = cache.known(device);
        String here = Device.localCpu().identity();
        if (known.isPresent() && (!measureAgain || noMeasure || !here.equals(device))) return KnownCeilings.measuredBefore(known.get(), cache);
        if (device == null || !device.equals(here)) {
            return none("the records were measured on " + device + ", not on this machine (" + here + "), and no ceilings were measured there");
        }
        if (noMeasure) return none("not measured on this machine yet (--no-measure)");
        if (measureAgain) err.println("measuring this machine's ceilings again (--measure-again)…");
        Path work = null;
        try {
            work = Files.createTempDirectory("workbench-ceilings-");
            Path dir = work;
            if (!measureAgain) err.println("measuring this machine's ceilings for the roofline (FMA peak and stream triad, a few seconds, once)…");
            Path lockRoot = cacheDir != null ? cacheDir : TuneOptions.defaults().cacheDir();
            // Measured as a tuning run measures: alone on this machine's CPU, after any run measuring on it now.
            CeilingsCache.Measure probe = machine -> {
                try (PidLock lock = DeviceLock.acquire(lockRoot, Device.localCpu(), true, err::println, () -> false).orElseThrow()) {
                    return CeilingsProbe.measure(dir, machine);
                } catch (TuningException e) {
                    throw new IOException(e.getMessage(), e);
                }
            };
            Ceilings c = measureAgain ? cache.measuredAgain(device, probe) : cache.knownOrMeasured(device, probe);
            err.println(String.format(Locale.ROOT, "ceilings of %s: FP32 FMA peak %.1f GFLOP/s (%d-bit), memory bandwidth %.1f GB/s (one core); kept in %s",
                    device, c.peakGflops(), c.peakBits(), c.bandwidthGbps(), cache.file()));
            return new KnownCeilings(Optional.of(c), "measured now");
        } catch (IOException e) {
            err.println("warning: the roofline has no ceilings: " + e.getMessage());
            return none("could not be measured: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return none("measurement interrupted");
        } finally {
            if (work != null) WorkFolders.deleteQuietly(work);
        }
    }

    private static KnownCeilings none(String note) {
        return new KnownCeilings(Optional.empty(), note);
    }
}
