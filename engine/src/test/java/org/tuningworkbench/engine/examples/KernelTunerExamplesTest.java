package org.tuningworkbench.engine.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.project.LaunchTableTest;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.project.SearchSettings;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.search.Budget;
import org.tuningworkbench.engine.tune.Ranking;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.engine.verify.Verification;

/** Kernel Tuner's published OpenCL kernels, tuned on this machine's OpenCL device as their projects say. */
class KernelTunerExamplesTest {

    @TempDir
    Path dir;

    private List<TuningRecord> tune(Project project) throws Exception {
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            return new Tuner(project, TuneOptions.defaults().withCacheDir(dir.resolve("cache")).withRacing(Racing.OFF)).run(file, e -> { });
        }
    }

    @Test
    void matmulTunesWithItsGridDivisorsAndRestrictionAndEveryConfigMatchesTheReference() throws Exception {
        Path example = Path.of("..", "examples", "kernel-tuner", "matmul").toAbsolutePath().normalize();
        assertThat(Files.readString(example.resolve("project.toml")).lines().count()).as("lines of the project file").isLessThan(50);
        Project full = ProjectFile.load(example.resolve("project.toml"));
        Project project = full.withMeasure(full.measure().withRepeat(2).withWarmupMs(0).withMinSampleMs(1))
                .withSearch(new SearchSettings("random", 3, Budget.trials(4)));
        List<TuningRecord> records = tune(project);
        assertThat(records).hasSize(4).allSatisfy(r -> {
            assertThat(r.status()).as("%s: %s", r.config(), r.error()).isEqualTo(Status.OK);
            assertThat(r.verification().status()).isEqualTo(Verification.Status.PASS);
            assertThat(r.configValues().values().get("block_size_x")).isEqualTo(Integer.toString(
                    Integer.parseInt(r.configValues().values().get("block_size_y")) * Integer.parseInt(r.configValues().values().get("tile_size_y"))));
            // GFLOP/s from the kernels' own time in ms, as Kernel Tuner's metric has it.
            assertThat(r.metrics().get("GFLOP/s")).isCloseTo(2 * Math.pow(256, 3) / 1e9 / (r.kernelUs() / 1e6), within(1e-6));
        });
        assertThat(Ranking.of(records, project.search().objective()).best().orElseThrow().metrics().get("GFLOP/s"))
                .isEqualTo(records.stream().mapToDouble(r -> r.metrics().get("GFLOP/s")).max().orElseThrow());
    }

    @Test
    void aWorkGroupLargerThanTheDeviceTakesIsAnInvalidConfigNamedBeforeItIsBuilt() throws Exception {
        Files.writeString(dir.resolve("vector_add.cl"), LaunchTableTest.KERNEL);
        String text = LaunchTableTest.PROJECT.replace("block_size_x = [128, 192, 256]", "block_size_x = [128, 1048576]") + "\n[launch]\nproblem_size = \"n\"\n";
        Files.writeString(dir.resolve("project.toml"), text);
        List<TuningRecord> records = tune(ProjectFile.load(dir.resolve("project.toml"), Map.of()));
        assertThat(records).extracting(TuningRecord::status).containsExactlyInAnyOrder(Status.OK, Status.INVALID_CONFIG);
        TuningRecord refused = records.stream().filter(r -> r.status() == Status.INVALID_CONFIG).findFirst().orElseThrow();
        assertThat(refused.error()).contains("1048576 work items").contains("CL_DEVICE_MAX_WORK_GROUP_SIZE");
        assertThat(refused.build()).isNull();
    }
}
