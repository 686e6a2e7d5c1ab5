package org.tuningworkbench.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.engine.cli.TunedScale.FAST;
import static org.tuningworkbench.engine.cli.TunedScale.SLOW;
import static org.tuningworkbench.engine.cli.TunedScale.run;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.output.ResultTable;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Ranking;
import org.tuningworkbench.engine.cli.TunedScale.Result;
import org.tuningworkbench.engine.recorded.Fixtures;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** show, best and apply-best read what tune recorded, without running anything. */
@IntegrationTest
class RecordCommandsTest {

    @TempDir
    Path dir;

    private void tuned() throws Exception {
        assertThat(TunedScale.tune(dir, TestProject.scaleProject(config("Body", SLOW) + config("Body", FAST))).code()).isEqualTo(ExitCode.OK);
    }

    @Test
    void showPrintsTheTableOfARecordFileOrAProjectFolder() throws Exception {
        tuned();
        Result fromRecords = run("show", dir.resolve("records.jsonl").toString());
        assertThat(fromRecords.code()).isEqualTo(ExitCode.OK);
        assertThat(fromRecords.out()).contains("AUTOTUNE scale", "2 configs recorded", "100.0%").contains("Best config: No.2");
        assertThat(run("show", dir.toString()).out()).isEqualTo(fromRecords.out());
    }

    @Test
    void showNamesTheSizesOfTheRecordsItShowsAndSaysWhenTheFileHoldsOthers() throws Exception {
        tuned();
        Result first = run("show", dir.toString());
        assertThat(first.out()).startsWith("AUTOTUNE scale (n=4096) on ");
        assertThat(first.err()).doesNotContain("note:");
        // A second run at other sizes: the table is of its records, and the first run's two are said to be there too.
        assertThat(run("tune", "--cache-dir=" + dir.resolve("cache"), "--set", "n=1024", dir.toString()).code()).isEqualTo(ExitCode.OK);
        for (String command : List.of("show", "best")) {
            Result r = run(command, dir.toString());
            assertThat(r.err()).as(command).isEqualTo("note: " + dir.resolve("records.jsonl") + " also holds 2 records of earlier runs with other sizes, "
                    + "settings, source, compiler or device; these are the latest run's (n=1024)" + System.lineSeparator());
        }
        assertThat(run("show", dir.toString()).out()).startsWith("AUTOTUNE scale (n=1024) on ").contains("2 configs recorded");
    }

    @Test
    void showNumbersAProjectsConfigsByTheirPlaceInItsListWhateverOrderTheyWereMeasuredIn() throws Exception {
        var bodies = List.of("y[0] = 1;", "y[0] = 2;", "y[0] = 3;", "y[0] = 4;", "y[0] = 5;");
        TestProject.write(dir, TestProject.scaleProject(bodies.stream().map(b -> config("Body", b)).collect(java.util.stream.Collectors.joining())),
                "scale.c", TestProject.SCALE_KERNEL);
        assertThat(run("tune", "--cache-dir=" + dir.resolve("cache"), "--seed", "3", dir.toString()).code()).isEqualTo(ExitCode.NO_SUCCESS);
        var rows = run("show", dir.toString()).out().lines().filter(l -> l.strip().matches("No\\.\\d+ .*")).toList();
        assertThat(rows).hasSize(bodies.size());
        for (String row : rows) {
            String label = row.strip().split(" ")[0];
            assertThat(row).as(label).endsWith("{Body=" + bodies.get(Integer.parseInt(label.substring(3)) - 1) + "}");
        }
    }

    @Test
    void bestPrintsTheFastestConfigAsTextOrJson() throws Exception {
        tuned();
        // Numbered as show, tune and the window's grid number it: the second config of the project's list.
        assertThat(run("best", dir.toString()).out()).startsWith("Best config: No.2, ").contains("{Body=" + FAST + "}");
        Result json = run("best", "--json", dir.resolve("records.jsonl").toString());
        assertThat(json.out()).startsWith("{\"number\":2,\"config\":{\"Body\":\"" + FAST.replace("\"", "\\\"") + "\"},\"median_us\":");
    }

