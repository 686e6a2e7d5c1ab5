package org.tuningworkbench.engine.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.bridge.NpyArray;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.build.BuildService;
import org.tuningworkbench.engine.build.Diagnostic;
import org.tuningworkbench.engine.marker.SourceFiles;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.InvalidConfigException;
import org.tuningworkbench.engine.project.Golden;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.run.ProgramRunner;
import org.tuningworkbench.engine.run.RunOutcome;

/** The golden outputs of a reference function: built and run once, then kept beside its build for later runs (up to a size). */
final class ReferenceOutputs {

    /**
     * Golden outputs larger than this are computed again by each run rather than kept in the cache:
     * every later run would read them whole, and the cache would hold gigabytes for one project.
     */
    static final long MAX_CACHED_BYTES = 256L << 20;

    private final Project project;
    private final BuildService builds;
    private final ProgramRunner runner;
    private final ChildProcess process;

    private final long maxCachedBytes;

    /** What tells the program its device (an OpenCL reference kernel runs on the project's device). */
    private final Map<String, String> environment;

    ReferenceOutputs(Project project, BuildService builds, ProgramRunner runner, ChildProcess process, Map<String, String> environment) {
        this(project, builds, runner, process, MAX_CACHED_BYTES, environment);
    }

    ReferenceOutputs(Project project, BuildService builds, ProgramRunner runner, ChildProcess process) {
        this(project, builds, runner, process, Map.of());
    }

    ReferenceOutputs(Project project, BuildService builds, ProgramRunner runner, ChildProcess process, long maxCachedBytes) {
        this(project, builds, runner, process, maxCachedBytes, Map.of());
    }

    ReferenceOutputs(Project project, BuildService builds, ProgramRunner runner, ChildProcess process, long maxCachedBytes, Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
        this.maxCachedBytes = maxCachedBytes;
        this.project = project;
        this.builds = builds;
        this.runner = runner;
        this.process = process;
    }

    Map<String, NpyArray> compute(Golden.Reference reference, Path runDir) throws TuningException, IOException, InterruptedException {
        String text;
        try {
            text = SourceFiles.read(reference.source()).text();
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.INPUT, "cannot read the golden reference source " + reference.source() + ": " + e.getMessage(), e);
        }
        String fileName = reference.source().getFileName().toString();
        text = withInjectedDefines(reference, text);
        BuildResult result = builds.build(fileName, text, reference.function(), "");
        String what = "the golden reference `" + reference.function() + "` in " + fileName;
        if (result instanceof BuildResult.Failed failed && failed.environment()) {
            throw new TuningException(TuningException.Kind.IO, what + " cannot be built: the machine refused its files (is the disk of the build cache full?): "
                    + failed.environmentReason());
        }
        if (result instanceof BuildResult.Failed failed) {
            var errorList = failed.diagnostics().stream().filter(d -> d.severity() == Diagnostic.Severity.ERROR).toList();
            String errors = errorList.stream().map(d -> d.describe(fileName)).limit(5).collect(Collectors.joining("\n  "));
            boolean kernelsFile = reference.source().toAbsolutePath().normalize().equals(project.kernel().source().toAbsolutePath().normalize());
            var firstInFile = errorList.stream().filter(Diagnostic::inKernel).findFirst();
            if (kernelsFile && firstInFile.isPresent()) {
                // The kernel's own file does not compile: the reference is no more to blame than the kernel (the error may lie in
                // either), and no config can be built from it either.
                throw new TuningException(TuningException.Kind.INPUT, fileName + " does not compile (first error at " + firstInFile.get().where(fileName)
                        + "), so neither the golden reference `" + reference.function() + "` nor any config can be built:\n  " + errors);
            }
            // A reference the linker cannot find has no compiler diagnostic: say what the linker said, as a config's build does.
            // Nor has a compiler that ran out of memory (cc1: out of memory allocating ...) or a script's own message: its last lines say.
            if (errors.isEmpty()) errors = Diagnostic.firstLinkerError(result.log()).map(e -> "link error: " + e).orElseGet(() -> lastLines(result.log()));
            throw new TuningException(TuningException.Kind.INPUT, what + " does not build: " + failed.reason() + (errors.isEmpty() ? "" : "\n  " + errors));
        }
        Path program = ((BuildResult.Built) result).program();
        Path goldenDir = program.getParent().resolve("golden");
        if (!Files.isDirectory(goldenDir)) {
            Path outputDir = runDir.resolve("golden");
            var once = project.measure().withRepeat(1).withWarmupMs(0).withMinSampleMs(0);
            RunOutcome outcome = runner.run(program, outputDir, once, process, environment);
            switch (outcome) {
                case RunOutcome.Measured m -> { }
                case RunOutcome.Cancelled c -> throw new TuningException(TuningException.Kind.INPUT, "stopped while computing the golden result");
                case RunOutcome.TimedOut t -> throw new TuningException(TuningException.Kind.INPUT, what + " did not finish within " + t.limit().toSeconds() + " s");
                case RunOutcome.KernelNotBuilt k -> throw new TuningException(TuningException.Kind.INPUT, what + " does not build for the device:\n"
                        + k.log().strip());
                case RunOutcome.OutOfBounds o -> throw new TuningException(TuningException.Kind.INPUT, what + " " + o.description());
                case RunOutcome.OverDeviceLimits o -> throw new TuningException(TuningException.Kind.INPUT, what + " cannot run on the device: " + o.reason());
                case RunOutcome.Crashed c -> throw new TuningException(TuningException.Kind.INPUT, what + " " + c.description() + RecordJudge.lastLine(c.stderr()));
            }
            if (outputBytes() > maxCachedBytes) return read(outputDir);
            Path staged = program.getParent().resolve(WorkFolders.ownedName("golden.tmp-") + java.util.UUID.randomUUID());
            Files.createDirectories(staged);
            for (var output : project.inputs().outputs()) {
                Files.move(outputDir.resolve(output.name() + ".npy"), staged.resolve(output.name() + ".npy"));
            }
            try {
                Files.move(staged, goldenDir, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException raced) {
                WorkFolders.deleteQuietly(staged);
            }
        }
        return read(goldenDir);
    }

