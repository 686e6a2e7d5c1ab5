package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.process.ProcessMarker;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.testing.CliProcess;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** The tuner killed with SIGKILL at 20 random moments, resumed each time: every config recorded once, no damaged line, nothing left running. */
@IntegrationTest
class RepeatedKillsTest {

    /** The "Reliability" figures of docs/testing.md quote it. */
    static final int KILLS = 20;

    private static final int CONFIGS = 16;

    @TempDir
    Path dir;

    @Test
    void twentyKillsAndResumesRecordEveryConfigExactlyOnce() throws Exception {
        var configs = new StringBuilder();
        for (int c = 1; c <= CONFIGS; c++) configs.append(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * 2.0f + 0.0f * " + c + ";"));
        Path project = TestProject.write(dir, TestProject.scaleProject(configs.toString()).replace("warmup_ms = 0", "warmup_ms = 100"),
                "scale.c", TestProject.SCALE_KERNEL);
        Path records = dir.resolve("records.jsonl");
        var random = new Random(20);
        var killed = new ArrayList<Long>();
        for (int kill = 0; kill < KILLS; kill++) {
            var cli = CliProcess.start(dir.resolve("run-" + kill + ".log"), "tune", "--records=" + records, "--cache-dir=" + dir.resolve("cache"),
                    project.toString());
            // Any moment: starting, building, measuring, appending.
            Thread.sleep(200 + random.nextInt(1800));
            cli.signal("KILL");
            assertThat(cli.process.waitFor(10, TimeUnit.SECONDS)).isTrue();
            killed.add(cli.process.pid());
        }
        var resumed = new ArrayList<TuningRecord>();
        try (RecordFile file = RecordFile.open(records)) {
            assertThat(file.skippedLines()).as("damaged lines").isEmpty();
            resumed.addAll(new Tuner(ProjectFile.load(project), TuneOptions.defaults(dir.resolve("cache"))).run(file, e -> { }));
        }
        assertThat(resumed).hasSize(CONFIGS).allSatisfy(r -> assertThat(r.ok()).isTrue());
        List<TuningRecord> all = RecordFile.read(records);
        Map<String, Long> perConfig = all.stream().collect(Collectors.groupingBy(r -> r.configValues().key(), Collectors.counting()));
        assertThat(perConfig).hasSize(CONFIGS).allSatisfy((config, count) -> assertThat(count).as("records of %s", config).isEqualTo(1L));
        for (long pid : killed) assertThat(ProcessMarker.startedBy(pid)).as("processes of killed tuner %d", pid).isEmpty();
    }
}