    /** The confirmation of the search's two configs, as the run appends it: {@code slow} measured fastest again, though its samples were not. */
    private void confirmedSlowerBest() throws Exception {
        Path records = dir.resolve("records.jsonl");
        List<TuningRecord> searched = RecordFile.read(records);
        TuningRecord slow = searched.stream().filter(r -> r.config().get("Body").equals(SLOW)).findFirst().orElseThrow();
        TuningRecord fast = searched.stream().filter(r -> r.config().get("Body").equals(FAST)).findFirst().orElseThrow();
        assertThat(Ranking.of(searched).best()).containsSame(fast);
        try (RecordFile file = RecordFile.open(records)) {
            file.append(fast.confirmed(ConfirmedFigures.of("2026-11-28T06:00:00Z", Objective.TIME, 2, 1, 2, List.of(9.0), List.of(9.0), 9.0, 9.0)));
            file.append(slow.confirmed(ConfirmedFigures.of("2026-11-28T06:00:00Z", Objective.TIME, 1, 2, 2, List.of(8.0), List.of(8.0), 8.0, 8.0)));
        }
    }

    @Test
    void showBestApplyBestAndTheReportNameTheBestTheRunsConfirmationMeasuredAsTheRunAnnouncedIt() throws Exception {
        tuned();
        assertThat(run("best", dir.toString()).out()).startsWith("Best config: No.2, ");
        confirmedSlowerBest();
        // Its confirmed figures stand: the median and the share of the best are those its confirmation measured.
        assertThat(run("best", dir.toString()).out()).startsWith("Best config: No.1, 8.000 µs confirmed, ").contains("{Body=" + SLOW + "}");
        assertThat(run("best", "--json", dir.toString()).out()).startsWith("{\"number\":1,").contains("\"median_us\":8.0,", "\"confirmed\":true");
        Result show = run("show", dir.toString());
        assertThat(show.out()).contains("Best config: No.1 (confirmed: measured fastest again in 1 round of fresh processes)", "2 configs recorded");
        assertThat(show.out().lines().filter(l -> l.strip().startsWith("No.2 ")).findFirst().orElseThrow())
                .contains("9.000 µs", "confirmed #2", "88.9%");
        Path html = dir.resolve("report.html");
        Result report = run("report", dir.toString(), "--out", html.toString(), "--no-measure", "--cache-dir", dir.resolve("cache").toString());
        assertThat(report.code()).as(report.err()).isEqualTo(ExitCode.OK);
        assertThat(Files.readString(html)).contains("The best config, No.1,", "confirmed #1", "8.000 µs confirmed");
        Result applied = run("apply-best", dir.toString());
        assertThat(applied.code()).as(applied.err()).isEqualTo(ExitCode.OK);
        assertThat(Files.readString(dir.resolve("scale.c"))).contains(SLOW);
    }

    @Test
    void tuneRecordsItsConfirmationAndShowAndBestNameTheBestItAnnounced() throws Exception {
        TestProject.write(dir, TestProject.scaleProject(config("Body", SLOW) + config("Body", FAST)), "scale.c", TestProject.SCALE_KERNEL);
        Result tuned = run("tune", "--cache-dir=" + dir.resolve("cache"), "--confirm-top", "2", "--confirm-rounds", "1", dir.toString());
        assertThat(tuned.code()).as(tuned.err()).isEqualTo(ExitCode.OK);
        List<TuningRecord> records = RecordFile.read(dir.resolve("records.jsonl"));
        // The two configs' search records, then their confirmed copies.
        assertThat(records).hasSize(4);
        assertThat(records.subList(2, 4)).allSatisfy(r -> assertThat(r.confirmation()).isNotNull());
        assertThat(records.subList(2, 4)).extracting(r -> r.confirmation().rank()).containsExactlyInAnyOrder(1, 2);
        String announced = tuned.out().lines().filter(l -> l.startsWith("Best config: ") && l.contains("(confirmed")).reduce((a, b) -> b).orElseThrow();
        String number = announced.substring("Best config: ".length()).split(" ")[0];
        assertThat(run("best", dir.toString()).out()).startsWith("Best config: " + number + ", ");
        assertThat(run("show", dir.toString()).out()).contains(announced);
    }

