package org.tuningworkbench.engine.exec;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.function.Supplier;
import org.tuningworkbench.engine.build.BuildResult;
import org.tuningworkbench.engine.build.DeviceBuildLog;
import org.tuningworkbench.engine.build.Diagnostic;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.project.Metric;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.record.BlasLibrary;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.run.RunOutcome;
import org.tuningworkbench.engine.run.Timing;
import org.tuningworkbench.engine.stats.SampleStatistics;
import org.tuningworkbench.engine.stats.SteadinessProbe;
import org.tuningworkbench.engine.verify.Verification;
import org.tuningworkbench.engine.verify.Verifier;

/**
 * The last steps of a config's measurement: its outputs verified against the golden result, and
 * what happened to it (its build, its run, its outputs) judged into its record: a compile error, a
 * crash, a timeout, a wrong result, or its timing and statistics. The executor builds and runs;
 * this decides what that means.
 */
final class RecordJudge {

    /** What the steadiness probe said about the kept measurement, and how often the config was measured again. */
    record Steadiness(SteadinessProbe.Verdict verdict, int remeasured) {
        static final Steadiness NOT_PROBED = new Steadiness(null, 0);
    }

    private final Project project;
    private final Racing racing;
    private final Verifier verifier;
    /** The CPU the measured program was pinned to, or null: it changes from config to config with device_ids. */
    private final Supplier<Integer> measuringCpu;
    private final Supplier<String> instance;

    RecordJudge(Project project, Racing racing, Verifier verifier, Supplier<Integer> measuringCpu, Supplier<String> instance) {
        this.project = project;
        this.racing = racing;
        this.verifier = verifier;
        this.measuringCpu = measuringCpu;
        this.instance = instance;
    }

    /** A config that ended before it ran, for the reason given. */
    TuningRecord failed(Config config, Status status, String error) {
        return record(config, status, error, null, null, null, null, null, "", Steadiness.NOT_PROBED);
    }

    /** A config whose build failed: the machine's fault (measured again on resume), or the first compiler error on the kernel's lines. */
    TuningRecord ofBuild(Config config, BuildResult.Failed failed, String fileName) {
        String log = failed.log();
        if (failed.environment()) {
            return record(config, Status.ENVIRONMENT_ERROR, "the machine failed the build, not the config: " + failed.environmentReason()
                    + " (measured again on resume)", null, null, failed, null, null, log, Steadiness.NOT_PROBED);
        }
        String firstError = failed.diagnostics().stream().filter(d -> d.severity() == Diagnostic.Severity.ERROR).findFirst()
                .map(d -> d.describe(fileName))
                .orElseGet(() -> Diagnostic.firstLinkerError(log).map(e -> "link error: " + e).orElse(failed.reason()));
        return record(config, Status.COMPILE_ERROR, firstError, null, null, failed, null, null, log, Steadiness.NOT_PROBED);
    }

    /** A config that was built and run: how the run ended, and for a finished run whether its outputs match; null when it was cancelled. */
    TuningRecord ofRun(Config config, RunOutcome outcome, BuildResult built, String fileName, String log, Steadiness steadiness) {
        return switch (outcome) {
            case RunOutcome.Cancelled c -> null;
            case RunOutcome.TimedOut t -> record(config, Status.TIMEOUT, "did not finish within " + t.limit().toSeconds()
                    + " s (measure.timeout_s); killed", null, null, built, outcome, null, log, steadiness);
            case RunOutcome.KernelNotBuilt k -> kernelNotBuilt(config, k, built, fileName, log);
            case RunOutcome.OverDeviceLimits o -> record(config, Status.INVALID_CONFIG, o.reason(), null, null, built, outcome, null, log,
                    steadiness);
            case RunOutcome.OutOfBounds o -> record(config, Status.OUT_OF_BOUNDS, "the program " + o.description(), null, null, built,
                    outcome, null, log, steadiness);
            case RunOutcome.Crashed c when c.outOfMemory() -> record(config, Status.OUT_OF_MEMORY,
                    "the program " + c.description() + lastLine(c.stderr()), c.signal(), null, built, outcome, null, log, steadiness);
            case RunOutcome.Crashed c -> record(config, Status.CRASH, "the program " + c.description() + lastLine(c.stderr()),
                    c.signal(), null, built, outcome, null, log, steadiness);
            case RunOutcome.Measured m -> {
                Verification verification = verifier.verify(project.inputs().outputs(), m.outputDir());
                Status status = verification.failed() ? Status.WRONG_RESULT : Status.OK;
                yield record(config, status, verification.failed() ? verification.summary() : null, null, m.timing(), built, outcome,
                        verification, log, steadiness);
            }
        };
    }

