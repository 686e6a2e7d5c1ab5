package org.tuningworkbench.engine.cli;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.tuningworkbench.engine.format.Configs;
import org.tuningworkbench.engine.SafeWrite;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.marker.InvalidConfigException;
import org.tuningworkbench.engine.marker.SourceFiles;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.BestConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code workbench apply-best PROJECT}: writes the best recorded config's values (by the project's
 * objective) into the kernel source, as the window's Apply Best does ({@link BestConfig}); the previous text is kept as {@code KERNEL.orig} (or the
 * next free {@code KERNEL.orig.N}) and the change printed as a unified diff.
 */
@Command(name = "apply-best", mixinStandardHelpOptions = true,
        description = "Writes the best recorded config's values (best by the project's objective) into the project's kernel source (the previous text kept as KERNEL.orig, or KERNEL.orig.2, .3, … beside earlier ones).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the source holds the best config", "1:no recorded config succeeded", "2:bad input",
            "4:the source cannot be written"})
final class ApplyBestCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PROJECT", description = "The project file or folder.")
    Path path;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        var readable = RecordsOrProject.readOrSay(path, err);
        if (readable.isEmpty()) return ExitCode.BAD_INPUT;
        RecordsOrProject read = readable.get();
        if (read.project().isEmpty()) {
            err.println("error: apply-best needs a project (its file or folder), not " + (read.space().isPresent()
                    ? "a recorded space: " + path + " has no kernel source to write the best config into"
                    : "a record file: " + path + " does not say which kernel source to write into"));
            return ExitCode.BAD_INPUT;
        }
        Project project = read.project().get();
        var best = BestConfig.of(project, read.records());
        if (best.isEmpty()) {
            err.println("no recorded config succeeded; nothing to apply");
            return ExitCode.NO_SUCCESS;
        }
        Path kernel = project.kernel().source();
        try {
            String before = SourceFiles.read(kernel).text();
            TunableSource source = project.kernel().tunableSource(before);
            if (!source.errors().isEmpty()) {
                source.errors().forEach(e -> err.println("error: " + e));
                return ExitCode.BAD_INPUT;
            }
            TuningRecord b = best.get();
            String after = BestConfig.writtenInto(source, b);
            if (after.equals(before)) {
                out.println(kernel.getFileName() + " already holds the best config " + Configs.text(b.config()));
                return ExitCode.OK;
            }
            Optional<String> stale = BestConfig.measuredOnAnotherText(project, kernel, before, b);
            Path backup = BestConfig.backupOf(kernel);
            Files.copy(kernel, backup);
            try {
                SourceFiles.write(kernel, after);
            } catch (IOException e) {
                // The kernel is as it was: the copy of it would only say otherwise.
                Files.deleteIfExists(backup);
                throw e;
            }
            List<String> a = before.lines().toList();
            List<String> c = after.lines().toList();
            String name = kernel.getFileName().toString();
            UnifiedDiffUtils.generateUnifiedDiff(backup.getFileName().toString(), name, a, DiffUtils.diff(a, c), 2).forEach(out::println);
            out.println("Applied the best config (" + Durations.micros(b.medianUs()) + ") to " + kernel + "; the previous text is in " + backup.getFileName());
            out.flush();
            stale.ifPresent(warning -> err.println("warning: " + warning));
            return ExitCode.OK;
        } catch (java.nio.file.FileAlreadyExistsException e) {
            err.println("error: cannot keep the previous text of " + kernel + ": " + e.getFile() + " appeared meanwhile; nothing was written");
            return ExitCode.IO_ERROR;
        } catch (InvalidConfigException e) {
            err.println("error: the best config no longer fits the source: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        } catch (SafeWrite.WriteException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.IO_ERROR;
        } catch (IOException e) {
            err.println("error: cannot write " + kernel + ": " + e.getMessage());
            return ExitCode.IO_ERROR;
        }
    }
}
