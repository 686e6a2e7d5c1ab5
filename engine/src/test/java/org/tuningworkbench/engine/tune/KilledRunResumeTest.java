package org.tuningworkbench.engine.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** A tuner killed with SIGKILL mid-run loses no record, and the next run measures nothing twice. */
@IntegrationTest
class KilledRunResumeTest {

    @TempDir
    Path dir;

    @Test
    void sigkillMidRunLosesNothingAndResumeMeasuresNothingTwice() throws Exception {
        var configs = new StringBuilder();
        for (int c = 1; c <= 8; c++) configs.append(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * 2.0f + 0.0f * " + c + ";"));
        Path projectFile = TestProject.write(dir, TestProject.scaleProject(configs.toString()).replace("warmup_ms = 0", "warmup_ms = 150"),
                "scale.c", TestProject.SCALE_KERNEL);
        Path records = dir.resolve("records.jsonl");

        Process tuner = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(),
                "-cp", System.getProperty("java.class.path"), "org.tuningworkbench.engine.cli.Cli",
                "tune", "--records=" + records, "--cache-dir=" + dir.resolve("cache"), projectFile.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("killed.log").toFile()).start();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (lines(records) < 3 && tuner.isAlive() && System.nanoTime() < deadline) Thread.sleep(20);
        assertThat(tuner.isAlive()).as("tuner still running when killed; log: %s", Files.readString(dir.resolve("killed.log"))).isTrue();
        new ProcessBuilder("kill", "-KILL", Long.toString(tuner.pid())).start().waitFor();
        assertThat(tuner.waitFor(10, TimeUnit.SECONDS)).isTrue();

        List<TuningRecord> beforeResume = RecordFile.read(records);
        int kept = beforeResume.size();
        assertThat(kept).isBetween(3, 7);

        var resumed = new ArrayList<String>();
        try (RecordFile file = RecordFile.open(records)) {
            new Tuner(ProjectFile.load(projectFile), TuneOptions.defaults(dir.resolve("cache"))).run(file, e -> {
                if (e instanceof TuningEvent.Finished f && f.resumed()) resumed.add(f.trial().config().key());
            });
        }
        List<TuningRecord> after = RecordFile.read(records);
        Map<String, Long> perConfig = after.stream().collect(Collectors.groupingBy(r -> r.configValues().key(), Collectors.counting()));
        assertThat(perConfig).hasSize(8).allSatisfy((config, count) -> assertThat(count).as("records of %s", config).isEqualTo(1L));
        assertThat(after.subList(0, kept)).isEqualTo(beforeResume);
        assertThat(resumed).containsExactlyElementsOf(beforeResume.stream().map(r -> r.configValues().key()).toList());
        assertThat(after).allSatisfy(r -> assertThat(r.ok()).isTrue());
    }

    private static int lines(Path file) throws Exception {
        if (!Files.exists(file)) return 0;
        return (int) Files.readAllLines(file).stream().filter(Predicate.not(String::isBlank)).count();
    }
}
