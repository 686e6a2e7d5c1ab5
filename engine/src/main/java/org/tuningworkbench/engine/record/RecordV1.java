package org.tuningworkbench.engine.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.build.Diagnostic;
import org.tuningworkbench.engine.verify.Verification;

/**
 * A record as schema 1 wrote it: every field at the top level. Read, converted to the nested form
 * ({@link #toRecord()}), never written.
 *
 * @param configNumber 1-based position of the config in the project
 * @param samplesUs    every sample's time per kernel call, in microseconds, in measurement order
 * @param sourceHash   identity of the user's kernel text (before substitution)
 * @param setupHash    identity of everything else that decides a measurement: arguments, golden,
 *                     tolerance, build command and measurement settings
 * @param firstCallUs  time of the first kernel call (the verified one, cold caches included)
 * @param probeBeforeGflops the steadiness probe right before the samples
 * @param probeAfterGflops  the steadiness probe right after the samples
 * @param probeUsualGflops  the probe's usual figure in this run when this config was judged
 * @param unsteady     the machine was unsteady during the kept measurement (probe far below usual)
 * @param remeasured   how many times the config was measured again because the machine was unsteady
 * @param pinnedCpu    the CPU the measuring process was pinned to, when it was
 * @param cpuMedianUs  median of the samples' thread CPU time per call: the time without the waits
 *                     of a shared core
 * @param cpuShare     share of the samples' wall time the measuring thread was on a CPU
 * @param baseline     set on the record of the project's baseline (config number 0): its label
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
record RecordV1(
        int schema,
        String time,
        String project,
        int configNumber,
        Map<String, String> config,
        Status status,
        String error,
        Integer signal,
        List<Double> samplesUs,
        Long callsPerSample,
        Double medianUs,
        Double minUs,
        Double maxUs,
        Double meanUs,
        Double stddevUs,
        Double cv,
        Boolean noisy,
        Double gflops,
        Double gbps,
        Double buildMs,
        Boolean buildCached,
        Double runMs,
        Verification verification,
        List<Diagnostic> diagnostics,
        String sourceHash,
        String setupHash,
        String toolchain,
        String device,
        String log,
        Double firstCallUs,
        Double probeBeforeGflops,
        Double probeAfterGflops,
        Double probeUsualGflops,
        Boolean unsteady,
        Integer remeasured,
        Integer pinnedCpu,
        Double cpuMedianUs,
        Double cpuShare,
        String baseline) {

    RecordV1 {
        config = config == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(config));
        samplesUs = samplesUs == null ? List.of() : List.copyOf(samplesUs);
        diagnostics = diagnostics == null ? List.of() : List.copyOf(diagnostics);
    }

    /** The same measurement in the nested form; its trial is its config number, it has no run id. */
    TuningRecord toRecord() {
        return TuningRecord.builder().trial(configNumber).time(time).project(project).config(config).baseline(baseline)
                .identity(new TuningRecord.Identity(sourceHash, setupHash, toolchain, device, null))
                .outcome(new TuningRecord.Outcome(status, error, signal))
                .timing(samplesUs.isEmpty() && callsPerSample == null ? null
                        : TuningRecord.Timing.ofSamples(samplesUs, callsPerSample).withFirstCallUs(firstCallUs)
                                .withCpu(cpuMedianUs, cpuShare, pinnedCpu).withRunMs(runMs))
                .statistics(medianUs == null ? null : new TuningRecord.Statistics(medianUs, minUs, maxUs, meanUs, stddevUs, cv, noisy, gflops, gbps))
                .steadiness(unsteady == null ? null : new TuningRecord.Steadiness(probeBeforeGflops, probeAfterGflops, probeUsualGflops, unsteady, remeasured))
                .builtWith(buildMs == null ? null : new TuningRecord.Build(buildMs, buildCached, diagnostics))
                .verification(verification).log(log).build();
    }
}
