package org.tuningworkbench.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.project.SearchSettings;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

@IntegrationTest
class TuneCommandTest {

    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {}

    private Result tune(String... extra) {
        var out = new StringWriter();
        var err = new StringWriter();
        String[] args = new String[extra.length + 3];
        args[0] = "tune";
        args[1] = "--cache-dir=" + dir.resolve("cache");
        System.arraycopy(extra, 0, args, 2, extra.length);
        args[args.length - 1] = dir.resolve("project.toml").toString();
        int code = Cli.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString());
    }

    private void project(String configs) throws Exception {
        TestProject.write(dir, TestProject.scaleProject(configs), "scale.c", TestProject.SCALE_KERNEL);
    }

    @Test
    void saysWhichConfigsHadSamplesTakenAgainForPageFaults() throws Exception {
        // The second config touches 256 KiB of fresh memory in its first three calls: its verified call, then two samples.
        project(config("Body", "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];")
                + config("Body", TestProject.touchingFreshMemory(3)));
        Result r = tune("--order", "listed", "--racing", "off", "--min-sample-ms", "0", "--warmup", "0", "--repeat", "3");
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).contains("Samples taken again because the kernel touched memory for the first time in them (page faults, "
                + "as a kernel that allocates in every call does in its first calls): No.2 2 samples").doesNotContain("No.1 1 sample");
    }

    /**
     * A project with a {@code [space]} and no {@code [search]} is searched, not walked: the model stops after its default
     * budget and the best few are confirmed; {@code --strategy grid} then measures the rest of the space.
     */
    @Test
    void aSpaceIsSearchedToAConfirmedBestByDefaultAndTheGridIsOneOptionAway() throws Exception {
        int size = SearchSettings.SPACE_SEARCH_TRIALS + 2;
        String salts = java.util.stream.IntStream.range(0, size).mapToObj(Integer::toString).collect(java.util.stream.Collectors.joining(", "));
        TestProject.write(dir, TestProject.scaleProject("[space]\nSALT = [" + salts + "]\n").replace("entry = \"scale\"", "entry = \"scale\"\ninject = \"defines\""),
                "scale.c", TestProject.SCALE_KERNEL);
        Result searched = tune("--min-sample-ms", "0", "--warmup", "0", "--repeat", "2");
        assertThat(searched.code()).as(searched.err()).isEqualTo(ExitCode.OK);
        assertThat(searched.out()).contains("Searching " + size + " configs with model, up to " + SearchSettings.SPACE_SEARCH_TRIALS + " trials")
                .contains("Confirmation: the top " + SearchSettings.SPACE_CONFIRM_TOP + " measured again");
        // The trials, then the confirmed copies of the best three, recorded as the run announced them.
        var records = RecordFile.read(dir.resolve("records.jsonl"));
        assertThat(records).filteredOn(r -> r.confirmation() == null).hasSize(SearchSettings.SPACE_SEARCH_TRIALS);
        assertThat(records).filteredOn(r -> r.confirmation() != null).hasSize(SearchSettings.SPACE_CONFIRM_TOP);
        Result walked = tune("--strategy", "grid", "--min-sample-ms", "0", "--warmup", "0", "--repeat", "2");
        assertThat(walked.code()).as(walked.err()).isEqualTo(ExitCode.OK);
        assertThat(walked.out()).doesNotContain("Confirmation:");
        assertThat(RecordFile.read(dir.resolve("records.jsonl"))).filteredOn(r -> r.confirmation() == null).hasSize(size);
    }

    /**
     * {@code tune --lesson} measures exactly the lesson's steps, racing off, seven samples each, and
     * confirms them; each step then shows its median, spread and standing against the step before,
     * numbered as the project numbers its configs.
     */
    @Test
    void measuresTheLessonsStepsAloneRacingOffAndComparesEachWithTheStepBefore() throws Exception {
        project(config("Body", "for (int i = 0; i < n; i++) { volatile float s = 0; for (int r = 0; r < 50; r++) s += x[i]; y[i] = 2.0f * x[i]; }")
                + config("Body", "oops(;")
                + config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];")
                + """

                [lesson]
                title = "Doubling"
                [[lesson.step]]
                config = 1
                [[lesson.step]]
                config = 3
                expect = "faster"
                """);
        Result r = tune("--lesson", "--min-sample-ms", "0", "--warmup", "0", "--repeat", "3");
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).doesNotContain("No.2:").contains("Confirmation: the top 2 measured again");
        assertThat(r.out()).contains("Lesson: Doubling (racing off, 7 samples a step)", "  Step 1: No.1", "  Step 2: No.3");
        assertThat(r.out()).containsPattern("(?m)^    No\\.1: [0-9.]+ (µs|ms) · CV [0-9.]+% · 7 samples")
                .containsPattern("(?m)^    ([0-9.]+× (faster|slower) than step 1 \\(p [<=] [0-9.]+\\)|not distinguishable from step 1 \\(p = [0-9.]+\\))$")
                .containsPattern("(?m)^    (! )?The note expects this step faster than step 1");
        assertThat(RecordFile.read(dir.resolve("records.jsonl"))).allSatisfy(rec -> {
            assertThat(rec.samplesUs()).hasSize(7);
            assertThat(rec.timing().stopped()).isNull();
        });

        Result none = tune("--lesson", "--strategy", "random");
        assertThat(none.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(none.err()).contains("--lesson measures the lesson's steps, racing off: leave out --configs, --strategy");
    }

    @Test
    void printsALinePerConfigTheBestAndATableFastestFirst() throws Exception {
        project(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];")
                + config("Body", "for (int i = 0; i < n; i++) { volatile float s = 0; for (int r = 0; r < 50; r++) s += x[i]; y[i] = 2.0f * x[i]; }")
                + config("Body", "oops(;"));
        Result r = tune("--order", "listed");
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        var lines = r.out().lines().toList();
        assertThat(lines.get(0)).matches("No\\.1: [0-9.]+ (µs|ms), \\{Body=for .*\\}");
        assertThat(lines.get(1)).startsWith("No.2: ");
        assertThat(lines.get(2)).startsWith("No.3: compile error (scale.c:3:").endsWith("{Body=oops(;}");
        assertThat(lines.get(3)).startsWith("Best config: No.1");
        assertThat(r.out()).contains("AUTOTUNE scale (n=4096)").contains("GFLOP/s").contains("% of best");
        int first = r.out().indexOf("  No.1 "), second = r.out().indexOf("  No.2 "), failed = r.out().indexOf("  No.3 ");
        assertThat(first).isLessThan(second);
        assertThat(second).isLessThan(failed);
        assertThat(r.out()).contains("100.0%");
        assertThat(r.err()).contains("Tuning 3 configs");

        Result sideways = tune("--order", "sideways");
        assertThat(sideways.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(sideways.err()).contains("--order: unknown order `sideways`; use shuffled or listed");
    }

    @Test
    void aPriorIsReadAndCountedAndAMissingOneIsBadInputNamingIt() throws Exception {
        project(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];") + config("Body", "y[0] = 5;"));
        Path earlier = dir.resolve("other-size.jsonl");
        assertThat(tune("--records=" + earlier).code()).isEqualTo(ExitCode.OK);
        Result r = tune("--records=" + dir.resolve("here.jsonl"), "--prior", earlier.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).contains("Prior other-size.jsonl: 2 of its 2 configs are in this space (grid does not learn from priors)");

        Result missing = tune("--prior", dir.resolve("gone.jsonl").toString());
        assertThat(missing.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(missing.err()).contains("error: prior " + dir.resolve("gone.jsonl") + ": there is no such file to read a prior from");
    }

    @Test
    void aProjectWithoutConfigsSaysItTunesTheOneConfigOfItsSourceAsWritten() throws Exception {
        project("");
        Result r = tune();
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        assertThat(r.err()).contains("Tuning 1 config").doesNotContain("Tuning 0 configs").contains("[1/1]");
        assertThat(r.out()).contains("No.1: ", "{}");
    }

    @Test
    void tuningAgainWithTheSameRecordsMeasuresNothingTwice() throws Exception {
        project(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];") + config("Body", "y[0] = 5;"));
        Path records = dir.resolve("r.jsonl");
        assertThat(tune("--records=" + records).code()).isEqualTo(ExitCode.OK);
        Result again = tune("--records=" + records);
        assertThat(again.code()).isEqualTo(ExitCode.OK);
        assertThat(again.out()).contains("No.1: ").contains("(recorded earlier)");
        assertThat(again.err()).contains("2 already recorded");
        assertThat(RecordFile.read(records)).hasSize(2);
        assertThat(tune("--records=" + records, "--fresh").code()).isEqualTo(ExitCode.OK);
        assertThat(RecordFile.read(records)).hasSize(4);
    }

    @Test
    void linkErrorsAreCompileErrorsNamingTheMissingSymbol() throws Exception {
        project(config("Body", "no_such_function(y);"));
        Result r = tune();
        assertThat(r.code()).isEqualTo(ExitCode.NO_SUCCESS);
        assertThat(r.out()).contains("No.1: compile error (").contains("undefined reference to `no_such_function'");
    }

    @Test
    void jsonPrintsOneRecordPerLine() throws Exception {
        project(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];"));
        Result r = tune("--json");
        assertThat(r.out().lines()).hasSize(1).allSatisfy(line -> assertThat(line).startsWith("{\"schema\":2,"));
        assertThat(r.out()).contains("\"outcome\":{\"status\":\"ok\"").contains("\"samples_us\":[").contains("\"median_us\":");
    }

    @Test
    void noConfigSucceedingExitsWithOne() throws Exception {
        project(config("Body", "y[0] = 5;"));
        Result r = tune();
        assertThat(r.code()).isEqualTo(ExitCode.NO_SUCCESS);
        assertThat(r.out()).contains("No.1: wrong result").contains("Best config: none");
    }

    @Test
    void malformedProjectIsOneClearMessageWithoutStackTrace() throws Exception {
        Files.writeString(dir.resolve("project.toml"), "[kernel\n");
        Result r = tune();
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err()).startsWith("error: " + dir.resolve("project.toml") + ":1:").doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void missingKernelFileIsOneClearMessage() throws Exception {
        project("");
        Files.delete(dir.resolve("scale.c"));
        Result r = tune();
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err()).contains("kernel file not found").contains("scale.c").doesNotContain("Exception");
    }

    @Test
    void missingCompilerNamesTheCommand() throws Exception {
        TestProject.write(dir, TestProject.scaleProject("") + "\n[build]\ncommand = \"no-such-cc-9 {source} -o {output}\"\n",
                "scale.c", TestProject.SCALE_KERNEL);
        Result r = tune();
        assertThat(r.code()).isEqualTo(ExitCode.MISSING_TOOLCHAIN);
        assertThat(r.err()).contains("the compiler `no-such-cc-9` is not installed").doesNotContain("Exception");
    }

    @Test
    void unreadableMarkerIsReportedWithFileAndLine() throws Exception {
        TestProject.write(dir, TestProject.scaleProject(""), "scale.c", TestProject.SCALE_KERNEL + "\nfoo(); // tunable\n");
        Result r = tune();
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err()).contains("scale.c:10: a `// tunable` line must read");
    }

    @Test
    void unknownSizeOverrideIsRejected() throws Exception {
        project("");
        Result r = tune("--set", "q=3");
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err()).contains("cannot set size `q`");
    }

    @Test
    void everyConfigIsMeasuredOnTheLastCpuThisProcessMayUseUnlessToldNotToPin() throws Exception {
        project(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];") + config("Body", "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];"));
        int last = org.tuningworkbench.engine.run.Affinity.allowedCpus().last();
        Result pinned = tune("--json");
        assertThat(pinned.code()).as(pinned.err()).isEqualTo(ExitCode.OK);
        assertThat(pinned.out().lines().toList()).hasSize(2).allSatisfy(line -> assertThat(line).contains("\"pinned_cpu\":" + last));
        Result free = tune("--json", "--fresh", "--no-pin");
        assertThat(free.code()).as(free.err()).isEqualTo(ExitCode.OK);
        assertThat(free.out().lines().toList()).hasSize(2).noneSatisfy(line -> assertThat(line).contains("pinned_cpu"));
    }

    @Test
    void aCountBelowOneIsRefusedBeforeAnythingRuns() throws Exception {
        project("");
        for (var option : List.of(List.of("--budget", "-3"), List.of("--more", "0"), List.of("--jobs", "0"),
                List.of("--confirm-rounds", "0"), List.of("--confirm-top", "-1"), List.of("--time-limit-s", "0"))) {
            Result r = tune(option.toArray(String[]::new));
            assertThat(r.code()).as(option.toString()).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(r.err()).as(option.toString()).startsWith("error: " + option.getFirst() + " " + option.get(1) + " is outside its range: ");
            assertThat(dir.resolve("records.jsonl")).as(option.toString()).doesNotExist();
        }
        Path file = Files.writeString(dir.resolve("a-file"), "not a folder");
        var err = new StringWriter();
        int code = Cli.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true),
                "tune", "--cache-dir", file.toString(), dir.resolve("project.toml").toString());
        assertThat(code).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString()).isEqualTo("error: the cache " + file + " is not a folder; give a folder as --cache-dir" + System.lineSeparator());
    }

    @Test
    void aBudgetOfZeroLiftsTheProjectsLimitOnTheTrials() throws Exception {
        project(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];") + config("Body", "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];")
                + config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * 2.0f;") + "[search]\nmax_trials = 1\n");
        Result limited = tune("--json");
        assertThat(limited.code()).as(limited.err()).isEqualTo(ExitCode.OK);
        assertThat(limited.out().lines().toList()).as("the project's max_trials").hasSize(1);

        Result every = tune("--json", "--budget", "0");
        assertThat(every.code()).as(every.err()).isEqualTo(ExitCode.OK);
        assertThat(every.out().lines().toList()).as("the two configs left, the first resumed from the records").hasSize(3);
    }

    @Test
    void aRecordedSpaceOrABinaryFileIsRefusedSayingWhatItIs() throws Exception {
        Path space = Files.write(dir.resolve("space.json.gz"), new byte[] {(byte) 0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff});
        var err = new StringWriter();
        int code = Cli.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), "tune", "--budget", "8", space.toString());
        assertThat(code).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString()).startsWith("error: " + space + " is a recorded space: it has nothing to measure. Replay a search on it with `workbench replay "
                + space + " --strategy NAME --budget N --seeds K`");

        Path binary = Files.write(dir.resolve("a.out"), new byte[] {(byte) 0x7f, 'E', 'L', 'F', 2, 1, 1, 0, (byte) 0xc3, (byte) 0xff});
        err = new StringWriter();
        code = Cli.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), "tune", binary.toString());
        assertThat(code).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err.toString()).isEqualTo("error: " + binary + ": cannot read the project file: it is not UTF-8 text (a project file is TOML)"
                + System.lineSeparator());
    }

    @Test
    void vendorFormatPrintsExactlyWhatTheVendorAutotunerPrints() throws Exception {
        project(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];") + config("Body", "for (int i = 0; i < n; i++) y[i] = 'a' > 0 ? 2.0f * x[i] : 0;"));
        Result r = tune("--format", "vendor");
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        var lines = r.out().lines().toList();
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).matches("No\\.0: \\d+\\.\\d{3}\u03bcs, \\{'Body': 'for \\(int i = 0; i < n; i\\+\\+\\) y\\[i\\] = x\\[i\\] \\+ x\\[i\\];'\\}");
        assertThat(lines.get(1)).startsWith("No.1: ").endsWith("y[i] = \\'a\\' > 0 ? 2.0f * x[i] : 0;'}");
        assertThat(lines.get(2)).matches("Best config: No\\.[01]( \\(fastest; .*\\))?");
        assertThat(lines.get(3)).isEqualTo("compare success.");
    }

    @Test
    void aFormAnotherProgramParsesKeepsTheStandardOutputAndTheConfirmationGoesToTheErrors() throws Exception {
        project(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];") + config("Body", "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];"));
        Result json = tune("--json", "--confirm-top", "2", "--confirm-rounds", "1");
        assertThat(json.code()).isEqualTo(ExitCode.OK);
        assertThat(json.out().lines()).as("JSON lines only").isNotEmpty().allMatch(l -> l.startsWith("{") && l.endsWith("}"));
        assertThat(json.err()).contains("Confirmation: the top 2 measured again");

        Result vendor = tune("--format", "vendor", "--confirm-top", "2", "--confirm-rounds", "1");
        assertThat(vendor.out().lines()).as("what the vendor prints, nothing more").hasSize(4).last().isEqualTo("compare success.");
        assertThat(vendor.err()).as("the confirmation asked for is run and said").contains("Confirmation: the top 2 measured again");
    }

    @Test
    void vendorFormatNumbersConfigsByTheirPlaceInTheListAlsoWhenAnEarlierShuffledRunRecordedThem() throws Exception {
        var bodies = List.of("y[0] = 1;", "y[0] = 2;", "y[0] = 3;", "y[0] = 4;", "y[0] = 5;");
        project(bodies.stream().map(b -> config("Body", b)).collect(java.util.stream.Collectors.joining()));
        Result shuffled = tune("--seed", "3");
        List<String> measured = shuffled.out().lines().filter(l -> l.matches("No\\.\\d+: .*"))
                .map(l -> bodies.stream().filter(b -> l.contains("{Body=" + b + "}")).findFirst().orElse(l)).toList();
        assertThat(measured).as("the first run's order").containsExactlyInAnyOrderElementsOf(bodies).isNotEqualTo(bodies);

        Result vendor = tune("--format", "vendor");
        var lines = vendor.out().lines().filter(l -> l.startsWith("No.")).toList();
        assertThat(lines).hasSize(bodies.size());
        for (int i = 0; i < bodies.size(); i++) assertThat(lines.get(i)).startsWith("No." + i + ": ").endsWith("{'Body': '" + bodies.get(i) + "'}");
    }

    @Test
    void aShuffledRunNumbersEachConfigByItsPlaceInTheListAsTheWindowsGridDoes() throws Exception {
        var bodies = List.of("y[0] = 1;", "y[0] = 2;", "y[0] = 3;", "y[0] = 4;", "y[0] = 5;");
        project(bodies.stream().map(b -> config("Body", b)).collect(java.util.stream.Collectors.joining()));
        Result shuffled = tune("--seed", "3");
        var lines = shuffled.out().lines().filter(l -> l.matches("No\\.\\d+: .*")).toList();
        assertThat(lines).hasSize(bodies.size());
        assertThat(lines.stream().map(l -> l.substring(0, l.indexOf(':'))).toList()).as("measured in a shuffled order")
                .containsExactlyInAnyOrder("No.1", "No.2", "No.3", "No.4", "No.5").isNotEqualTo(List.of("No.1", "No.2", "No.3", "No.4", "No.5"));
        for (String line : lines) {
            int number = Integer.parseInt(line.substring(3, line.indexOf(':')));
            assertThat(line).endsWith("{Body=" + bodies.get(number - 1) + "}");
        }
    }

    @Test
    void configsComeFromAVendorListFileInsteadOfTheProject() throws Exception {
        project(config("Body", "y[0] = 5;"));
        Files.writeString(dir.resolve("configs.py"), "[{'Body': 'for (int i = 0; i < n; i++) y[i] = x[i] + x[i];'}, {'Body': 'y[0] = 1;'}]\n");
        Result r = tune("--configs", dir.resolve("configs.py").toString());
        assertThat(r.out()).contains("No.1: ", "{Body=for (int i = 0; i < n; i++) y[i] = x[i] + x[i];}", "No.2: wrong result").doesNotContain("y[0] = 5;");
        Result notAFile = tune("--configs", "/dev/zero");
        assertThat(notAFile.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(notAFile.err()).contains("/dev/zero", "not a file");
        Files.writeString(dir.resolve("bad.py"), "[{'Body': ");
        Result bad = tune("--configs", dir.resolve("bad.py").toString());
        assertThat(bad.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(bad.err()).contains("bad.py");
    }

    @Test
    void aConfigsNameIsShownInItsLineAndTheTableAndRecordedButNeverSubstituted() throws Exception {
        project("\n[[configs]]\nname = \"cpp_packed_gemm_0\"\nBody = '''for (int i = 0; i < n; i++) y[i] = x[i] + x[i];'''\n"
                + config("Body", "for (int i = 0; i < n; i++) y[i] = 2.0f * x[i];"));
        Path records = dir.resolve("named.jsonl");
        Result r = tune("--records=" + records);
        assertThat(r.code()).isEqualTo(ExitCode.OK);
        var lines = r.out().lines().toList();
        assertThat(lines.get(0)).matches("No\\.1 cpp_packed_gemm_0: [0-9.]+ (µs|ms), \\{Body=for .*\\}");
        assertThat(lines.get(1)).startsWith("No.2: ");
        assertThat(r.out()).contains("  No.1 cpp_packed_gemm_0 ");
        var recorded = RecordFile.read(records);
        assertThat(recorded.get(0).name()).isEqualTo("cpp_packed_gemm_0");
        assertThat(recorded.get(0).config()).containsOnlyKeys("Body");
        assertThat(recorded.get(1).name()).isNull();
        // Resumed, the name stays; in a list file, a `name` key names the config too.
        assertThat(tune("--records=" + records).out()).contains("No.1 cpp_packed_gemm_0: ");
        Files.writeString(dir.resolve("named.json"), "[{\"name\": \"twice\", \"Body\": \"for (int i = 0; i < n; i++) y[i] = x[i] + x[i];\"}]");
        assertThat(tune("--fresh", "--configs", dir.resolve("named.json").toString()).out()).startsWith("No.1 twice: ");
    }

    @Test
    void anErrorInAHeaderTheKernelIncludesNamesThatHeaderAndItsLine() throws Exception {
        Files.createDirectories(dir.resolve("include"));
        Files.writeString(dir.resolve("include/helpers.h"), "#pragma once\n#define TWICE(v) (2.0f * (v) +)\n");
        TestProject.write(dir, TestProject.scaleProject(config("Body", "for (int i = 0; i < n; i++) y[i] = TWICE(x[i]);"))
                        + "\n[build]\nflags = \"-I{kernel_dir}/include\"\n",
                "scale.c", "#include \"helpers.h\"\n" + TestProject.SCALE_KERNEL);
        Result r = tune();
        assertThat(r.code()).isEqualTo(ExitCode.NO_SUCCESS);
        assertThat(r.out()).contains("No.1: compile error (include/helpers.h:2:").doesNotContain("generated launcher");
        var record = RecordFile.read(dir.resolve("records.jsonl")).getFirst();
        assertThat(record.diagnostics()).anySatisfy(d -> {
            assertThat(d.file()).isEqualTo("include/helpers.h");
            assertThat(d.line()).isEqualTo(2);
            assertThat(d.inKernel()).isFalse();
        });
    }
}
