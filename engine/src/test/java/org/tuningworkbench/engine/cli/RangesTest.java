package org.tuningworkbench.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tuningworkbench.engine.project.Range;
import org.tuningworkbench.fixtures.TestProject;

/** Every numeric setting has a documented range, checked before anything runs, with a message naming the value and the range. */
class RangesTest {

    @TempDir
    Path dir;

    @Test
    void theDocumentListsEveryRange() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "ranges.md"));
        for (Range r : Range.ALL) assertThat(doc).contains("| " + r.settings() + " | " + r.text() + " |");
    }

    private Path project(String extra) throws Exception {
        return TestProject.write(dir, TestProject.scaleProject(TestProject.config("Body", TunedScale.FAST)) + extra, "scale.c", TestProject.SCALE_KERNEL);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "--confirm-rounds; 1000000000; --confirm-rounds 1000000000 is outside its range: 1 to 1,000 rounds",
        "--confirm-top; 5000; --confirm-top 5000 is outside its range: 0 to 1,000 configs",
        "--repeat; 0; --repeat 0 is outside its range: 1 to 1,000,000 samples",
        "--warmup-ms; Infinity; --warmup-ms Infinity is outside its range: 0 to 3,600,000 ms",
        "--timeout-s; NaN; --timeout-s NaN is outside its range: 0.001 to 86,400 s",
        "--jobs; 100000; --jobs 100000 is outside its range: 1 to 1,024 builds at once",
        "--time-limit-s; 0; --time-limit-s 0 is outside its range: 0.001 to 31,536,000 s",
        "--warmup; -3; --warmup -3 is outside its range: 0 to 100,000,000 calls"})
    void anOptionOutOfItsRangeIsRefusedBeforeAnythingRuns(String option, String value, String message) throws Exception {
        Path file = project("");
        var result = TunedScale.run("tune", "--cache-dir=" + dir.resolve("cache"), option, value, file.toString());
        assertThat(result.code()).as(result.err()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(result.err()).contains("error: " + message);
        assertThat(dir.resolve("records.jsonl")).doesNotExist();
        assertThat(dir.resolve("cache")).doesNotExist();
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "measure| warmup_ms = inf; the warm-up must be from 0 to 3600000 ms (an hour), not Infinity",
        "measure| repeat = 0; `repeat` 0 is outside its range: 1 to 1,000,000 samples",
        "measure| min_sample_ms = 1e12; `min_sample_ms` 1000000000000 is outside its range: 0 to 3,600,000 ms",
        "measure| race_margin = nan; `race_margin` NaN is outside its range",
        "search| max_trials = 0; `max_trials` 0 is outside its range: 1 to 100,000,000 trials",
        "search| time_limit_s = 1e300; `time_limit_s` must be a positive number of seconds",
        "build| timeout_s = 0.01; `timeout_s` 0.01 is outside its range: 0.1 to 86,400 s"})
    void aProjectValueOutOfItsRangeIsRefusedWithItsLine(String table, String message) throws Exception {
        String text = Files.readString(project("")).replace("[measure]\n", "");
        Path file = Files.writeString(dir.resolve("project.toml"), text.replace("warmup_ms = 0\nrepeat = 3\nmin_sample_ms = 1\ntimeout_s = 3\n", "")
                + "\n[" + table.replace("|", "]\n") + "\n");
        var result = TunedScale.run("tune", "--cache-dir=" + dir.resolve("cache"), file.toString());
        assertThat(result.code()).as(result.err()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(result.err()).contains(message).contains("project.toml:");
        assertThat(dir.resolve("cache")).doesNotExist();
    }

    @Test
    void replayAndShowCountsAreRangedToo() throws Exception {
        var replay = TunedScale.run("replay", "--strategy", "random", "--budget", "0", "--seeds", "3", dir.resolve("x.json").toString());
        assertThat(replay.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(replay.err()).contains("--budget 0 is outside its range: 1 to 100,000,000 trials");
    }
}
