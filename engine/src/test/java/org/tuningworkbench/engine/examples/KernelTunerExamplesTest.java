package org.tuningworkbench.engine.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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
import org.tuningworkbench.engine.search.Order;
import org.tuningworkbench.engine.tune.Ranking;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.engine.verify.Verification;
import org.tuningworkbench.tiers.IntegrationTest;

/** Kernel Tuner's published OpenCL kernels, tuned on this machine's OpenCL device as their projects say. */
@IntegrationTest
class KernelTunerExamplesTest {

    @TempDir
    Path dir;

    private List<TuningRecord> tune(Project project) throws Exception {
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            return new Tuner(project, TuneOptions.defaults(dir.resolve("cache")).toBuilder().racing(Racing.OFF).build()).run(file, e -> { });
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

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"vector_add", "stencil", "convolution", "vector_add_c"})
    void theOtherExamplesTuneWithKernelTunersDefaultsAndEveryConfigThatRunsMatchesTheReference(String example) throws Exception {
        Path folder = Path.of("..", "examples", "kernel-tuner", example).toAbsolutePath().normalize();
        assertThat(Files.readString(folder.resolve("project.toml")).lines().count()).as("lines of the project file").isLessThan(50);
        Project full = ProjectFile.load(folder.resolve("project.toml"));
        Project project = full.withMeasure(full.measure().withRepeat(2).withWarmupMs(0).withMinSampleMs(1))
                .withSearch(new SearchSettings("random", 5, Budget.trials(3)));
        List<TuningRecord> records = tune(project);
        // A work group larger than the device takes (stencil's 256 × 32 on a device of 4096) is skipped, as Kernel Tuner skips it.
        assertThat(records).filteredOn(r -> r.status() != Status.INVALID_CONFIG).hasSize(3).allSatisfy(r -> {
            assertThat(r.status()).as("%s: %s", r.config(), r.error()).isEqualTo(Status.OK);
            assertThat(r.verification().status()).isEqualTo(Verification.Status.PASS);
        });
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"row.toml", "column.toml"})
    void sepconvsTwoTuneKernelCallsAreTwoProjectsOfOneKernelAndEveryConfigTheDeviceTakesRuns(String file) throws Exception {
        Path projectFile = Path.of("..", "examples", "kernel-tuner", "sepconv", file).toAbsolutePath().normalize();
        assertThat(Files.readString(projectFile).lines().count()).as("lines of the project file").isLessThan(50);
        Project full = ProjectFile.load(projectFile);
        Project project = full.withMeasure(full.measure().withRepeat(2).withWarmupMs(0).withMinSampleMs(1))
                .withSearch(new SearchSettings("random", 2, Budget.trials(3)));
        List<TuningRecord> records = tune(project);
        // sepconv.py checks nothing: each config that runs stays within its buffers (the fences of a CPU device) and is timed.
        assertThat(records).filteredOn(r -> r.status() != Status.INVALID_CONFIG).hasSize(3).allSatisfy(r -> {
            assertThat(r.status()).as("%s: %s", r.config(), r.error()).isEqualTo(Status.OK);
            assertThat(r.config().get(file.equals("row.toml") ? "filter_height" : "filter_width")).isEqualTo("1");
        });
    }

    @Test
    void reductionTunesWithAParameterAsItsProblemSizeAndAnUnrollOfZeroIsACompileErrorOnItsPragmasLine() throws Exception {
        Path folder = Path.of("..", "examples", "kernel-tuner", "reduction").toAbsolutePath().normalize();
        String text = Files.readString(folder.resolve("project.toml"));
        assertThat(text.lines().count()).as("lines of the project file").isLessThan(50);
        Files.copy(folder.resolve("reduction.cl"), dir.resolve("reduction.cl"));
        // Four configs of its space: two vector widths, each unrolled 0 and 8 times.
        Files.writeString(dir.resolve("project.toml"), text.replace("block_size_x = { pow2 = [32, 1024] }", "block_size_x = [128]")
                .replace("vector = [1, 2, 4]", "vector = [1, 4]").replace("num_blocks = { pow2 = [32, 1024] }", "num_blocks = [64]")
                .replace("loop_unroll_factor = [0, 1, 8, 16, 32]", "loop_unroll_factor = [0, 8]"));
        Project full = ProjectFile.load(dir.resolve("project.toml"));
        Project project = full.withMeasure(full.measure().withRepeat(2).withWarmupMs(0).withMinSampleMs(1))
                .withSearch(new SearchSettings("grid", 1, Budget.trials(4), Order.LISTED));
        List<TuningRecord> records = tune(project);
        assertThat(records).hasSize(4).allSatisfy(r -> {
            if (r.config().get("loop_unroll_factor").equals("0")) {
                // `#pragma unroll loop_unroll_factor` on line 20; the compiler's note on where 0 was spelled is left out.
                assertThat(r.status()).isEqualTo(Status.COMPILE_ERROR);
                assertThat(r.error()).isEqualTo("reduction.cl:20:20: error: invalid value '0'; must be positive");
            } else {
                assertThat(r.status()).as("%s: %s", r.config(), r.error()).isEqualTo(Status.OK);
                assertThat(r.launches()).isEqualTo(1);
            }
        });
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

    @Test
    void aKernelThatNeedsMoreLocalMemoryThanTheDeviceHasIsAnInvalidConfigWithTheFigures() throws Exception {
        // 2^24 floats (64 MiB) of local memory: more than any device has.
        Files.writeString(dir.resolve("vector_add.cl"), LaunchTableTest.KERNEL.replace("int i = get_global_id(0);", """
                __local float scratch[LOCAL_FLOATS];
                    int i = get_global_id(0);
                    scratch[get_local_id(0)] = a[i];
                    barrier(CLK_LOCAL_MEM_FENCE);
                """).replace("c[i] = a[i];", "c[i] = scratch[get_local_id(0)];").replace("#define block_size_x", "#define LOCAL_FLOATS 256 // tunable\n#define block_size_x"));
        String text = LaunchTableTest.PROJECT.replace("block_size_x = [128, 192, 256]", "block_size_x = [128]\nLOCAL_FLOATS = [256, 16777216]")
                + "\n[launch]\nproblem_size = \"n\"\n";
        Files.writeString(dir.resolve("project.toml"), text);
        List<TuningRecord> records = tune(ProjectFile.load(dir.resolve("project.toml"), Map.of()));
        assertThat(records).extracting(TuningRecord::status).containsExactlyInAnyOrder(Status.OK, Status.INVALID_CONFIG);
        TuningRecord refused = records.stream().filter(r -> r.status() == Status.INVALID_CONFIG).findFirst().orElseThrow();
        assertThat(refused.config()).containsEntry("LOCAL_FLOATS", "16777216");
        assertThat(refused.error()).contains("67108864 bytes of local memory").contains("CL_DEVICE_LOCAL_MEM_SIZE");
    }

    @Test
    void configsTheDeviceCannotRunDoNotCountAgainstTheBudget() throws Exception {
        Files.writeString(dir.resolve("vector_add.cl"), LaunchTableTest.KERNEL);
        String text = LaunchTableTest.PROJECT.replace("block_size_x = [128, 192, 256]", "block_size_x = [1048576, 2097152, 128]")
                + "\n[launch]\nproblem_size = \"n\"\n";
        Files.writeString(dir.resolve("project.toml"), text);
        Project project = ProjectFile.load(dir.resolve("project.toml"), Map.of());
        List<TuningRecord> records = tune(project.withSearch(new SearchSettings("grid", 1, Budget.trials(1), Order.LISTED)));
        assertThat(records).extracting(TuningRecord::status).containsExactly(Status.INVALID_CONFIG, Status.INVALID_CONFIG, Status.OK);
    }
}
