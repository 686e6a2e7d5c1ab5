package org.tuningworkbench.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.recorded.Fixtures;

class ReplayCommandTest {

    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {}

    private static Result replay(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        var all = new ArrayList<String>();
        all.add("replay");
        all.addAll(List.of(args));
        int code = Cli.execute(new PrintWriter(out, true), new PrintWriter(err, true), all.toArray(String[]::new));
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void printsATablePerSpaceAndWritesTheJsonShape() throws Exception {
        Path json = dir.resolve("replay.json");
        Result r = replay(Fixtures.file("kt-small.json").toString(), Fixtures.file("t4-small.json").toString(),
                "--strategy", "random,grid", "--budget", "2,6", "--seeds", "3", "--json", json.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).contains("kt-small: 6 configs (3 valid), optimum 1.000 ms (vector_add, Test GPU 1000)")
                .contains("t4-small: 5 configs (2 valid), optimum 400.0 µs")
                .containsPattern("grid\\s+-\\s+6\\s+1\\.000\\s+1\\.000\\s+3");

        JsonNode root = RecordFile.JSON.readTree(json.toFile());
        assertThat(fields(root)).containsExactly("spaces");
        assertThat(root.get("spaces")).hasSize(2);
        JsonNode space = root.get("spaces").get(0);
        assertThat(fields(space)).containsExactly("name", "configs", "optimum", "results");
        assertThat(space.get("name").asText()).isEqualTo("kt-small");
        assertThat(space.get("configs").asInt()).isEqualTo(6);
        assertThat(space.get("optimum").asDouble()).isEqualTo(1000.0);
        assertThat(space.get("results")).hasSize(4);
        for (JsonNode result : space.get("results")) {
            assertThat(fields(result)).containsExactly("strategy", "priors", "budget", "median", "p10", "evals_to_95");
        }
        JsonNode gridAll = space.get("results").get(3);
        assertThat(gridAll.get("strategy").asText()).isEqualTo("grid");
        assertThat(gridAll.get("budget").asInt()).isEqualTo(6);
        assertThat(gridAll.get("median").asDouble()).isEqualTo(1.0);
        assertThat(gridAll.get("evals_to_95").asInt()).isEqualTo(3);
        JsonNode gridTwo = space.get("results").get(2);
        assertThat(gridTwo.get("median").asDouble()).isEqualTo(1000.0 / 1500);
        assertThat(gridTwo.get("evals_to_95").isNull()).isTrue();
    }

    @Test
    void withPriorsTheLearningStrategiesAreReplayedWithAndWithoutThemAndTheSpaceIsNoPriorForItself() throws Exception {
        // Another device that measured the same configs, twice as fast; its 64,1 worked there.
        Path other = dir.resolve("other-gpu.json");
        java.nio.file.Files.writeString(other, """
                {"device_name": "Other GPU", "kernel_name": "vector_add", "tune_params_keys": ["block_size_x", "tile_size"],
                 "tune_params": {"block_size_x": [16, 32, 64], "tile_size": [1, 2, 4]},
                 "cache": {"16,1": {"block_size_x": 16, "tile_size": 1, "time": 1.0},
                           "32,1": {"block_size_x": 32, "tile_size": 1, "time": 0.5},
                           "64,1": {"block_size_x": 64, "tile_size": 1, "time": 0.7}}}
                """);
        Path json = dir.resolve("replay.json");
        Result r = replay(Fixtures.file("kt-small.json").toString(), "--prior", other.toString(), "--prior", Fixtures.file("t4-small.json").toString(),
                "--prior", Fixtures.file("kt-small.json").toString(), "--strategy", "model,random", "--budget", "1,4", "--seeds", "2",
                "--json", json.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).contains("prior other-gpu.json: 3 of its 3 configs are in this space")
                .contains("prior t4-small.json: 0 of its 5 configs are in this space")
                .doesNotContain("prior kt-small.json")
                // The prior's best, 32,1, is the space's best: the model's first trial finds it.
                .containsPattern("model\\s+with\\s+1\\s+1\\.000\\s+1\\.000\\s+1")
                .containsPattern("model\\s+-\\s+1\\s")
                .containsPattern("random\\s+-\\s+4\\s")
                .doesNotContainPattern("random\\s+with");
        JsonNode results = RecordFile.JSON.readTree(json.toFile()).get("spaces").get(0).get("results");
        assertThat(results).hasSize(6);
        assertThat(results.get(2).get("priors").asBoolean()).isTrue();

        Result missing = replay(Fixtures.file("kt-small.json").toString(), "--prior", dir.resolve("gone.jsonl").toString(),
                "--strategy", "model", "--budget", "2", "--seeds", "1");
        assertThat(missing.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(missing.err()).contains("error: prior " + dir.resolve("gone.jsonl") + ": there is no such file to read a prior from");
    }

    @Test
    void anUnknownStrategyOrABadFileIsBadInput() {
        Result unknown = replay(Fixtures.file("kt-small.json").toString(), "--strategy", "annealing", "--budget", "5", "--seeds", "2");
        assertThat(unknown.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(unknown.err()).contains("unknown strategy `annealing`; use one of grid, ").contains("random");

        Result bad = replay(Fixtures.file("kt-times-not-numbers.json").toString(), "--strategy", "random", "--budget", "5", "--seeds", "2");
        assertThat(bad.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(bad.err()).contains("error: " + Fixtures.file("kt-times-not-numbers.json") + ", line 9");

        Result missing = replay(dir.resolve("none.json").toString(), "--strategy", "random", "--budget", "5", "--seeds", "2");
        assertThat(missing.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(missing.err()).contains("none.json: there is no such file");
    }

    private static List<String> fields(JsonNode node) {
        var out = new ArrayList<String>();
        node.fieldNames().forEachRemaining(out::add);
        return out;
    }
}
