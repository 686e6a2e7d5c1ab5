package org.tuningworkbench.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.tuningworkbench.bridge.Launcher;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.output.ResultTable;
import org.tuningworkbench.engine.output.TableFormat;
import org.tuningworkbench.engine.exec.FakeExecutor;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.project.SetupIdentity;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.RecordFileException;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/**
 * Property-based attacks with damaged inputs: project files and record files mutated at random
 * (lines deleted, duplicated, swapped or cut; values replaced by hostile ones; stray bytes). Every
 * case must end in a result or a clean refusal: no exception escapes, no stack trace reaches the
 * user, and the command line exits only with documented codes. The tries are counted in the
 * "Reliability" section of docs/testing.md; the whole class stays well under a minute.
 */
@IntegrationTest
class HostileInputsFuzzTest {

    static final int PROJECT_TRIES = 2000;
    static final int RECORD_TRIES = 1500;
    static final int COMMAND_LINE_TRIES = 150;

    private static final String SPACE = """

            [space]
            U = [1, 2, 4]
            V = { range = [1, 8], step = 2 }
            constraints = ["U * V <= 16"]

            [search]
            strategy = "random"
            max_trials = 4
            """;

    private static final String BASE = TestProject.scaleProject(TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] + x[i];")) + SPACE;

    /** Values a careless or hostile person could write. */
    private static final List<String> HOSTILE_VALUES = List.of("0", "-1", "4294967360", "9223372036854775807", "-9223372036854775808",
            "1e308", "nan", "inf", "-inf", "\"\"", "\"f32[n, n, n, n, n, n]\"", "\"f32[0]\"", "\"f32[-4]\"", "\"file(/dev/zero)\"",
            "\"file(missing.npy)\"", "\"random(1, -1)\"", "\"randint(1e300, 1e301)\"", "[]", "{}", "\"../../etc/passwd\"", "\"scale.c\"",
            "\"\\u0000\"", "true", "\"n * n * n\"", "\"2 ^ 62\"", "\"é€\"", "[1, \"a\"]", "{ range = [1, 0] }", "{ range = [1, 9000000000000000000] }",
            "{ pow2 = [3, 1] }", "\"1 / 0\"", "\"n / 0\"", "\"(\"", "1.5", "\"c++\"", "\"fortran\"", "\"model\"", "\"evolutionary\"",
            "[\"U / 0 > 1\"]", "[\"W > 1\"]", "[\"U in [1, 2] and 1 <= V <= 8\"]", "[\"U not in (\"]", "\"{source} {output}\"", "\"exit 1 {source} {output}\"", "0.001", "1e-9");

    private static final List<String> HOSTILE_LINES = List.of("[kernel]", "[[args]]", "[[configs]]", "x = ", "name = \"n\"", "\u0000",
            "[sizes]", "q = 1", "[golden]", "files = { y = \"y.npy\" }", "nan_equal = true", "[measure]", "memory_limit_mb = 1",
            "timeout_s = 0.001", "[space]", "W = []", "Body = \"oops(;\"", "[baseline]", "function = \"scale\"", "\"\"\"", "'''", "#");

    private static Path dir;
    private static final AtomicInteger commandLineCases = new AtomicInteger();

    @BeforeContainer
    static void folder() throws IOException {
        dir = Files.createTempDirectory("tw-fuzz-");
        Files.writeString(dir.resolve("scale.c"), TestProject.SCALE_KERNEL);
    }

    @AfterContainer
    static void removeFolder() {
        WorkFolders.deleteQuietly(dir);
    }

    // --- mutations ---

    /** One change to a text of lines; positions are taken modulo its size. */
    record Mutation(int kind, int at, int other, String value, char ch) {
        String apply(String text) {
            var lines = new ArrayList<>(text.lines().toList());
            if (lines.isEmpty()) lines.add("");
            int i = Math.floorMod(at, lines.size());
            int j = Math.floorMod(other, lines.size());
            switch (kind) {
                case 0 -> lines.remove(i);
                case 1 -> lines.add(i, lines.get(i));
                case 2 -> java.util.Collections.swap(lines, i, j);
                case 3 -> {
                    int eq = lines.get(i).indexOf('=');
                    lines.set(i, eq < 0 ? lines.get(i) + " " + value : lines.get(i).substring(0, eq + 1) + " " + value);
                }
                case 4 -> lines.add(i, value);
                case 5 -> {
                    return text.substring(0, Math.floorMod(at, text.length() + 1));
                }
                default -> {
                    if (!text.isEmpty()) {
                        int k = Math.floorMod(at, text.length());
                        return text.substring(0, k) + ch + text.substring(k + 1);
                    }
                }
            }
            return String.join("\n", lines) + "\n";
        }
    }

    private static Arbitrary<Mutation> mutation(List<String> values, List<String> lines) {
        return Combinators.combine(Arbitraries.integers().between(0, 6), Arbitraries.integers().between(0, 10_000),
                Arbitraries.integers().between(0, 10_000), Arbitraries.oneOf(Arbitraries.of(values), Arbitraries.of(lines)),
                Arbitraries.chars().all()).as(Mutation::new);
    }

    @Provide
    Arbitrary<List<Mutation>> projectMutations() {
        return mutation(HOSTILE_VALUES, HOSTILE_LINES).list().ofMinSize(1).ofMaxSize(3);
    }

    private static String mutate(String text, List<Mutation> mutations) {
        for (Mutation m : mutations) text = m.apply(text);
        return text;
    }

    // --- properties ---

