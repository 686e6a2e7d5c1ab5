package org.tuningworkbench.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.tuningworkbench.engine.process.ChildProcess;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.exec.TuneOptions;
import java.util.Locale;
import org.tuningworkbench.bench.BenchSteps.Tuned;

/** 1. The engine's own time per config beyond build and kernel, on warm builds of a trivial kernel. */
record EngineOverhead(BenchSteps steps) {

    static final double GOAL_MS = 5;

    /**
     * The marginal cost of one more config: warm-build runs of a small and a large trivial grid,
     * interleaved; the difference of their engine time (wall minus kernel and build time) divided by
     * the difference in configs. What a run costs once (finding the compiler, the golden result) is
     * reported apart, as the small grid's share.
     */
    BenchReport.Overhead run() throws Exception {
        int small = steps.quick() ? 4 : 8;
        int large = steps.quick() ? 12 : 48;
        Path cache = steps.workDir().resolve("cache-overhead");
        Project smallGrid = steps.trivialProject(small, "trivial-small");
        Project largeGrid = steps.trivialProject(large, "trivial-large");
        steps.tune(largeGrid, TuneOptions.defaults(cache).toBuilder().resume(false).build()); // fills the build cache, warms the JIT
        steps.tune(smallGrid, TuneOptions.defaults(cache).toBuilder().resume(false).build());
        var smallMs = new ArrayList<Double>();
        var largeMs = new ArrayList<Double>();
        var smallCpu = new ArrayList<CpuTime.Split>();
        var largeCpu = new ArrayList<CpuTime.Split>();
        Tuned lastLarge = null;
        for (int round = 0; round < (steps.quick() ? 1 : 3); round++) {
            var cpu0 = CpuTime.split();
            Tuned smallRun = steps.tune(smallGrid, TuneOptions.defaults(cache).toBuilder().resume(false).build());
            var cpu1 = CpuTime.split();
            lastLarge = steps.tune(largeGrid, TuneOptions.defaults(cache).toBuilder().resume(false).build());
            var cpu2 = CpuTime.split();
            smallMs.add(engineMs(smallRun));
            largeMs.add(engineMs(lastLarge));
            smallCpu.add(new CpuTime.Split(cpu1.ownMs() - cpu0.ownMs(), cpu1.childrenMs() - cpu0.childrenMs()));
            largeCpu.add(new CpuTime.Split(cpu2.ownMs() - cpu1.ownMs(), cpu2.childrenMs() - cpu1.childrenMs()));
        }
        double perConfig = (BenchSteps.median(largeMs) - BenchSteps.median(smallMs)) / (large - small);
        double fixed = BenchSteps.median(smallMs) - small * perConfig;
        double cpuPerConfig = (BenchSteps.median(largeCpu.stream().map(CpuTime.Split::totalMs).toList()) - BenchSteps.median(smallCpu.stream().map(CpuTime.Split::totalMs).toList())) / (large - small);
        double programCpuPerConfig = (BenchSteps.median(largeCpu.stream().map(CpuTime.Split::childrenMs).toList()) - BenchSteps.median(smallCpu.stream().map(CpuTime.Split::childrenMs).toList())) / (large - small);
        double kernelMs = RacingFigures.timedCallsMs(lastLarge.records());
        double buildMs = RacingFigures.buildMs(lastLarge.records());
        double floorMs = processFloorMs(steps.quick() ? 20 : 100);
        var result = new BenchReport.Overhead(large, lastLarge.wallS() * 1000, kernelMs, buildMs, perConfig, fixed, cpuPerConfig, programCpuPerConfig, GOAL_MS, floorMs);
        steps.log().accept(String.format(java.util.Locale.ROOT, "1. engine overhead: %.2f ms wall per config beyond build and kernel (%d vs %d trivial configs, warm builds, median of %d interleaved rounds), %.0f ms once per run; CPU time %.2f ms per config (%.2f ms the engine's, %.2f ms its programs') — goal ≤ %.0f ms: %s",
                perConfig, large, small, smallMs.size(), fixed, cpuPerConfig, cpuPerConfig - programCpuPerConfig, programCpuPerConfig, GOAL_MS, BenchSteps.verdict(result.met())));
        steps.log().accept(String.format(java.util.Locale.ROOT, "   of which a process that does nothing (`true`, started and awaited as a config's program is) costs %.2f ms here: every config runs in a process of its own; load average %s",
                floorMs, BenchSteps.loadAverage()));
        return result;
    }

    /**
     * What starting and awaiting a program that does nothing costs on this machine, in milliseconds
     * (the mean of {@code runs}, after one unmeasured): a config's program can cost no less, whatever
     * the engine does around it. Starting a program is dear on some virtual machines, where each page
     * a new process touches first takes a fault to the hypervisor.
     */
    private double processFloorMs(int runs) throws IOException, InterruptedException {
        Path dir = steps.workDir().resolve("process-floor");
        Files.createDirectories(dir);
        var process = new ChildProcess();
        long start = 0;
        for (int run = 0; run <= runs; run++) {
            if (run == 1) start = System.nanoTime();
            ChildProcess.Exit exit = process.run(List.of("true"), dir, "true", Duration.ofSeconds(10));
            if (exit.code() != 0) throw new IOException("`true` exited with code " + exit.code() + ": " + exit.stderrText(2000));
        }
        return (System.nanoTime() - start) / 1e6 / runs;
    }

    /** A run's wall time minus the kernel's and the builds' own time, in milliseconds. */
    private static double engineMs(Tuned t) {
        return t.wallS() * 1000 - RacingFigures.timedCallsMs(t.records()) - RacingFigures.buildMs(t.records());
    }
}
