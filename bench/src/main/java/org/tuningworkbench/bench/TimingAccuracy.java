package org.tuningworkbench.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Map;
import org.tuningworkbench.engine.marker.SourceFiles;
import org.tuningworkbench.engine.project.MeasureSettings;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.stats.SampleStatistics;
import java.util.Locale;

/** 3. The protocol's timing of a ~1 µs kernel against one long native loop of the same calls. */
record TimingAccuracy(BenchSteps steps) {

    static final double GOAL_PERCENT = 2;

    BenchReport.TimingOverhead run() throws Exception {
        Path dir = steps.workDir().resolve("spin");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("spin.c"), BenchSteps.resource("spin.c"));
        Files.writeString(dir.resolve("project.toml"), """
                name = "spin"
                [kernel]
                source = "spin.c"
                entry = "spin"
                [[args]]
                name = "iters"
                scalar = "int"
                value = "900"
                [[args]]
                name = "x"
                buffer = "f32[1]"
                init = "ones"
                output = true
                """);
        Project project = ProjectFile.load(dir.resolve("project.toml"));
        Path program = steps.build(project, SourceFiles.read(project.kernel().source()).text(), steps.workDir().resolve("cache-spin"));
        MeasureSettings sampled = MeasureSettings.DEFAULT;
        MeasureSettings longLoop = MeasureSettings.DEFAULT.withRepeat(1).withMinSampleMs(steps.quick() ? 200 : 1000);
        int rounds = steps.quick() ? 2 : 7;
        var sampledUs = new ArrayList<Double>();
        var longUs = new ArrayList<Double>();
        var ratios = new ArrayList<Double>();
        for (int round = 1; round <= rounds; round++) {
            double s = SampleStatistics.of(steps.measure(program, sampled, Map.of(), "spin-s" + round).samplesUs()).median();
            double l = steps.measure(program, longLoop, Map.of(), "spin-l" + round).samplesUs()[0];
            sampledUs.add(s);
            longUs.add(l);
            ratios.add(s / l);
        }
        // Launches differ by tens of percent on a shared machine: compare each round's adjacent pair.
        double overhead = 100 * (BenchSteps.median(ratios) - 1);
        var result = new BenchReport.TimingOverhead(rounds, BenchSteps.median(sampledUs), BenchSteps.median(longUs), overhead, GOAL_PERCENT, sampledUs, longUs);
        steps.log().accept(String.format(java.util.Locale.ROOT, "3. timing overhead: %.4f µs per call sampled (%d × ≥%.0f ms samples) vs %.4f µs in one %.0f ms native loop: %+.2f%% (median of %d interleaved pairs; the rounds' own medians range %.2f–%.2f µs) — goal within %.0f%%: %s",
                BenchSteps.median(sampledUs), sampled.repeat(), sampled.minSampleMs(), BenchSteps.median(longUs), longLoop.minSampleMs(), overhead, rounds,
                sampledUs.stream().mapToDouble(Double::doubleValue).min().orElse(0), sampledUs.stream().mapToDouble(Double::doubleValue).max().orElse(0),
                GOAL_PERCENT, BenchSteps.verdict(result.met())));
        return result;
    }
}