    /** A mutated project is read or refused with messages; what is read can be fingerprinted, launched and searched. */
    @Property(tries = PROJECT_TRIES)
    void mutatedProjectsAreReadOrRefusedCleanly(@ForAll("projectMutations") List<Mutation> mutations) throws Exception {
        String text = mutate(BASE, mutations);
        Project project;
        try {
            project = ProjectFile.parse(dir.resolve("project.toml"), text, Map.of());
        } catch (ProjectException e) {
            assertThat(e.errors()).isNotEmpty().allSatisfy(error -> assertThat(error.message()).isNotBlank());
            return;
        }
        SetupIdentity.of(project);
        Launcher.of(project.kernel().language(), "scale.c", project.kernel().entry(), project.inputs().args(), project.measure().seed()).source();
        Path records = Files.createTempFile(dir, "records-", ".jsonl");
        try (RecordFile file = RecordFile.open(records)) {
            new Tuner(project, TuneOptions.defaults(dir.resolve("cache")), new FakeExecutor(c -> 1.0).stoppingAfter(20))
                    .run(file, e -> { });
        } catch (org.tuningworkbench.engine.exec.TuningException refused) {
            assertThat(refused.getMessage()).isNotBlank();
        } finally {
            Files.deleteIfExists(records);
        }
    }

    @Provide
    Arbitrary<List<Mutation>> recordMutations() {
        var values = List.of("null", "\"\"", "[]", "{}", "-1", "1e999", "\"ok\"", "\"crash\"", "{\"status\":null}", "{\"Body\":null}", "true",
                "\"\u00ff\"", "{\"median_us\":\"x\"}", "9223372036854775808", "\"NaN\"");
        var lines = List.of("null", "[]", "{}", "{\"schema\":2}", "{\"schema\":1,\"status\":\"ok\"}", "\u0080\u00ff", "{\"schema\":2,\"config\":null}",
                "{\"schema\":2,\"outcome\":{\"status\":\"ok\"}}", "#!/bin/sh", "");
        return mutation(values, lines).list().ofMinSize(1).ofMaxSize(3);
    }

    /** A damaged record file is read with the damaged lines skipped (or refused when nothing in it is a record); resuming from it and printing its records never fails. */
    @Property(tries = RECORD_TRIES)
    void mutatedRecordFilesAreReadResumedAndPrintedCleanly(@ForAll("recordMutations") List<Mutation> mutations) throws Exception {
        Path records = Files.createTempFile(dir, "records-", ".jsonl");
        try {
            // Keys and values split over lines, so line mutations reach inside records too.
            Files.write(records, mutate(validRecords().replace(",\"", ",\n\""), mutations).replace(",\n\"", ",\"")
                    .getBytes(StandardCharsets.ISO_8859_1));
            Project project = ProjectFile.parse(dir.resolve("project.toml"), BASE, Map.of());
            try (RecordFile file = RecordFile.open(records)) {
                List<TuningRecord> results = new Tuner(project, TuneOptions.defaults(dir.resolve("cache")),
                        new FakeExecutor(c -> 2.0).stoppingAfter(20)).run(file, e -> { });
                var out = new StringWriter();
                ResultTable.print("fuzz", results, null, r -> "No.1", Integer.MAX_VALUE, "", new PrintWriter(out));
                var form = new TableFormat();
                results.forEach(r -> form.measured(r, 1, false, new PrintWriter(out)));
            } catch (RecordFileException refused) {
                assertThat(refused.reason()).isEqualTo(RecordFileException.Reason.REFUSED);
            }
        } finally {
            Files.deleteIfExists(records);
        }
    }

    private static String cachedRecords;

    /** Three records of a run over the base project, as a record file holds them. */
    private static synchronized String validRecords() throws Exception {
        if (cachedRecords == null) {
            Path records = dir.resolve("valid.jsonl");
            try (RecordFile file = RecordFile.open(records)) {
                new Tuner(ProjectFile.parse(dir.resolve("project.toml"), BASE, Map.of()), TuneOptions.defaults(dir.resolve("cache")),
                        new FakeExecutor(c -> c.values().toString().length() % 3 == 0 ? Double.NaN : 1.5).stoppingAfter(3)).run(file, e -> { });
            }
            cachedRecords = Files.readString(records);
        }
        return cachedRecords;
    }

    @Provide
    Arbitrary<List<Mutation>> commandLineMutations() {
        return mutation(HOSTILE_VALUES, HOSTILE_LINES).list().ofMinSize(1).ofMaxSize(2);
    }

    /** The command line on mutated projects, with real builds and runs: a documented exit code, no stack trace, each case bounded in time. */
    @Property(tries = COMMAND_LINE_TRIES)
    void theCommandLineExitsWithADocumentedCodeAndNoStackTrace(@ForAll("commandLineMutations") List<Mutation> mutations) throws Exception {
        int n = commandLineCases.incrementAndGet();
        Path project = dir.resolve("cli-" + n + ".toml");
        Files.writeString(project, mutate(BASE, mutations).replace("max_trials = 4", "max_trials = 2"), StandardCharsets.UTF_8);
        var out = new StringWriter();
        var err = new StringWriter();
        int code = CompletableFuture.supplyAsync(() -> Cli.execute(new PrintWriter(out, true), new PrintWriter(err, true), "tune",
                "--cache-dir=" + dir.resolve("cache"), "--records=" + dir.resolve("cli-" + n + ".jsonl"), "--repeat=1", "--warmup-ms=0",
                "--min-sample-ms=0", "--timeout-s=2", project.toString())).get(90, TimeUnit.SECONDS);
        assertThat(ExitCode.ALL).as("exit code %d; stderr: %s", code, err).contains(code);
        assertThat(code).as("stderr: %s", err).isNotEqualTo(ExitCode.INTERNAL_ERROR);
        assertThat(err + "\n" + out).doesNotContain("\tat ").doesNotContain("Exception");
    }
}
