package org.tuningworkbench.engine.exec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.tuningworkbench.engine.Fingerprint;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.build.BuildService;
import org.tuningworkbench.engine.build.MissingPackage;
import org.tuningworkbench.engine.exec.Executor.Measurement;
import org.tuningworkbench.engine.format.Durations;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.SourceFiles;
import org.tuningworkbench.engine.project.Baseline;
import org.tuningworkbench.engine.record.BlasLibrary;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.run.LibraryCore;
import org.tuningworkbench.engine.run.RunOutcome;

/**
 * The project's baseline (a library call) measured like a config, once in each environment it
 * names that runs other library kernels; the fastest that ran correctly is the baseline, named with
 * the kernels that ran ({@code OpenBLAS sgemm [Haswell kernels]}) or, for a library that does not
 * say, its environment.
 */
final class BaselineRun {

    /** How the executor measures and runs a built program, in a given environment. */
    interface Runs {
        /** Runs and judges {@code built} like a config. */
        Optional<Measurement> measure(BuildResult built, String fileName, Map<String, String> environment)
                throws IOException, InterruptedException, TuningException;

        /** Runs {@code program} once, for what it says of itself. */
        RunOutcome run(Path program, Map<String, String> environment) throws IOException, InterruptedException, TuningException;
    }

    private final Baseline baseline;
    private final BuildService builds;
    private final RecordJudge judge;
    private final Runs runs;

    BaselineRun(Baseline baseline, BuildService builds, RecordJudge judge, Runs runs) {
        this.baseline = baseline;
        this.builds = builds;
        this.judge = judge;
        this.runs = runs;
    }

    /** The baseline's identity: its own source, function and flags in place of the kernel's, beside the configs' setup and device. */
    static TuningRecord.Identity identity(Baseline baseline, TuningRecord.Identity configs) throws TuningException {
        try {
            // The last part: a baseline is named by the library kernels that ran, so records named otherwise are not resumed.
            String hash = Fingerprint.of(SourceFiles.read(baseline.source()).text(), baseline.function(), baseline.flags(),
                    baseline.environments().stream().map(Baseline::describe).collect(Collectors.joining(";")), "named by its kernels");
            return new TuningRecord.Identity(hash, configs.setup(), configs.toolchain(), configs.device(), configs.instance());
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.INPUT, "cannot read the baseline source " + baseline.source() + ": " + e.getMessage(), e);
        }
    }

    /** Builds and measures the baseline; skipped with what to install when its library is missing; empty when the run was stopped. */
    Optional<Measurement> measure() throws TuningException, InterruptedException {
        String text;
        try {
            text = SourceFiles.read(baseline.source()).text();
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.INPUT, "cannot read the baseline source " + baseline.source() + ": " + e.getMessage(), e);
        }
        try {
            String fileName = baseline.source().getFileName().toString();
            BuildResult built = builds.build(fileName, text, baseline.function(), baseline.flags());
            // A baseline library that is not installed (OpenBLAS) skips the baseline with what to install, not a compile error.
            var missing = built instanceof BuildResult.Failed ? MissingPackage.in(built.log()) : Optional.<MissingPackage>empty();
            if (missing.isPresent()) return Optional.of(Measurement.skipped(missing.get().advice()));
            List<Map<String, String>> environments = baseline.environments().isEmpty() ? List.of(Map.of()) : baseline.environments();
            return bestCandidate(built, fileName, environments);
        } catch (MeasurementLost e) {
            return Optional.of(new Measurement(judge.failed(new Config(Map.of()), Status.LOST, e.getMessage()).asBaseline(baseline.label()), ""));
        } catch (IOException e) {
            throw new TuningException(TuningException.Kind.IO, "cannot write the work folder: " + e.getMessage(), e);
        }
    }

    /** The baseline in each of its environments, those that resolve to the same library kernels measured once; the fastest that ran correctly. */
    private Optional<Measurement> bestCandidate(BuildResult built, String fileName, List<Map<String, String>> environments)
            throws IOException, InterruptedException, TuningException {
        Measurement best = null;
        var tried = new StringBuilder();
        var cores = new ArrayList<Optional<LibraryCore>>();
        for (Map<String, String> environment : environments) {
            cores.add(environments.size() > 1 && built instanceof BuildResult.Built b ? libraryCore(b.program(), environment) : Optional.empty());
        }
        for (BaselineCandidate candidate : BaselineCandidate.group(environments, cores)) {
            Optional<Measurement> measured = runs.measure(built, fileName, candidate.measuredIn());
            if (measured.isEmpty()) return Optional.empty();
            TuningRecord r = measured.get().record();
            // The kernels the measurement itself reported; those it was expected to run when it ended before saying.
            LibraryCore ran = r.library() != null ? new LibraryCore(r.library().core(), r.library().config()) : candidate.core();
            tried.append(String.format(Locale.ROOT, "%s: %s%n", candidate.describe(ran),
                    r.ok() ? Durations.micros(r.medianUs()) : r.status().label()));
            BlasLibrary library = ran == null ? null : baseline.environments().isEmpty()
                    ? new BlasLibrary(ran.core(), ran.config(), null) : candidate.library(ran);
            var named = new Measurement(r.asBaseline(candidate.label(baseline.label(), ran)).toBuilder().library(library).build(), measured.get().log());
            if (best == null || r.ok() && (!best.record().ok() || r.medianUs() < best.record().medianUs())) best = named;
        }
        return Optional.of(environments.size() > 1 ? new Measurement(best.record(), "the baseline in each environment:\n" + tried + best.log()) : best);
    }

    /**
     * The library kernels the program would run in {@code environment}, asked of it without
     * measuring anything ({@code TW_DESCRIBE_LIBRARY}); empty when it names none or ends otherwise.
     */
    private Optional<LibraryCore> libraryCore(Path program, Map<String, String> environment) throws IOException, InterruptedException, TuningException {
        var asked = new java.util.HashMap<>(environment);
        asked.put("TW_DESCRIBE_LIBRARY", "1");
        return runs.run(program, asked) instanceof RunOutcome.Measured m ? Optional.ofNullable(m.timing().library()) : Optional.empty();
    }
}
