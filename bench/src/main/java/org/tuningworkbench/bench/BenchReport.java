package org.tuningworkbench.bench;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;

/** Everything {@code workbench bench} measured, as written by {@code --json}. Times in the unit their name says. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BenchReport(String date, String device, String toolchain, Map<String, String> environment, List<String> loadAverage,
                          Map<String, String> loadAverageByPart, double totalS,
                          Overhead overhead, PipelineRatio pipeline, List<ModeRun> modes, TimingOverhead timing,
                          Repeatability repeatability, Baseline baseline, Window window, Racing racing, BuildFloor builds, Peer peer) {

    /** The parts a run can be limited to ({@code --only}). */
    public static final java.util.Set<String> PARTS = java.util.Set.of("overhead", "pipeline", "modes", "timing", "repeatability", "baseline", "window", "racing", "build", "peer");

    /**
     * 9. Kernel Tuner and the workbench side by side on the tile grid, interleaved rounds; the goals: the workbench's
     * racing and confirmation within {@code racingGoal} of Kernel Tuner's wall, the model search's within {@code modelGoal},
     * each pick within {@code pickTolerancePercent} of the fastest config the plain driver re-measured.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Peer(String kernelTuner, String python, String numpy, int configs, String parameters, String sizes, int iterations,
                       int truthRounds, int truthCalls, List<PeerRound> rounds, double racingGoal, double modelGoal, double pickTolerancePercent) {

        public double peerWallS() { return BenchSteps.median(rounds.stream().map(r -> r.tools().get(0).wallS()).toList()); }

        public double racingWallS() { return BenchSteps.median(rounds.stream().map(r -> r.tools().get(1).wallS()).toList()); }

        public double modelWallS() { return BenchSteps.median(rounds.stream().map(r -> r.tools().get(2).wallS()).toList()); }

        public double overlappedWallS() { return BenchSteps.median(rounds.stream().map(r -> r.tools().get(3).wallS()).toList()); }

        /** The rounds where racing and its confirmation met both goals: its share of the peer's wall and its pick. */
        public int racingRoundsMet() {
            return (int) rounds.stream().filter(r -> r.racingRatio() <= racingGoal && r.racingWithin(pickTolerancePercent / 100)).count();
        }

        public int modelRoundsMet() {
            return (int) rounds.stream().filter(r -> r.modelRatio() <= modelGoal && r.modelWithin(pickTolerancePercent / 100)).count();
        }
    }

    /** One round of the peer part: Kernel Tuner, the workbench racing, its model search and racing with builds overlapped (in that order), and the truth. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record PeerRound(int round, String loadBefore, String loadAfter, List<PeerTool> tools, List<Truth> truth) {

        public double racingRatio() { return tools.get(1).wallS() / tools.get(0).wallS(); }

        public double modelRatio() { return tools.get(2).wallS() / tools.get(0).wallS(); }

        public boolean racingWithin(double tolerance) { return RacingFigures.within(tools.get(1).behindPercent() / 100, tolerance); }

        public boolean modelWithin(double tolerance) { return RacingFigures.within(tools.get(2).behindPercent() / 100, tolerance); }

        /** The fastest config the plain driver re-measured. */
        public String fastest() {
            return truth.stream().min(java.util.Comparator.comparingDouble(Truth::medianMs)).map(Truth::config).orElse("none");
        }
    }

    /**
     * One tool's run in a round of the peer part: its wall time (the peer's process, start to exit; the workbench's tune and
     * confirmation), its builds, its programs' runs (the workbench's measured processes, start to exit; Kernel Tuner's
     * verification and benchmark phases), of them the first (verified) calls (and what they took beyond as many warm calls,
     * the config's median: a cold call's first touches, and for Kernel Tuner its compare) and the timed calls, in seconds, with their
     * samples (the tune's; the confirmation's apart, {@code confirmSamples}, its time in {@code confirmS}); the config it
     * picked, that config's time by the tool's own measure and re-measured by the plain driver, how far that is behind the
     * fastest re-measured config, and the Spearman correlation of its medians with Kernel Tuner's times over the
     * {@code ranked} configs both measured (NaN for the peer itself, whose {@code ranked} counts the configs that passed).
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record PeerTool(String name, double wallS, double tuneS, double confirmS, double buildS, double programsS, double firstCallsS,
                           double firstCallsBeyondWarmS, double timedCallsS, long samples, long confirmSamples, int trials, String best, double bestMs,
                           double remeasuredMs, double behindPercent, double spearman, int ranked) {}

    /**
     * 8. A variant's build against its kernel compiled alone with the same flags: medians over interleaved rounds of
     * the kernel alone ({@code -c}), the kernel into a shared library as Kernel Tuner builds it, the whole build
     * (launcher and harness in one translation unit) and the build the workbench makes, a library the program built
     * once loads; {@code firstLibraryMs} is the first of those, which builds the program when the cache lacks it.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record BuildFloor(int configs, int rounds, double firstLibraryMs, double kernelAloneMs, double peerWayMs, double wholeMs, double libraryMs,
                             double goalRatio) {
        public double peerWayRatio() { return peerWayMs / kernelAloneMs; }

        public double wholeRatio() { return wholeMs / kernelAloneMs; }

        public double libraryRatio() { return libraryMs / kernelAloneMs; }
    }

    /**
     * 6. The window's first frame (seconds from {@code ./workbench PROJECT} until its window shows its
     * first drawn frame), when the project was open in it (its title names the project), and its idle
     * CPU (percent of one core while nothing changes), per start.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Window(String display, List<Double> firstFrameS, List<Double> projectOpenS, List<Double> idleCpuPercent,
                         double goalFirstFrameS, double goalIdlePercent) {
        /** The last start's figures, with the ahead-of-time cache in use. */
        public double warmFirstFrameS() { return firstFrameS.getLast(); }

        public double warmProjectOpenS() { return projectOpenS.getLast(); }

        public double warmIdlePercent() { return idleCpuPercent.getLast(); }
    }

    /**
     * 7. Racing against brute force on the tile grid, warm builds, interleaved rounds. The walls,
     * ratio, engine time and samples are medians over the rounds; {@code picksWithin} counts the
     * rounds whose pick was within {@code goalPickPercent} of the fastest re-measured config. The
     * brute force is this engine's; {@link Peer} sets Kernel Tuner beside it.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Racing(int configs, int repeat, int confirmTop, int confirmRounds, int truthTop, int truthRounds, int truthRepeat,
                         String loadAverageAtStart, List<RacingRound> rounds, double bruteForceS, double racingS, double ratio, int picksWithin,
                         double engineMsPerConfig, long bruteForceSamples, long racingSamples,
                         double goalRatio, double goalPickPercent, int goalPicks, int goalPicksOf, double goalEngineMsPerConfig) {

        /** The part's summary of its rounds, with the goals of {@link RacingAgainstBruteForce}. */
        static Racing of(int configs, int repeat, int confirmTop, int confirmRounds, int truthTop, int truthRounds, int truthRepeat,
                         String loadAverageAtStart, List<RacingRound> rounds) {
            if (rounds.isEmpty()) throw new IllegalArgumentException("no rounds to sum up");
            return new Racing(configs, repeat, confirmTop, confirmRounds, truthTop, truthRounds, truthRepeat, loadAverageAtStart, List.copyOf(rounds),
                    BenchSteps.median(rounds.stream().map(RacingRound::bruteForceS).toList()),
                    BenchSteps.median(rounds.stream().map(RacingRound::racingS).toList()),
                    BenchSteps.median(rounds.stream().map(RacingRound::ratio).toList()),
                    (int) rounds.stream().filter(RacingRound::pickWithin).count(),
                    BenchSteps.median(rounds.stream().map(RacingRound::engineMsPerConfig).toList()),
                    Math.round(BenchSteps.median(rounds.stream().map(r -> (double) r.bruteForceSamples()).toList())),
                    Math.round(BenchSteps.median(rounds.stream().map(r -> (double) r.racingSamples()).toList())),
                    RacingAgainstBruteForce.RACING_RATIO_GOAL, 100 * RacingAgainstBruteForce.PICK_TOLERANCE, RacingAgainstBruteForce.PICK_GOAL, RacingAgainstBruteForce.PICK_GOAL_OF,
                    RacingAgainstBruteForce.RACING_ENGINE_GOAL_MS);
        }

        public boolean ratioMet() { return ratio <= goalRatio; }

        /** At least {@code goalPicks} of every {@code goalPicksOf} rounds picked within the tolerance (judged only over that many rounds). */
        public boolean picksMet() { return rounds.size() >= goalPicksOf && picksWithin * goalPicksOf >= goalPicks * rounds.size(); }

        public boolean engineMet() { return engineMsPerConfig <= goalEngineMsPerConfig; }
    }

    /**
     * One round of the racing part: each arm's wall time (racing: its tune and its confirmation) and
     * samples, the racing arm's timed kernel calls, builds and engine time per config, the picks, and
     * the truth: the re-measured medians of the brute-force top five and the racing pick.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record RacingRound(double bruteForceS, double racingS, double tuneS, double confirmS, double ratio, long bruteForceSamples,
                              long racingSamples, int racedOut, int ahead, int measuredAgain, double timedCallsS, double buildS, double engineMsPerConfig,
                              String bruteForceBest, String pick, String fastest, double pickBehindPercent, boolean pickWithin,
                              List<Truth> truth, String loadAverage) {}

    /** A config's median in the long re-measurement (the median of its rounds' medians). */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Truth(String config, double medianMs) {}

    /** 1. The engine's own time per config beyond build and kernel, on warm builds of a trivial kernel. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Overhead(int configs, double wallMs, double kernelMs, double buildMs, double perConfigMs, double perRunMs, double cpuPerConfigMs,
                           double programCpuPerConfigMs, double goalMs, double processFloorMs) {
        public boolean met() { return perConfigMs <= goalMs; }
    }

    /** 2. Pipelined against strictly sequential on the same trivial grid, cold builds, interleaved passes. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record PipelineRatio(int configs, List<Double> parallelS, List<Double> sequentialS, double ratio) {}

    /** What a pipeline mode does to wall time and noise on a small real kernel grid with cold builds. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ModeRun(String mode, boolean pinned, int configs, double wallS, double medianCv, double maxCv, int noisy, int unsteady) {}

    /** 3. The protocol's timing of a ~1 µs kernel against one long native loop of the same calls. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record TimingOverhead(int rounds, double sampledUs, double longLoopUs, double overheadPercent, double goalPercent,
                                 List<Double> sampledRoundsUs, List<Double> longLoopRoundsUs) {
        public boolean met() { return Math.abs(overheadPercent) <= goalPercent; }
    }

    /** 4. The 64-config tile grid tuned twice from cold builds. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Repeatability(int configs, int repeat, List<Double> passS, double spearman, boolean sameBest,
                                List<String> best, List<Double> bestGflops, double goalPassS, double goalSpearman,
                                double spearmanCpu) {
        public boolean met() { return passS.stream().allMatch(s -> s < goalPassS) && spearman >= goalSpearman; }
    }

    /** 5. The tuned example against the best of OpenBLAS's kernels this CPU runs, and the FMA peak. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Baseline(int rounds, Map<Integer, Double> peakGflopsByBits, List<Contender> contenders, List<BlasKernel> blasKernels,
                           String bestBlasKernel) {}

    /**
     * What OpenBLAS did in one environment it was asked to run in: the core whose kernels it chose
     * ({@code core}, null when it said nothing) and, in {@code note}, whether it fell back from the
     * core the environment named and whether those kernels cannot run on this CPU.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record BlasKernel(String environment, String core, String note) {}

    /** One sgemm measured in the baseline rounds. {@code kernel} names the OpenBLAS core, when it is OpenBLAS. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Contender(String name, String kernel, String environment, double medianMs, double gflops, List<Double> roundGflops) {}
}