    /**
     * A reference in the kernel's own file, where the parameters are injected as {@code #define}s, is
     * built with the first config's (listed, else the space's first valid one): the kernel beside it
     * needs them to compile, and the reference should not depend on them.
     */
    private String withInjectedDefines(Golden.Reference reference, String text) throws TuningException {
        if (!project.kernel().injectsDefines() || !reference.source().toAbsolutePath().normalize().equals(project.kernel().source().toAbsolutePath().normalize())) {
            return text;
        }
        var valid = project.candidates().searchSpace().valid().iterator();
        Config first = project.candidates().listed().isEmpty() ? (valid.hasNext() ? valid.next() : null) : project.candidates().listed().getFirst();
        if (first == null) return text;
        try {
            return project.kernel().tunableSource(text).substitute(first).text();
        } catch (InvalidConfigException e) {
            throw new TuningException(TuningException.Kind.INPUT, "the golden reference `" + reference.function() + "` is built with the first config's"
                    + " defines, which cannot be applied: " + e.getMessage(), e);
        }
    }

    private Map<String, NpyArray> read(Path dir) throws IOException {
        var out = new LinkedHashMap<String, NpyArray>();
        for (var output : project.inputs().outputs()) out.put(output.name(), NpyArray.read(dir.resolve(output.name() + ".npy")));
        return out;
    }

    private long outputBytes() {
        return project.inputs().outputs().stream().mapToLong(KernelArg.Buffer::bytes).sum();
    }

    /** The golden outputs the project gives as files, by output name. */
    static Map<String, NpyArray> read(Golden.Files files) throws TuningException {
        var out = new LinkedHashMap<String, NpyArray>();
        for (var e : files.byOutput().entrySet()) {
            try {
                out.put(e.getKey(), NpyArray.read(e.getValue()));
            } catch (IOException failed) {
                throw new TuningException(TuningException.Kind.INPUT, "cannot read the golden file " + e.getValue() + ": " + failed.getMessage(), failed);
            }
        }
        return out;
    }

    /** The last three lines of a build's log that say something, each cut to 240 characters. */
    private static String lastLines(String log) {
        var lines = log.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        return lines.subList(Math.max(0, lines.size() - 3), lines.size()).stream().map(l -> l.length() > 240 ? l.substring(0, 239) + "…" : l)
                .collect(Collectors.joining("\n  "));
    }
}
