package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.measure.Racing;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/**
 * A run's programs fill each large input once: the first keeps it in the run's folder, the others
 * map it copy on write. A kernel that writes to its input changes only its own copy, and the guard
 * zones around a mapped input still catch writes outside it.
 */
@IntegrationTest
class SharedInputsTest {

    @TempDir
    Path dir;

    /** The right result only when `x` is mapped from the run's shared copy (a `.bin` file in the program's memory map). */
    private static final String ONLY_WHEN_MAPPED = "{ FILE *maps = fopen(\"/proc/self/maps\", \"r\"); char line[4096]; int mapped = 0;"
            + " while (maps && fgets(line, sizeof line, maps)) if (strstr(line, \"/inputs/\") && strstr(line, \".bin\")) mapped = 1;"
            + " if (maps) fclose(maps); for (int i = 0; i < n; i++) y[i] = mapped ? 2.0f * x[i] : 0.0f; }";

    @Test
    void largeInputsAreFilledOnceAndMappedCopyOnWriteWithTheirGuardZones() throws Exception {
        String configs = config("Body", "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];")
                + config("Body", ONLY_WHEN_MAPPED)
                + config("Body", "{ for (int i = 0; i < n; i++) y[i] = 2.0f * x[i]; ((float *)x)[0] = 1e9f; }")
                + config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];")
                + config("Body", "{ for (int i = 0; i < n; i++) y[i] = 2.0f * x[i]; ((float *)x)[-1] = 0.0f; }")
                + config("Body", "{ for (int i = 0; i < n; i++) y[i] = 2.0f * x[i]; ((float *)x)[n] = 0.0f; }");
        // 512 KiB a buffer: large enough to be shared.
        String text = TestProject.measuredAsListed(TestProject.scaleProject(configs).replace("n = 4096", "n = 131072"));
        var project = ProjectFile.load(TestProject.write(dir, text, "scale.c", TestProject.SCALE_KERNEL));
        var kept = new ArrayList<List<String>>();
        List<TuningRecord> records;
        try (RecordFile file = RecordFile.open(dir.resolve("records.jsonl"))) {
            records = new Tuner(project, TuneOptions.defaults(dir.resolve("cache")).toBuilder().racing(Racing.OFF).build()).run(file, e -> {
                if (e instanceof TuningEvent.Finished) kept.add(sharedInputs(dir.resolve("cache/runs")));
            });
        }

        // Only x is filled: y starts as zeros, which every program gets from allocation.
        assertThat(kept.getFirst()).singleElement().asString().endsWith(".bin");
        assertThat(records).extracting(TuningRecord::status)
                .containsExactly(Status.OK, Status.OK, Status.OK, Status.OK, Status.OUT_OF_BOUNDS, Status.OUT_OF_BOUNDS);
        assertThat(records.get(4).error()).contains("buffer `x` (524288 bytes)").contains("offsets -4 to -1").contains("before its start");
        assertThat(records.get(5).error()).contains("buffer `x` (524288 bytes)").contains("offsets 524288 to 524291").contains("past its end");
        // The run's folder, shared inputs and all, is gone with the run.
        assertThat(sharedInputs(dir.resolve("cache/runs"))).isEmpty();
    }

    private static List<String> sharedInputs(Path runs) {
        try (var files = Files.walk(runs)) {
            return files.filter(p -> p.getParent().getFileName().toString().equals("inputs")).map(p -> p.getFileName().toString()).toList();
        } catch (java.io.IOException e) {
            return List.of();
        }
    }
}
