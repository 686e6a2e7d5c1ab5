package org.tuningworkbench.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.space.SearchSpace;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.stats.SampleStatistics;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.exec.Pipeline;
import java.util.Locale;
import org.tuningworkbench.bench.BenchSteps.Tuned;

/** 2. The pipeline's gain (pipelined against sequential) and what each pipeline mode does to wall time and noise. */
record PipelineModes(BenchSteps steps) {

    BenchReport.PipelineRatio pipelineRatio() throws Exception {
        int configs = steps.quick() ? 6 : 24;
        int rounds = steps.quick() ? 1 : 2;
        Project project = steps.trivialProject(configs, "trivial-pipeline");
        var parallel = new ArrayList<Double>();
        var sequential = new ArrayList<Double>();
        for (int round = 1; round <= rounds; round++) {
            parallel.add(steps.tune(project, steps.coldOptions("pipe-p" + round)).wallS());
            sequential.add(steps.tune(project, steps.coldOptions("pipe-s" + round).toBuilder().pipeline(Pipeline.SEQUENTIAL).build()).wallS());
        }
        double ratio = BenchSteps.mean(sequential) / BenchSteps.mean(parallel);
        steps.log().accept(String.format(java.util.Locale.ROOT, "2. pipelined vs sequential: %.2f s vs %.2f s for %d trivial configs built cold (%d interleaved rounds): sequential takes %.2fx the wall time",
                BenchSteps.mean(parallel), BenchSteps.mean(sequential), configs, rounds, ratio));
        return new BenchReport.PipelineRatio(configs, parallel, sequential, ratio);
    }

    /** Wall time and noise of each pipeline mode on a small real grid with cold builds. */
    List<BenchReport.ModeRun> modes() throws Exception {
        Project base = ProjectFile.load(steps.examples().resolve("matmul-tiling/project.toml"), Map.of("m", 256L, "n", 256L, "k", 256L));
        var space = new LinkedHashMap<String, List<String>>();
        space.put("BM", steps.quick() ? List.of("32", "128") : List.of("32", "64", "128"));
        space.put("BK", steps.quick() ? List.of("32", "128") : List.of("32", "64", "128"));
        Project project = base.withCandidates(base.candidates().withListed(SearchSpace.ofTexts(space).list()))
                .withMeasure(base.measure().withWarmupMs(20).withRepeat(7).withMinSampleMs(5));
        var runs = new ArrayList<BenchReport.ModeRun>();
        record Mode(String name, Pipeline pipeline, boolean pin) {}
        for (Mode mode : List.of(new Mode("parallel", Pipeline.PARALLEL, false), new Mode("parallel", Pipeline.PARALLEL, true),
                new Mode("quiet", Pipeline.QUIET, false), new Mode("sequential", Pipeline.SEQUENTIAL, false))) {
            // Racing off: every config takes all its samples, so the modes' spreads compare like for like.
            Tuned t = steps.tune(project, steps.coldOptions("mode-" + mode.name + (mode.pin ? "-pin" : "")).toBuilder().pipeline(mode.pipeline).pin(mode.pin)
                    .racing(Racing.OFF).build());
            double[] cvs = t.records().stream().filter(TuningRecord::ok).map(TuningRecord::cv).filter(java.util.Objects::nonNull)
                    .mapToDouble(Double::doubleValue).sorted().toArray();
            int noisy = (int) t.records().stream().filter(r -> Boolean.TRUE.equals(r.noisy())).count();
            int unsteady = (int) t.records().stream().filter(r -> Boolean.TRUE.equals(r.unsteady())).count();
            var run = new BenchReport.ModeRun(mode.name, mode.pin, t.records().size(), t.wallS(),
                    cvs.length == 0 ? 0 : SampleStatistics.of(cvs).median(), cvs.length == 0 ? 0 : cvs[cvs.length - 1], noisy, unsteady);
            runs.add(run);
            steps.log().accept(String.format(java.util.Locale.ROOT, "   mode %-10s %-6s %5.1f s wall, median CV %.1f%%, max CV %.1f%%, %d noisy, %d unsteady (%d configs of matmul-tiling at 256^3, cold builds)",
                    mode.name, mode.pin ? "pinned" : "", t.wallS(), 100 * run.medianCv(), 100 * run.maxCv(), noisy, unsteady, t.records().size()));
        }
        return runs;
    }
}
