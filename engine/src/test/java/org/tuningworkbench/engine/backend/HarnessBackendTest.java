package org.tuningworkbench.engine.backend;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.engine.verify.Verification;
import org.tuningworkbench.fixtures.ProjectToml;
import org.tuningworkbench.tiers.IntegrationTest;

/**
 * A project's own harness, here a shell script: a good config is measured and verified, and each
 * way a harness can go wrong ends its own config with the reason, the others untouched.
 */
@IntegrationTest
class HarnessBackendTest {

    @TempDir
    Path dir;

    /** Writes the 4-float output the golden expects, unless MODE says otherwise, and answers as MODE says. */
    private static final String HARNESS = """
            #!/bin/sh
            . "$TW_SOURCE"
            if [ "$TW_ENTRY" = reference ]; then MODE=good; fi
            [ "$TW_SAMPLES" -ge 1 ] || { echo "no sample count" >&2; exit 3; }
            [ -n "$TW_SIZE_n" ] || { echo "no size" >&2; exit 3; }
            python3 -c "import struct,sys; h=\\"{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }\\"; h=h+' '*(64-(10+len(h)+1)%64)+'\\\\n'; sys.stdout.buffer.write(b'\\\\x93NUMPY\\\\x01\\\\x00'+struct.pack('<H',len(h))+h.encode()+struct.pack('<4f',1,2,3,$VALUE))" > "$TW_OUT_DIR/y.npy"
            case "$MODE" in
              good) echo "warming up"; echo '{"samples_us": [10.5, 11.0, 10.0], "kernel_samples_us": [9, 9, 9], "metrics": {"score": 7.5}}' ;;
              file) echo '{"samples_us": [20, 21]}' > "$TW_RESULT_FILE"; echo "see the file" ;;
              silent) ;;
              garbage) echo "all done, 10 us" ;;
              fails) echo "out of device memory" >&2; exit 2 ;;
              hangs) sleep 30 ;;
              negative) echo '{"samples_us": [10, -1]}' ;;
              nan) echo '{"samples_us": [NaN]}' ;;
            esac
            """;

    @Test
    void eachConfigEndsAsItsHarnessAnswered() throws Exception {
        Files.writeString(dir.resolve("harness.sh"), HARNESS);
        Files.writeString(dir.resolve("kernel.sh"), "MODE=good  # tunable\nVALUE=4  # tunable\n");
        Files.writeString(dir.resolve("reference.sh"), "VALUE=4\n");
        var modes = List.of("good", "file", "silent", "garbage", "fails", "hangs", "negative", "nan");
        var toml = ProjectToml.kernel("kernel.sh", "run").set("harness", "sh harness.sh").named("shell-harness").size("n", 4).output("y", "f32[n]")
                .table("golden").set("source", "reference.sh").set("function", "reference")
                .table("measure").set("timeout_s", 3).set("repeat", 3)
                .table("search").set("objective", "score").set("objective_higher_is_better", true);
        for (String mode : modes) toml.config(Map.of("MODE", mode));
        var project = ProjectFile.load(toml.config(Map.of("MODE", "good", "VALUE", "5")).write(dir));
        assertThat(Backends.of(project).name()).isEqualTo("harness");
        List<TuningRecord> records;
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            records = new Tuner(project, TuneOptions.defaults(dir.resolve("cache")).toBuilder().racing(Racing.OFF).build()).run(file, e -> { });
        }
        Map<String, TuningRecord> byMode = records.stream().filter(r -> !"5".equals(r.config().get("VALUE")))
                .collect(Collectors.toMap(r -> r.config().get("MODE"), r -> r));
        TuningRecord good = byMode.get("good");
        assertThat(good.status()).as(good.error()).isEqualTo(Status.OK);
        assertThat(good.samplesUs()).containsExactly(10.5, 11.0, 10.0);
        assertThat(good.verification().status()).isEqualTo(Verification.Status.PASS);
        // What the harness reports of itself is recorded beside the project's own metrics, and may be the objective.
        assertThat(good.metrics()).containsEntry("score", 7.5);
        assertThat(project.search().objective().name()).isEqualTo("score");
        assertThat(byMode.get("file").samplesUs()).containsExactly(20.0, 21.0);
        assertThat(byMode.get("silent").error()).contains("printed no result");
        assertThat(byMode.get("garbage").error()).contains("not JSON: `all done, 10 us`");
        assertThat(byMode.get("fails").error()).contains("exited with code 2").contains("out of device memory");
        assertThat(byMode.get("hangs").status()).isEqualTo(Status.TIMEOUT);
        assertThat(byMode.get("negative").error()).contains("samples_us[1] = -1 µs");
        assertThat(byMode.get("nan").error()).contains("not JSON");
        for (String bad : List.of("silent", "garbage", "fails", "negative", "nan")) assertThat(byMode.get(bad).status()).as(bad).isEqualTo(Status.CRASH);
        TuningRecord wrong = records.stream().filter(r -> "5".equals(r.config().get("VALUE"))).findFirst().orElseThrow();
        assertThat(wrong.status()).isEqualTo(Status.WRONG_RESULT);
    }

    @Test
    void editingAFileTheHarnessNamesMakesNewProgramsAndANewIdentity() throws Exception {
        Files.writeString(dir.resolve("harness.sh"), "echo one");
        Files.writeString(dir.resolve("kernel.py"), "X = 1  # tunable\n");
        var project = ProjectFile.load(ProjectToml.kernel("kernel.py", "run").set("harness", "sh harness.sh {source}").named("h")
                .config(Map.of("X", "2")).write(dir));
        var recipe = Backends.of(project).recipe(project);
        String before = recipe.launcher("kernel.py", "run").source();
        String toolchainBefore = recipe.toolchain().version();
        Files.writeString(dir.resolve("harness.sh"), "echo two");
        // The next run reads the harness's files again.
        var next = Backends.of(project).recipe(project);
        assertThat(next.launcher("kernel.py", "run").source()).isNotEqualTo(before);
        assertThat(next.toolchain().version()).isNotEqualTo(toolchainBefore);
    }
}