    @Test
    void showAndBestRankAProjectsRecordsByItsObjectiveAsItsRunDid() throws Exception {
        // An objective that prefers the slower config: the time of a call, higher better.
        String project = TestProject.scaleProject(config("Body", SLOW) + config("Body", FAST))
                + "\n[metrics]\nslowness = \"time\"\n\n[search]\nobjective = \"slowness\"\nobjective_higher_is_better = true\n";
        assertThat(TunedScale.tune(dir, project).code()).isEqualTo(ExitCode.OK);
        Result shown = run("show", dir.toString());
        assertThat(shown.out()).as("as tune says it").contains("Best config by slowness (higher is better): No.1", "Ranked by the project's objective, slowness");
        assertThat(shown.out().lines().filter(l -> l.strip().startsWith("No.")).findFirst().orElseThrow()).startsWith("  No.1 ");
        Result best = run("best", dir.toString());
        assertThat(best.out()).startsWith("Best config: No.1, ").contains("slowness ").doesNotContain("fastest;");
        // apply-best writes the best by the same rule, as the window's Apply Best does: the slower config here.
        Result applied = run("apply-best", dir.toString());
        assertThat(applied.code()).as(applied.err()).isEqualTo(ExitCode.OK);
        assertThat(Files.readString(dir.resolve("scale.c"))).contains(SLOW + " // tunable: Body").doesNotContain(FAST);
    }

    @Test
    void applyBestWritesTheBestValuesIntoTheSourceKeepsABackupAndPrintsTheDiff() throws Exception {
        tuned();
        Result r = run("apply-best", dir.resolve("project.toml").toString());
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        // The records were measured on the source as it is: nothing to warn of.
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("--- scale.c.orig", "+++ scale.c", "-    for (int i = 0; i < n; i++) y[i] = 2.0f * x[i]; // tunable: Body",
                "+    " + FAST + " // tunable: Body");
        assertThat(Files.readString(dir.resolve("scale.c.orig"))).isEqualTo(TestProject.SCALE_KERNEL);
        assertThat(Files.readString(dir.resolve("scale.c"))).isEqualTo(TestProject.SCALE_KERNEL.replace(
                "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i]; // tunable: Body", FAST + " // tunable: Body"));
        assertThat(run("apply-best", dir.toString()).out()).contains("already holds the best config");

        // Edited by hand and applied again: the first backup, the original, stays; the edited text is kept beside it.
        String edited = "// edited by hand\n" + Files.readString(dir.resolve("scale.c")).replace(FAST, "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];");
        Files.writeString(dir.resolve("scale.c"), edited);
        Result again = run("apply-best", dir.toString());
        assertThat(again.code()).as(again.err()).isEqualTo(ExitCode.OK);
        assertThat(again.out()).contains("--- scale.c.orig.2", "the previous text is in scale.c.orig.2");
        // The records were measured on the original text, not on this edited one.
        assertThat(again.err()).startsWith("warning: the best config was measured on another text of scale.c (or with other headers, or for another CPU): its ")
                .contains(" may not hold for the source as it is now; tune again to measure it");
        assertThat(Files.readString(dir.resolve("scale.c.orig"))).isEqualTo(TestProject.SCALE_KERNEL);
        assertThat(Files.readString(dir.resolve("scale.c.orig.2"))).isEqualTo(edited);
    }

