package org.tuningworkbench.engine.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.bridge.Language;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.project.SearchSettings;
import org.tuningworkbench.engine.search.Budget;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.engine.verify.Verification;
import org.tuningworkbench.tiers.IntegrationTest;

/**
 * Every bundled example project, shrunk (each size capped at 128) and measured briefly: every config
 * builds, runs and matches its golden result, exactly as the commands of docs/examples.md would at full size.
 */
@org.junit.jupiter.api.Timeout(600)
@IntegrationTest
class BundledExamplesTest {

    private static final long SIZE_CAP = 128;
    private static final long SPACE_SAMPLE = 6;

    /** Examples written for a GPU machine, which this one may not be: GpuHarnessExamplesTest reads them instead. */
    static final java.util.Set<String> FOR_GPU_MACHINES = java.util.Set.of("cuda-harness", "triton-harness");

    @TempDir
    Path dir;

    static Stream<Path> examples() throws IOException {
        Path root = Path.of("..", "examples").toAbsolutePath().normalize();
        try (var dirs = Files.list(root)) {
            // Every project of each folder: project.toml, and others beside it (superkernel's openmp.toml).
            List<Path> projects = dirs.filter(Files::isDirectory).filter(d -> !FOR_GPU_MACHINES.contains(d.getFileName().toString()))
                    .flatMap(BundledExamplesTest::projectFiles).sorted().toList();
            assertThat(projects).as("examples under %s", root).isNotEmpty();
            return projects.stream();
        }
    }

    private static Stream<Path> projectFiles(Path folder) {
        try (var files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".toml")).toList().stream();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void everyConfigOfTheExampleBuildsRunsAndMatchesTheGolden(Path projectFile) throws Exception {
        Project full = ProjectFile.load(projectFile);
        var small = new LinkedHashMap<String, Long>();
        full.inputs().sizes().forEach((name, value) -> small.put(name, Math.min(value, SIZE_CAP)));
        Project shrunk = ProjectFile.load(projectFile, small);
        Project measured = shrunk.withMeasure(shrunk.measure().withRepeat(2).withWarmupMs(0).withMinSampleMs(1));
        // A space is sampled: a few of its configs, drawn at random, must build, run and match too.
        int fromSpace = (int) Math.min(SPACE_SAMPLE, measured.candidates().space().map(s -> s.size()).orElse(0L));
        int listed = measured.candidates().listed().isEmpty() && measured.candidates().space().isEmpty() ? 1 : measured.candidates().listed().size();
        Project project = measured.withSearch(new SearchSettings("random", 1, Budget.trials(listed + fromSpace)));

        List<TuningRecord> records;
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            // Racing off: every config takes both samples, whatever the others measured.
            records = new Tuner(project, TuneOptions.defaults(dir.resolve("cache")).toBuilder().racing(Racing.OFF).build()).run(file, e -> { });
        }
        assertThat(records).hasSize(listed + fromSpace);
        assertThat(records).allSatisfy(r -> {
            assertThat(r.status()).as("%s: %s", r.config(), r.error()).isEqualTo(Status.OK);
            assertThat(r.samplesUs()).hasSize(2);
            if (!(project.check().golden() instanceof org.tuningworkbench.engine.project.Golden.None)) {
                assertThat(r.verification().status()).isEqualTo(Verification.Status.PASS);
            }
            if (project.kernel().language() == Language.OPENCL) {
                assertThat(r.kernelUs()).as("kernel time from profiling events").isPositive();
                assertThat(r.launches()).isPositive();
            }
        });
        assertThat(project.work().flops().isPresent() || project.work().bytes().isPresent()).as("examples say how much work a call does").isTrue();
    }
}
