package org.tuningworkbench.engine.record;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.Fingerprint;
import org.tuningworkbench.engine.build.Diagnostic;
import org.tuningworkbench.engine.build.KernelInputs;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.marker.ConfigValues;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.stats.SampleStatistics;
import org.tuningworkbench.engine.verify.Verification;

/**
 * Everything known about one trial: one line of a record file (schema 2, documented in
 * {@code docs/records.md}; fields in snake_case). A trial is one config measured once, numbered in
 * its run; the config is identified by its values, never by a position.
 *
 * @param runId     the run the trial belongs to; null for records converted from schema 1
 * @param trial     1-based number of the trial in its run (0 for the project's baseline)
 * @param strategy  the strategy that proposed the config ({@code grid}, {@code model}, ...)
 * @param seed      the strategy's seed
 * @param baseline  set on the record of the project's baseline: its label
 * @param name      the config's own name, when it has one (such as {@code cpp_packed_gemm_0})
 * @param library   the BLAS library's kernels the program ran, when it reported them (OpenBLAS)
 * @param confirmation what the run's closing confirmation measured of the config, on the copy of its record written once
 *                  the confirmation was done; absent on the record of the search's own measurement
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TuningRecord(
        int schema,
        String runId,
        Integer trial,
        String strategy,
        Long seed,
        String time,
        String project,
        Map<String, String> config,
        String baseline,
        Identity identity,
        Outcome outcome,
        Timing timing,
        Statistics statistics,
        Steadiness steadiness,
        Build build,
        Verification verification,
        String log,
        String name,
        BlasLibrary library,
        Setting setting,
        ConfirmedFigures confirmation) {

    public static final int SCHEMA = 2;

    /**
     * What the measurement was asked for, as a person reads it: the project's sizes and the
     * {@code [measure]} settings the run used (the project's, or the command line's in their place).
     * The record's identity holds the same in a digest; this is for reports and windows to say it.
     *
     * @param warmupCalls the warm-up as a number of calls; absent when it is {@code warmupMs}
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Setting(Map<String, Long> sizes, Double warmupMs, Integer warmupCalls, Integer repeat, Double minSampleMs) {
        public Setting {
            sizes = sizes == null ? null : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sizes));
        }

        /** The sizes and settings of {@code project} as it was run. */
        public static Setting of(Project project) {
            return of(project.inputs().sizes(), project.measure());
        }

        /** {@code sizes} and the measurement settings of {@code m}. */
        public static Setting of(Map<String, Long> sizes, MeasureSettings m) {
            return new Setting(sizes, m.warmupCalls() > 0 ? null : m.warmupMs(), m.warmupCalls() > 0 ? m.warmupCalls() : null,
                    m.repeat(), m.minSampleMs());
        }

        /** {@code m=64, n=128}; empty without sizes. */
        public String sizesText() {
            return sizes == null ? "" : sizes.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(java.util.stream.Collectors.joining(", "));
        }

        /** {@code warm-up 200 ms, 3 samples of at least 10 ms each}; {@code 3 samples of one call each} when a sample has no least length. */
        public String measureText() {
            String warmup = warmupCalls != null ? warmupCalls + (warmupCalls == 1 ? " call" : " calls")
                    : warmupMs == null ? "not recorded" : number(warmupMs) + " ms";
            String samples = (repeat == null ? "?" : repeat) + (repeat != null && repeat == 1 ? " sample" : " samples");
            String each = repeat != null && repeat == 1 ? "" : " each";
            String length = minSampleMs == null ? " of at least ? ms" : minSampleMs > 0 ? " of at least " + number(minSampleMs) + " ms" : " of one call";
            return "warm-up " + warmup + ", " + samples + length + each;
        }

        private static String number(double value) {
            return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
        }
    }

    /**
     * What decides a measurement besides the config: a record with the same identity and config is
     * not measured again.
     *
     * @param source    the user's kernel text (before substitution)
     * @param setup     arguments, golden, tolerance, build command and measurement settings
     * @param toolchain the compiler's identity
     * @param device    the device class measured (model, not host)
     * @param instance  which one of that class (host, device index): recorded, not part of the identity
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Identity(String source, String setup, String toolchain, String device, String instance) {

        /**
         * The {@code source} of a record measured on {@code kernelText}, whose build also reads
         * {@code kernelInputs} (the headers it includes and the CPU it targets, as
         * {@link KernelInputs} fingerprints them).
         */
        public static String sourceOf(String kernelText, String kernelInputs) {
            return Fingerprint.of(kernelText, kernelInputs);
        }

        /**
         * What makes records one run's ({@link LatestRun}): the source, the setup, the toolchain and the
         * device class, not its instance; any of them may be null.
         */
        @JsonIgnore
        public List<String> run() {
            return Arrays.asList(source, setup, toolchain, device);
        }

        /** Whether a record of {@code other} was measured the same way (on any instance of the same device class). */
        public boolean sameAs(Identity other) {
            return run().equals(other.run());
        }

        /**
         * Whether a baseline of this identity belongs to a run of {@code configs}: a baseline has its own source (the
         * library call's, {@code BaselineRun}), so it is the run's when its setup, toolchain and device class are.
         */
        public boolean baselineOf(Identity configs) {
            return run().subList(1, 4).equals(configs.run().subList(1, 4));
        }
    }

    /** How the trial ended; {@code signal} when the program was killed by one. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Outcome(Status status, String error, Integer signal) {}

    /**
     * The raw timing: every sample's time per kernel call in microseconds, in measurement order.
     *
     * @param firstCallUs the first (verified) call, cold caches included
     * @param cpuMedianUs median of the samples' thread CPU time per call: the time without a shared core's waits
     * @param cpuShare    share of the samples' wall time the measuring thread was on a CPU
     * @param pinnedCpu   the CPU the measuring process was pinned to, when it was
     * @param runMs       the measured program's whole run, start to exit
     * @param stopped     why sampling stopped before {@code repeat} samples (racing), absent when it did not
     * @param stopRule    the racing rule that stopped it: {@code verified_call}, {@code interval}, {@code margin} or {@code median}
     *                    (clearly slower than the best), or {@code ahead} (clearly faster); absent when it did not stop early
     * @param kernelSamplesUs each sample's kernel time per call, from the device's profiling events (OpenCL); absent when not measured
     * @param kernelUs    the median of {@code kernelSamplesUs}: the kernels' own time; the median wall time beyond it is launch overhead
     * @param launches    kernel launches each call made, when the launcher counts them
     * @param faultedSamples samples taken again because the kernel took page faults while they ran; absent when none was
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Timing(List<Double> samplesUs, Long callsPerSample, Double firstCallUs, Double cpuMedianUs, Double cpuShare,
                         Integer pinnedCpu, Double runMs, String stopped, String stopRule, List<Double> kernelSamplesUs, Double kernelUs, Long launches,
                         Integer faultedSamples) {
        public Timing {
            samplesUs = samplesUs == null ? List.of() : List.copyOf(samplesUs);
            kernelSamplesUs = kernelSamplesUs == null || kernelSamplesUs.isEmpty() ? null : List.copyOf(kernelSamplesUs);
        }

        /** The wall-time samples alone, {@code callsPerSample} kernel calls each; the other parts are absent until set with the {@code with} methods. */
        public static Timing ofSamples(List<Double> samplesUs, Long callsPerSample) {
            return new Timing(samplesUs, callsPerSample, null, null, null, null, null, null, null, null, null, null, null);
        }

        public Timing withFirstCallUs(Double firstCallUs) {
            return new Timing(samplesUs, callsPerSample, firstCallUs, cpuMedianUs, cpuShare, pinnedCpu, runMs, stopped, stopRule,
                    kernelSamplesUs, kernelUs, launches, faultedSamples);
        }

        /** The measuring thread's CPU time: its median per call, its share of the wall time, the CPU it was pinned to. */
        public Timing withCpu(Double cpuMedianUs, Double cpuShare, Integer pinnedCpu) {
            return new Timing(samplesUs, callsPerSample, firstCallUs, cpuMedianUs, cpuShare, pinnedCpu, runMs, stopped, stopRule,
                    kernelSamplesUs, kernelUs, launches, faultedSamples);
        }

        public Timing withRunMs(Double runMs) {
            return new Timing(samplesUs, callsPerSample, firstCallUs, cpuMedianUs, cpuShare, pinnedCpu, runMs, stopped, stopRule,
                    kernelSamplesUs, kernelUs, launches, faultedSamples);
        }

        /** Racing stopped the sampling early: why, and by which rule. */
        public Timing withStop(String stopped, String stopRule) {
            return new Timing(samplesUs, callsPerSample, firstCallUs, cpuMedianUs, cpuShare, pinnedCpu, runMs, stopped, stopRule,
                    kernelSamplesUs, kernelUs, launches, faultedSamples);
        }

        /** The device's own timing of the kernels: each sample's kernel time, their median, the launches a call made. */
        public Timing withKernel(List<Double> kernelSamplesUs, Double kernelUs, Long launches) {
            return new Timing(samplesUs, callsPerSample, firstCallUs, cpuMedianUs, cpuShare, pinnedCpu, runMs, stopped, stopRule,
                    kernelSamplesUs, kernelUs, launches, faultedSamples);
        }

        /** Whether racing stopped the config clearly slower than the best (a record from before rules were named says only that it stopped). */
        @JsonIgnore public boolean racedOut() {
            return stopped != null && !Racing.Stop.AHEAD.equals(stopRule);
        }

        /** Whether racing stopped the config clearly ahead of the best. */
        @JsonIgnore public boolean ahead() {
            return stopped != null && Racing.Stop.AHEAD.equals(stopRule);
        }
    }

    /**
     * The samples' statistics; {@code gflops} and {@code gbps} from the median when the work is known.
     *
     * @param metrics the project's {@code [metrics]} for this config, by name, in the project's order; null without any
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Statistics(double medianUs, double minUs, double maxUs, double meanUs, double stddevUs, double cv, Boolean noisy,
                             Double gflops, Double gbps, Map<String, Double> metrics) {
        public Statistics {
            metrics = metrics == null || metrics.isEmpty() ? null : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metrics));
        }

        /** Statistics without metrics. */
        public Statistics(double medianUs, double minUs, double maxUs, double meanUs, double stddevUs, double cv, Boolean noisy,
                          Double gflops, Double gbps) {
            this(medianUs, minUs, maxUs, meanUs, stddevUs, cv, noisy, gflops, gbps, null);
        }

        /** The statistics of {@code samples}, without rates or metrics. */
        public static Statistics of(SampleStatistics samples) {
            return new Statistics(samples.median(), samples.min(), samples.max(), samples.mean(), samples.stddev(), samples.cv(),
                    samples.noisy(), null, null, null);
        }

        /** These statistics with the rates of the work done at the median: GFLOP/s and GB/s, each null when its work is not known. */
        public Statistics withRates(Double gflops, Double gbps) {
            return new Statistics(medianUs, minUs, maxUs, meanUs, stddevUs, cv, noisy, gflops, gbps, metrics);
        }

        public Statistics withMetrics(Map<String, Double> metrics) {
            return new Statistics(medianUs, minUs, maxUs, meanUs, stddevUs, cv, noisy, gflops, gbps, metrics);
        }
    }

    /**
     * The steadiness probe's judgement of the kept measurement.
     *
     * @param remeasured how many times the config was measured again because the machine was unsteady
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Steadiness(Double beforeGflops, Double afterGflops, Double usualGflops, Boolean unsteady, Integer remeasured) {}

    /** The build: its time, whether it came from the cache, and the compiler's diagnostics. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Build(Double ms, Boolean cached, List<Diagnostic> diagnostics) {
        public Build {
            diagnostics = diagnostics == null ? List.of() : List.copyOf(diagnostics);
        }
    }

    public TuningRecord {
        // Shared, not copied, when it already is a config's values: a record and its stamped copies hold one.
        config = ConfigValues.copyOf(config == null ? Map.of() : config);
        if (outcome == null) outcome = new Outcome(Status.OK, null, null);
        if (identity == null) identity = new Identity(null, null, null, null, null);
    }

    /** A record of {@code samplesUs} for {@code config} with the given status, for imports and tests. */
    public static TuningRecord of(Map<String, String> config, Status status, List<Double> samplesUs) {
        if (samplesUs.isEmpty()) return builder().config(config).status(status).build();
        return builder().config(config).status(status).timing(Timing.ofSamples(samplesUs, 1L))
                .statistics(Statistics.of(SampleStatistics.of(samplesUs.stream().mapToDouble(Double::doubleValue).toArray()))).build();
    }

    /** A record built part by part; parts not set are absent (null). */
    public static TuningRecordBuilder builder() {
        return new TuningRecordBuilder();
    }

    /** A builder holding this record's parts, to make a copy with some changed. */
    public TuningRecordBuilder toBuilder() {
        return new TuningRecordBuilder(this);
    }

    /** The identity resume matches on: the same config measured the same way on the same kind of device. */
    @JsonIgnore
    public RecordKey key() {
        return new RecordKey(identity.source(), identity.setup(), identity.toolchain(), identity.device(),
                ConfigValues.copyOf(config).key());
    }

    /** The config this record measured, with its name when it has one. */
    @JsonIgnore
    public Config configValues() {
        return new Config(config, name);
    }

    /** The same measurement as trial {@code number} of run {@code run}, measured at {@code at} with {@code id} in {@code measuredIn}. */
    public TuningRecord stamped(String run, int number, String strategyName, Long seedValue, String at, Identity id, Setting measuredIn) {
        return toBuilder().runId(run).trial(number).strategy(strategyName).seed(seedValue).time(at).identity(id).setting(measuredIn).build();
    }

    /** The same measurement with what the run's confirmation measured of its config. */
    public TuningRecord confirmed(ConfirmedFigures figures) {
        return toBuilder().confirmation(figures).build();
    }

    /** The same measurement without a confirmation's figures: the search's record of it. */
    public TuningRecord unconfirmed() {
        return confirmation == null ? this : toBuilder().confirmation(null).build();
    }

    /** The same record marked as the project's baseline. */
    public TuningRecord asBaseline(String label) {
        return toBuilder().trial(0).baseline(label).build();
    }

    // Short ways to the nested figures, for tables, charts and ranking.

    /**
     * The baseline's label, with the environments that chose the library kernels it names when it
     * was measured in several: {@code OpenBLAS sgemm [Haswell kernels], chosen as it is and by OPENBLAS_CORETYPE=Haswell}.
     */
    @JsonIgnore public String baselineDescription() {
        String chosen = library == null ? "" : library.chosen();
        return baseline + (chosen.isEmpty() ? "" : ", " + chosen);
    }

    @JsonIgnore public boolean ok() { return outcome.status() == Status.OK; }

    @JsonIgnore public Status status() { return outcome.status(); }
    @JsonIgnore public String error() { return outcome.error(); }
    @JsonIgnore public Integer signal() { return outcome.signal(); }
    @JsonIgnore public List<Double> samplesUs() { return timing == null ? List.of() : timing.samplesUs(); }
    @JsonIgnore public Long callsPerSample() { return timing == null ? null : timing.callsPerSample(); }
    @JsonIgnore public Double firstCallUs() { return timing == null ? null : timing.firstCallUs(); }
    @JsonIgnore public Double cpuMedianUs() { return timing == null ? null : timing.cpuMedianUs(); }
    @JsonIgnore public Double cpuShare() { return timing == null ? null : timing.cpuShare(); }
    @JsonIgnore public Integer pinnedCpu() { return timing == null ? null : timing.pinnedCpu(); }
    @JsonIgnore public Double runMs() { return timing == null ? null : timing.runMs(); }
    @JsonIgnore public Double kernelUs() { return timing == null ? null : timing.kernelUs(); }
    @JsonIgnore public Long launches() { return timing == null ? null : timing.launches(); }

    /**
     * The time of the kernel calls this record timed, in microseconds: the first (verified) call and
     * every sample's calls; 0 without timing. Warm-up calls are not timed one by one and are left out.
     */
    @JsonIgnore public double timedCallsUs() {
        if (timing == null) return 0;
        double us = timing.firstCallUs() == null ? 0 : timing.firstCallUs();
        if (timing.callsPerSample() != null) for (double s : timing.samplesUs()) us += s * timing.callsPerSample();
        return us;
    }

    /** The median wall time beyond the kernels' own (enqueueing, scheduling, waiting): null unless the kernel time was measured. */
    @JsonIgnore public Double launchOverheadUs() {
        return kernelUs() == null || medianUs() == null ? null : Math.max(0, medianUs() - kernelUs());
    }
    @JsonIgnore public Double medianUs() { return statistics == null ? null : statistics.medianUs(); }
    /** The project's metrics for this config, by name; empty when it has none. */
    @JsonIgnore public Map<String, Double> metrics() { return statistics == null || statistics.metrics() == null ? Map.of() : statistics.metrics(); }
    @JsonIgnore public Double minUs() { return statistics == null ? null : statistics.minUs(); }
    @JsonIgnore public Double maxUs() { return statistics == null ? null : statistics.maxUs(); }
    @JsonIgnore public Double meanUs() { return statistics == null ? null : statistics.meanUs(); }
    @JsonIgnore public Double stddevUs() { return statistics == null ? null : statistics.stddevUs(); }
    /** What the latency rests on, in words: "7 samples", "1 sample", or the verified call alone when racing stopped the config there. */
    @JsonIgnore public String samplesText() {
        int n = samplesUs().size();
        if (n == 0) return medianUs() == null ? "no samples" : "verified call only";
        return n + (n == 1 ? " sample" : " samples");
    }

    /** The samples' coefficient of variation; null with fewer than two samples, which have no spread to tell. */
    @JsonIgnore public Double cv() { return statistics == null || samplesUs().size() < 2 ? null : statistics.cv(); }
    @JsonIgnore public Boolean noisy() { return statistics == null ? null : statistics.noisy(); }
    @JsonIgnore public Double gflops() { return statistics == null ? null : statistics.gflops(); }
    @JsonIgnore public Double gbps() { return statistics == null ? null : statistics.gbps(); }
    @JsonIgnore public Boolean unsteady() { return steadiness == null ? null : steadiness.unsteady(); }
    @JsonIgnore public Integer remeasured() { return steadiness == null ? null : steadiness.remeasured(); }
    @JsonIgnore public Double buildMs() { return build == null ? null : build.ms(); }
    @JsonIgnore public Boolean buildCached() { return build == null ? null : build.cached(); }
    @JsonIgnore public List<Diagnostic> diagnostics() { return build == null ? List.of() : build.diagnostics(); }
    @JsonIgnore public String device() { return identity.device(); }
    @JsonIgnore public String toolchain() { return identity.toolchain(); }
}
