package org.tuningworkbench.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.testing.CliProcess;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** Every exit code means what the table of docs/command-line.md says, and a signal ends a run cleanly. */
@IntegrationTest
class ExitCodesTest {

    @TempDir
    Path dir;

    @Test
    void theDocumentedTableListsExactlyTheCodesTheCommandsReturn() throws Exception {
        Path page = Path.of("..", "docs", "command-line.md");
        String text = Files.readString(page);
        int start = text.indexOf("## Exit codes");
        assertThat(start).as("section \"Exit codes\" of " + page).isPositive();
        String section = text.substring(start, text.indexOf("\n## ", start + 1) < 0 ? text.length() : text.indexOf("\n## ", start + 1));
        var listed = new TreeSet<Integer>();
        var row = Pattern.compile("(?m)^\\| (\\d+) \\|").matcher(section);
        while (row.find()) listed.add(Integer.parseInt(row.group(1)));
        assertThat(listed).containsExactlyInAnyOrderElementsOf(ExitCode.ALL);
    }

    @Test
    void aSecondRunOnTheSameRecordsIsBusyNamingThePid() throws Exception {
        TestProject.write(dir, TestProject.scaleProject(""), "scale.c", TestProject.SCALE_KERNEL);
        Path records = dir.resolve("records.jsonl");
        try (RecordFile held = RecordFile.open(records)) {
            var err = new StringWriter();
            int code = Cli.execute(new PrintWriter(new StringWriter()), new PrintWriter(err, true), "tune", "--cache-dir=" + dir.resolve("cache"),
                    "--records=" + records, dir.resolve("project.toml").toString());
            assertThat(code).isEqualTo(ExitCode.BUSY);
            assertThat(err.toString()).contains("is being written by another tuning run (pid " + ProcessHandle.current().pid() + ")");
        }
    }

    @Test
    void aRecordFileThatIsNotOneIsBadInputAndLeftUntouched() throws Exception {
        TestProject.write(dir, TestProject.scaleProject(""), "scale.c", TestProject.SCALE_KERNEL);
        var err = new StringWriter();
        int code = Cli.execute(new PrintWriter(new StringWriter()), new PrintWriter(err, true), "tune", "--cache-dir=" + dir.resolve("cache"),
                "--records=" + dir.resolve("scale.c"), dir.resolve("project.toml").toString());
        assertThat(code).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString()).contains(dir.resolve("scale.c") + " is not a record file");
        assertThat(Files.readString(dir.resolve("scale.c"))).isEqualTo(TestProject.SCALE_KERNEL);
    }

    @ParameterizedTest
    @CsvSource({"TERM, 143", "INT, 130", "HUP, 129"})
    void aSignalStopsTheRunCleanlyKeepingItsRecords(String signal, int expected) throws Exception {
        // Twelve configs of at least 300 ms each: when the first record is written, seconds of the run are left for
        // the signal to reach, even on a busy machine (with six, a loaded host saw the run end before it did).
        var configs = new StringBuilder();
        for (int c = 1; c <= 12; c++) configs.append(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * 2.0f + 0.0f * " + c + ";"));
        Path project = TestProject.write(dir, TestProject.scaleProject(configs.toString()).replace("warmup_ms = 0", "warmup_ms = 300"),
                "scale.c", TestProject.SCALE_KERNEL);
        Path records = dir.resolve("records.jsonl");
        var cli = CliProcess.start(dir.resolve("cli.log"), "tune", "--records=" + records, "--cache-dir=" + dir.resolve("cache"), project.toString());
        assertThat(cli.awaitWhileAlive(() -> CliProcess.lines(records) >= 1, Duration.ofSeconds(60))).as(cli.output()).isTrue();
        cli.signal(signal);
        assertThat(cli.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(cli.process.exitValue()).as(cli.output()).isEqualTo(expected);
        assertThat(cli.output()).doesNotContain("internal error").doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(RecordFile.read(records)).isNotEmpty().allSatisfy(r -> assertThat(r.ok()).isTrue());
    }
}
