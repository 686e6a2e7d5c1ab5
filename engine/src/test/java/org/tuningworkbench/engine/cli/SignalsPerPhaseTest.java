package org.tuningworkbench.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.testing.CliProcess;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/**
 * The first SIGTERM or SIGINT ends a run within a second or two in every phase, with the documented
 * exit code (128 + the signal), its finished records kept: while a program builds, while a config
 * is measured (racing on or off), and while the top configs are measured again (--confirm-top).
 * The limit asserted is looser than two seconds, as these tests run on busy machines.
 */
@IntegrationTest
class SignalsPerPhaseTest {

    /** From the signal to the process's end; a loaded CI machine is given some room over the documented second or two. */
    private static final long LIMIT_MS = 5_000;

    @TempDir
    Path dir;

    private Path project(String extra, int configs, int warmupMs) throws Exception {
        var text = new StringBuilder();
        for (int c = 1; c <= configs; c++) text.append(config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * 2.0f + 0.0f * " + c + ";"));
        return TestProject.write(dir, TestProject.scaleProject(text.toString()).replace("warmup_ms = 0", "warmup_ms = " + warmupMs) + extra,
                "scale.c", TestProject.SCALE_KERNEL);
    }

    private CliProcess started;

    /** A run the test failed to stop does not outlive it. */
    @AfterEach
    void endTheRun() {
        if (started != null) started.process.destroyForcibly();
    }

    private CliProcess tune(Path project, String... options) throws Exception {
        var args = new java.util.ArrayList<>(java.util.List.of("tune", "--records=" + dir.resolve("records.jsonl"), "--cache-dir=" + dir.resolve("cache")));
        args.addAll(java.util.List.of(options));
        args.add(project.toString());
        started = CliProcess.start(dir.resolve("cli.log"), args.toArray(String[]::new));
        return started;
    }

    /** Sends {@code signal} and checks the process ends in time with 128 + its number and no trace of an internal error. */
    private void endsOn(CliProcess cli, String signal, int expected) throws Exception {
        long sent = System.nanoTime();
        cli.signal(signal);
        assertThat(cli.process.waitFor(60, TimeUnit.SECONDS)).as(cli.output()).isTrue();
        long tookMs = (System.nanoTime() - sent) / 1_000_000;
        assertThat(cli.process.exitValue()).as(cli.output()).isEqualTo(expected);
        assertThat(tookMs).as("ms from the signal to the end").isLessThan(LIMIT_MS);
        assertThat(cli.output()).doesNotContain("internal error").doesNotContain("Exception").doesNotContain("\tat ");
    }

    @ParameterizedTest
    @CsvSource({"TERM, 143", "INT, 130"})
    void whileBuilding(String signal, int expected) throws Exception {
        // The build says it started, then takes a minute: the signal finds it building.
        Path project = project("\n[build]\ncommand = \"touch {kernel_dir}/building; sleep 60; gcc -O2 {source} -o {output} -lm\"\n", 2, 0);
        var cli = tune(project);
        assertThat(cli.awaitWhileAlive(() -> Files.exists(dir.resolve("building")), Duration.ofSeconds(60))).as(cli.output()).isTrue();
        endsOn(cli, signal, expected);
        assertThat(CliProcess.lines(dir.resolve("records.jsonl"))).isZero();
    }

    @ParameterizedTest
    @CsvSource({"TERM, 143, on", "INT, 130, off"})
    void whileMeasuring(String signal, int expected, String racing) throws Exception {
        // Each config warms up for four seconds: after the first record, the signal finds the second one measuring.
        Path project = project("", 3, 4_000);
        var cli = tune(project, "--racing", racing, "--repeat", "1", "--timeout-s", "60");
        Path records = dir.resolve("records.jsonl");
        assertThat(cli.awaitWhileAlive(() -> CliProcess.lines(records) >= 1, Duration.ofSeconds(120))).as(cli.output()).isTrue();
        endsOn(cli, signal, expected);
        assertThat(RecordFile.read(records)).hasSize(1).allSatisfy(r -> assertThat(r.ok()).isTrue());
    }

    @ParameterizedTest
    @CsvSource({"TERM, 143", "INT, 130"})
    void whileConfirmingTheTopConfigs(String signal, int expected) throws Exception {
        // Quick configs, then a confirmation of many rounds.
        Path project = project("", 2, 0);
        Path records = dir.resolve("records.jsonl");
        var cli = tune(project, "--confirm-top", "2", "--confirm-rounds", "1000");
        // The table is printed when the tuning ends, right before the confirmation starts.
        assertThat(cli.awaitWhileAlive(() -> cli.output().contains("AUTOTUNE"), Duration.ofSeconds(120))).as(cli.output()).isTrue();
        Thread.sleep(300);
        endsOn(cli, signal, expected);
        assertThat(RecordFile.read(records)).hasSize(2).allSatisfy(r -> assertThat(r.ok()).isTrue());
    }

    @ParameterizedTest
    @CsvSource({"TERM, 143", "INT, 130"})
    void whileARemoteTargetMeasures(String signal, int expected) throws Exception {
        // An ssh that runs the job's shell on this machine, with a home of its own: the remote target's whole path but the network.
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path ssh = Files.writeString(bin.resolve("ssh"), "#!/bin/sh\nexec env XDG_CACHE_HOME=\"" + dir.resolve("remote-home") + "\" /bin/sh -s\n");
        Files.setPosixFilePermissions(ssh, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Path project = project("", 3, 4_000);
        Path records = dir.resolve("records.jsonl");
        started = CliProcess.start(dir.resolve("cli.log"), java.util.Map.of("PATH", bin + ":" + System.getenv("PATH")), "tune", "--target",
                "ssh://test@here", "--records=" + records, "--cache-dir=" + dir.resolve("cache"), "--repeat", "1", "--timeout-s", "60", project.toString());
        assertThat(started.awaitWhileAlive(() -> CliProcess.lines(records) >= 1, Duration.ofSeconds(180))).as(started.output()).isTrue();
        endsOn(started, signal, expected);
        assertThat(RecordFile.read(records)).hasSize(1).allSatisfy(r -> assertThat(r.ok()).as(r.error()).isTrue());
    }

    @ParameterizedTest
    @CsvSource({"TERM, 143", "INT, 130"})
    void whileTheReportMeasuresTheCeilingsAgain(String signal, int expected) throws Exception {
        // A roofline needs the work of a call: flops (the project's) and bytes.
        Path project = project("", 1, 0);
        Files.writeString(project, Files.readString(project).replace("flops = \"n\"", "flops = \"n\"\nbytes = \"8 * n\""));
        Path records = dir.resolve("records.jsonl");
        int tuned = Cli.execute(new java.io.PrintWriter(java.io.Writer.nullWriter()), new java.io.PrintWriter(java.io.Writer.nullWriter()), "tune",
                "--records=" + records, "--cache-dir=" + dir.resolve("cache"), project.toString());
        assertThat(tuned).isZero();
        String before = Files.readString(records);
        started = CliProcess.start(dir.resolve("cli.log"), "report", "--measure-again", "--cache-dir=" + dir.resolve("cache"),
                "--out=" + dir.resolve("report.html"), records.toString());
        assertThat(started.awaitWhileAlive(() -> started.output().contains("measuring this machine's ceilings again"), Duration.ofSeconds(60)))
                .as(started.output()).isTrue();
        endsOn(started, signal, expected);
        assertThat(dir.resolve("report.html")).doesNotExist();
        assertThat(Files.readString(records)).isEqualTo(before);
    }

    /** Whether the confirmation's work folder is there. */
}
