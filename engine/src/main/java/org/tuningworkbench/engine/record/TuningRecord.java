package org.tuningworkbench.engine.record;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.build.Diagnostic;
import org.tuningworkbench.engine.verify.Verification;

/**
 * Everything known about one measured config: one line of a record file. The schema is documented
 * in {@code docs/records.md}; fields are written in snake_case.
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
public record TuningRecord(
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

    public static final int SCHEMA = 1;

    /** A record without steadiness figures (as written before the probe existed). */
    public TuningRecord(int schema, String time, String project, int configNumber, Map<String, String> config, Status status,
                        String error, Integer signal, List<Double> samplesUs, Long callsPerSample, Double medianUs, Double minUs,
                        Double maxUs, Double meanUs, Double stddevUs, Double cv, Boolean noisy, Double gflops, Double gbps,
                        Double buildMs, Boolean buildCached, Double runMs, Verification verification, List<Diagnostic> diagnostics,
                        String sourceHash, String setupHash, String toolchain, String device, String log) {
        this(schema, time, project, configNumber, config, status, error, signal, samplesUs, callsPerSample, medianUs, minUs, maxUs,
                meanUs, stddevUs, cv, noisy, gflops, gbps, buildMs, buildCached, runMs, verification, diagnostics, sourceHash,
                setupHash, toolchain, device, log, null, null, null, null, null, null, null, null, null, null);
    }

    public TuningRecord {
        config = config == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(config));
        samplesUs = samplesUs == null ? List.of() : List.copyOf(samplesUs);
        diagnostics = diagnostics == null ? List.of() : List.copyOf(diagnostics);
    }

    /** The identity resume matches on: the same config measured the same way on the same machine. */
    @JsonIgnore
    public RecordKey key() {
        return new RecordKey(sourceHash, setupHash, toolchain, device, config);
    }

    /** The same record marked as the project's baseline. */
    public TuningRecord asBaseline(String label) {
        return new TuningRecord(schema, time, project, 0, config, status, error, signal, samplesUs, callsPerSample, medianUs, minUs, maxUs,
                meanUs, stddevUs, cv, noisy, gflops, gbps, buildMs, buildCached, runMs, verification, diagnostics, sourceHash, setupHash,
                toolchain, device, log, firstCallUs, probeBeforeGflops, probeAfterGflops, probeUsualGflops, unsteady, remeasured,
                pinnedCpu, cpuMedianUs, cpuShare, label);
    }

    @JsonIgnore
    public boolean ok() {
        return status == Status.OK;
    }
}