    @Test
    void withoutRecordsTheCommandsSaySoClearly() throws Exception {
        TestProject.write(dir, TestProject.scaleProject(config("Body", FAST)), "scale.c", TestProject.SCALE_KERNEL);
        Result r = run("best", dir.toString());
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err()).contains("records.jsonl: no record file (tune the project first)");
    }

    @Test
    void showAndBestReadARecordedSpaceAsReportAndReplayDo() throws Exception {
        String space = Fixtures.gzip(Fixtures.file("kt-small.json"), dir.resolve("kt-small.json.gz")).toString();
        Result shown = run("show", space);
        assertThat(shown.code()).as(shown.err()).isEqualTo(ExitCode.OK);
        assertThat(shown.err()).isEmpty();
        assertThat(shown.out()).contains("AUTOTUNE kt-small on Test GPU 1000 (6 configs recorded)", "Best config: No.3");
        Result best = run("best", space);
        assertThat(best.code()).as(best.err()).isEqualTo(ExitCode.OK);
        assertThat(best.out()).startsWith("Best config: ").contains("block_size_x=32", "tile_size=1");
        Result apply = run("apply-best", space);
        assertThat(apply.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(apply.err()).contains("apply-best needs a project (its file or folder), not a recorded space: " + space + " has no kernel source")
                .doesNotContain("record file");
    }

    @Test
    void aRecordedSpaceIsRankedByItsOwnObjectiveUnlessTheMedianIsAskedAndTheOutputSaysWhich() throws Exception {
        String space = Fixtures.file("kt-mean-not-median.json").toString();
        Result best = run("best", space);
        assertThat(best.code()).as(best.err()).isEqualTo(ExitCode.OK);
        assertThat(best.out()).contains("block_size_x=32", "Ranked by the file's objective `time` (lower is better)");
        assertThat(best.err()).contains("warning: the file's objective `time` and the median choose different best configs, 20.0% apart by median");
        Result median = run("best", space, "--objective", "median");
        assertThat(median.out()).contains("block_size_x=16", "Ranked by the median of the samples; --objective file ranks by");
        Result shown = run("show", Fixtures.file("kt-score.json").toString());
        assertThat(shown.out()).contains("score (file)", "Ranked by the file's objective `score` (higher is better)");
        assertThat(shown.out().lines().filter(l -> l.startsWith("  No.")).findFirst().orElseThrow()).contains("block_size_x=32").contains("100.0%");
        assertThat(run("best", space, "--objective", "mean").err()).contains("--objective takes file or median, not mean");
    }

    @Test
    void applyBestOnARecordFileSaysItNeedsTheProject() throws Exception {
        tuned();
        Result apply = run("apply-best", dir.resolve("records.jsonl").toString());
        assertThat(apply.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(apply.err()).contains("not a record file: " + dir.resolve("records.jsonl") + " does not say which kernel source");
    }

    /** A Kernel Tuner cache of {@code n} configs, block_size_x 1..n, the time of each its block size in ms. */
    private Path bigSpace(int n) throws Exception {
        var cache = new StringBuilder();
        var sizes = new java.util.StringJoiner(", ");
        for (int b = 1; b <= n; b++) {
            sizes.add(Integer.toString(b));
            if (b > 1) cache.append(",\n");
            cache.append("\"").append(b).append("\": {\"block_size_x\": ").append(b).append(", \"time\": ").append(b).append(".0}");
        }
        return Files.writeString(dir.resolve("big.json"), """
                {"device_name": "Test GPU 1000", "kernel_name": "big", "problem_size": [1024],
                "tune_params_keys": ["block_size_x"], "tune_params": {"block_size_x": [%s]}, "objective": "time",
                "cache": {
                %s
                }}
                """.formatted(sizes, cache));
    }

    private static long rows(String table) {
        return table.lines().filter(l -> l.startsWith("  No.")).count();
    }

    @Test
    void showCountsTheRecordsAsTheLineOfTheConfigsNotShownDoes() throws Exception {
        Result shown = run("show", bigSpace(1001).toString());
        assertThat(shown.code()).as(shown.err()).isEqualTo(ExitCode.OK);
        assertThat(shown.out()).contains("(1,001 configs recorded)", "... 981 slower or failed configs not shown");
        Result one = run("show", bigSpace(1).toString());
        assertThat(one.out()).as(one.err()).contains("(1 config recorded)");
    }

    @Test
    void showPrintsTheFastestConfigsOfABigSpaceAndSaysHowToSeeTheRest() throws Exception {
        String space = bigSpace(250).toString();
        Result shown = run("show", space);
        assertThat(shown.code()).as(shown.err()).isEqualTo(ExitCode.OK);
        assertThat(rows(shown.out())).isEqualTo(ResultTable.SHOWN_BY_DEFAULT);
        assertThat(shown.out()).contains("(250 configs recorded)", "block_size_x=1", "block_size_x=" + ResultTable.SHOWN_BY_DEFAULT,
                        "... 230 slower or failed configs not shown (--top N shows the N fastest, --all every one)", "Best config: No.1")
                .doesNotContain("block_size_x=" + (ResultTable.SHOWN_BY_DEFAULT + 1));

        Result top = run("show", "--top", "3", space);
        assertThat(rows(top.out())).isEqualTo(3);
        assertThat(top.out()).contains("block_size_x=3", "247 slower or failed configs not shown").doesNotContain("block_size_x=4");

        Result all = run("show", "--all", space);
        assertThat(rows(all.out())).isEqualTo(250);
        assertThat(all.out()).doesNotContain("not shown");
        assertThat(run("show", "--top", "250", space).out()).isEqualTo(all.out());
    }

    @Test
    void showRefusesATopOfNoneAndTopWithAll() throws Exception {
        String space = bigSpace(3).toString();
        Result none = run("show", "--top", "0", space);
        assertThat(none.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(none.err()).contains("error: --top takes a number of at least 1, not 0");
        Result both = run("show", "--top", "2", "--all", space);
        assertThat(both.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(both.err()).contains("error: give --top N or --all, not both");
    }

    @Test
    void aFileThatIsNotARecordFileIsSaidSoInOneLine() throws Exception {
        Path kernel = dir.resolve("kernel.c");
        Files.writeString(kernel, "#include <stdio.h>\nint main(void) {\n    return 0;\n}\n");
        for (String command : new String[] {"show", "best"}) {
            Result r = run(command, kernel.toString());
            assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(r.err()).isEqualTo("error: " + kernel + " is not a record file (none of its lines is a record)" + System.lineSeparator());
        }
    }

    @Test
    void controlCharactersFromOutsideAreShownNeverSentToTheTerminal() throws Exception {
        // A space recorded elsewhere names its device with escapes: retitle the terminal, write its clipboard, clear the screen.
        String hostile = "GPU\u001b]0;owned\u0007\u001b]52;c;ZWNobyBvd25lZA==\u0007\u001b[2J\u009b31m\r";
        Path space = Files.writeString(dir.resolve("kt.json"), Files.readString(Fixtures.file("kt-small.json"))
                .replace("Test GPU 1000", hostile.replace("\u001b", "\\u001b").replace("\u0007", "\\u0007").replace("\u009b", "\\u009b")
                        .replace("\r", "\\r")));
        Result r = run("show", space.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        assertThat(r.out() + r.err()).doesNotContain("\u001b", "\u0007", "\u009b", "\r")
                .contains("GPU\\x1b]0;owned\\x07\\x1b]52;c;ZWNobyBvd25lZA==\\x07\\x1b[2J\\x9b31m\\x0d");
    }

    @Test
    @org.junit.jupiter.api.Timeout(30)
    void aPipeNamedLikeASpaceOrARecordFileIsRefusedNotWaitedOn() throws Exception {
        for (String name : List.of("space.json", "records.jsonl")) {
            Path fifo = dir.resolve(name);
            assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
            Result r = run("show", fifo.toString());
            assertThat(r.code()).as(name).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(r.err()).as(name).contains(fifo.toString()).contains("not a");
        }
    }
}