    /** The device's compiler refused the variant: a compile error of the config, its messages on the kernel's lines. */
    private TuningRecord kernelNotBuilt(Config config, RunOutcome.KernelNotBuilt refused, BuildResult host, String fileName, String log) {
        List<Diagnostic> diagnostics = DeviceBuildLog.diagnostics(refused.log(), fileName, project.directory());
        String firstError = diagnostics.stream().filter(d -> d.severity() == Diagnostic.Severity.ERROR).findFirst()
                .map(d -> d.line() > 0 ? d.describe(fileName) : "the device's OpenCL compiler refused the kernel: " + d.message())
                .orElse("the device's OpenCL compiler refused the kernel" + lastLine(refused.log()));
        var withDevice = new BuildResult.Failed("the device's compiler refused the kernel", host.time(), refused.log(), diagnostics);
        return record(config, Status.COMPILE_ERROR, firstError, null, null, withDevice, refused, null, log, Steadiness.NOT_PROBED);
    }

    /** The last line a program wrote, as a message's tail ({@code ; last output: ...}), or nothing. */
    static String lastLine(String stderr) {
        String last = stderr.strip().lines().reduce((a, b) -> b).orElse("");
        return last.isEmpty() ? "" : "; last output: " + last;
    }

    private TuningRecord record(Config config, Status status, String error, Integer signal, Timing timing, BuildResult build,
                                RunOutcome run, Verification verification, String log, Steadiness steadiness) {
        var verdict = steadiness.verdict();
        SampleStatistics stats = timing != null && timing.latencySamplesUs().length > 0 ? SampleStatistics.of(timing.latencySamplesUs()) : null;
        TuningRecord.Timing times = timing == null ? null : new TuningRecord.Timing(
                Arrays.stream(timing.samplesUs()).boxed().toList(), timing.callsPerSample(),
                timing.firstCallUs() <= 0 ? null : timing.firstCallUs(),
                timing.samplesCpuUs().length == 0 ? null : SampleStatistics.of(timing.samplesCpuUs()).median(),
                timing.samplesCpuUs().length == 0 ? null : timing.cpuShare(),
                measuringCpu.get(),
                run == null ? null : run.time().toNanos() / 1e6,
                timing.stoppedEarly() ? racing.reason(timing.raceStop(), timing.firstCallUs(), timing.samplesUs()) : null,
                timing.stoppedEarly() ? timing.raceStop().rule() : null,
                Arrays.stream(timing.samplesKernelUs()).boxed().toList(),
                timing.samplesKernelUs().length == 0 ? null : SampleStatistics.of(timing.samplesKernelUs()).median(),
                timing.launchesPerCall() > 0 ? timing.launchesPerCall() : null,
                timing.faultedSamples() > 0 ? timing.faultedSamples() : null);
        TuningRecord.Statistics statistics = stats == null ? null : TuningRecord.Statistics.of(stats).withRates(
                project.work().flops().isEmpty() ? null : project.work().flops().getAsDouble() / (stats.median() * 1e3),
                project.work().bytes().isEmpty() ? null : project.work().bytes().getAsDouble() / (stats.median() * 1e3))
                .withMetrics(status == Status.OK ? metrics(config, run, callTimeUs(stats, times) / 1e3) : null);
        TuningRecord.Steadiness steady = verdict == null ? null : new TuningRecord.Steadiness(verdict.beforeGflops(), verdict.afterGflops(),
                verdict.usualGflops(), verdict.unsteady(), steadiness.remeasured());
        TuningRecord.Build builtWith = build == null ? null
                : new TuningRecord.Build(build.time().toNanos() / 1e6, build instanceof BuildResult.Built b ? b.cached() : null, build.diagnostics());
        BlasLibrary library = timing == null || timing.library() == null ? null
                : new BlasLibrary(timing.library().core(), timing.library().config(), null);
        return TuningRecord.builder().project(project.name()).config(config.values())
                .identity(new TuningRecord.Identity(null, null, null, null, instance.get())).outcome(new TuningRecord.Outcome(status, error, signal))
                .timing(times).statistics(statistics).steadiness(steady).builtWith(builtWith).verification(verification)
                .log(log.isEmpty() ? null : truncate(log)).library(library).build();
    }

    /** The project's [metrics] for this config, then those the program reported of itself that the project does not compute. */
    private Map<String, Double> metrics(Config config, RunOutcome run, double timeMs) {
        var out = new LinkedHashMap<>(Metric.values(project.metrics(), project.inputs().sizes(), config.values(), timeMs));
        if (run instanceof RunOutcome.Measured m) m.metrics().forEach(out::putIfAbsent);
        return out;
    }

    /** A call's time as Kernel Tuner's {@code time} has it: the kernels' own time where the device times them, the wall time otherwise. */
    private static double callTimeUs(SampleStatistics wall, TuningRecord.Timing times) {
        return times.kernelUs() != null ? times.kernelUs() : wall.median();
    }

    private static String truncate(String log) {
        return log.length() <= 4000 ? log : "…" + log.substring(log.length() - 4000);
    }
}
