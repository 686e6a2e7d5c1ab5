package org.tuningworkbench.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tuningworkbench.engine.cli.TunedScale.FAST;
import static org.tuningworkbench.engine.cli.TunedScale.SLOW;
import static org.tuningworkbench.engine.cli.TunedScale.run;
import static org.tuningworkbench.fixtures.TestProject.config;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.analysis.Ceilings;
import org.tuningworkbench.engine.cli.TunedScale.Result;
import org.tuningworkbench.engine.machine.CeilingsCache;
import org.tuningworkbench.engine.recorded.Fixtures;
import org.tuningworkbench.engine.run.Device;
import org.tuningworkbench.fixtures.TestProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** report writes one HTML page of what tune recorded, from a project, its record file, or a recorded space. */
@IntegrationTest
class ReportCommandTest {

    @TempDir
    Path dir;

    private static final String BROKEN = "for (int i = 0; i < n; i++) y[i] = undeclared;";

    private void tuned() throws Exception {
        String project = TestProject.scaleProject(config("Body", SLOW) + config("Body", FAST) + config("Body", BROKEN))
                .replace("flops = \"n\"", "flops = \"n\"\nbytes = \"8 * n\"");
        TunedScale.tune(dir, project);
        // Known ceilings for this machine, so the test does not measure them.
        CeilingsCache.in(dir.resolve("cache")).knownOrMeasured(Device.localCpu().identity(),
                machine -> new Ceilings(machine, 200, 512, 10, "2026-11-22T20:00:00Z", "given by the test"));
    }

    @Test
    void aProjectsReportHasItsTableChartsRooflineAndTheBestConfigsDifference() throws Exception {
        tuned();
        Path out = dir.resolve("out/report.html");
        Result r = run("report", dir.toString(), "--out", out.toString(), "--cache-dir", dir.resolve("cache").toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        assertThat(r.out()).contains("Report of 3 configs written to " + out);
        String html = Files.readString(out);
        assertThat(html).contains("Tuning report: scale", "3 configs, 2 succeeded, 1 compile error", "warm-up 0 ms, 3 samples of at least 1 ms each",
                "FP32 FMA peak 200.0 GFLOP/s", "id=\"roofline\"><svg", "<span class=\"added\">+    " + FAST.replace("<", "&lt;"),
                "2 match the golden result", "undeclared");
        assertThat(html.split("<svg", -1)).hasSize(1 + 4);
    }

    @Test
    void aRecordFileAloneGivesAReportWithoutSourceOrSettings() throws Exception {
        tuned();
        Path out = dir.resolve("records.html");
        Result r = run("report", dir.resolve("records.jsonl").toString(), "--out", out.toString(), "--no-measure", "--cache-dir",
                dir.resolve("empty-cache").toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        // The records say what they were measured with; the project's own settings (its timeout) are not known.
        assertThat(Files.readString(out)).contains("warm-up 0 ms, 3 samples of at least 1 ms each</td>", "n=4096", "No source",
                "not measured on this machine yet (--no-measure)").doesNotContain("run timeout");
    }

    @Test
    void theMethodAndSizesAreThoseTheRecordsWereMeasuredWithNotTheProjectFiles() throws Exception {
        TestProject.write(dir, TestProject.scaleProject(config("Body", FAST)).replace("flops = \"n\"", "flops = \"n\"\nbytes = \"4096\""),
                "scale.c", TestProject.SCALE_KERNEL);
        Result tuned = run("tune", "--cache-dir=" + dir.resolve("cache"), "--set", "n=1024", "--warmup-ms", "3", "--repeat", "2", dir.toString());
        assertThat(tuned.code()).as(tuned.err()).isEqualTo(ExitCode.OK);
        CeilingsCache.in(dir.resolve("cache")).knownOrMeasured(Device.localCpu().identity(),
                machine -> new Ceilings(machine, 200, 512, 10, "2026-11-22T20:00:00Z", "given by the test"));
        Path out = dir.resolve("report.html");
        Result r = run("report", dir.toString(), "--out", out.toString(), "--cache-dir", dir.resolve("cache").toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        String html = Files.readString(out);
        assertThat(html).contains("warm-up 3 ms, 2 samples of at least 1 ms each, run timeout", "n=1024").doesNotContain("n=4096", "warm-up 0 ms");
        // The work of a call at the records' sizes: 1024 FLOP over 4096 bytes (the project file's n would give 1).
        assertThat(html).contains("at 0.25 FLOP/byte");
    }

    @Test
    void aRecordedSpaceGivesAReportWithoutRoofline() throws Exception {
        Path local = dir.resolve("space.json");
        Files.writeString(local, """
                {"tune_params_keys": ["block_size_x", "tile_size"], "tune_params": {"block_size_x": [32, 64], "tile_size": [1, 2]},
                 "cache": {"32,1": {"block_size_x": 32, "tile_size": 1, "time": 2.0, "times": [2.0, 2.1, 1.9]},
                           "32,2": {"block_size_x": 32, "tile_size": 2, "time": 30.0, "times": [30.0, 31.0]},
                           "64,1": {"block_size_x": 64, "tile_size": 1, "time": 1.5, "times": [1.5, 1.6]},
                           "64,2": {"block_size_x": 64, "tile_size": 2, "time": "CompilationFailedConfig"}}}
                """);
        Path out = dir.resolve("space.html");
        Result r = run("report", local.toString(), "--out", out.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        String html = Files.readString(out);
        assertThat(html).contains("4 configs, 3 succeeded, 1 compile error", "id=\"heatmap\"", "No roofline");
    }

    @Test
    void aRecordedSpacesReportSaysWhenShowAndBestWouldCrownAnotherConfig() throws Exception {
        // The report ranks by the median, as the window does; show and best rank a space by the file's own `time`. Where the two
        // crown different configs, best warned and the report, naming the other one, said nothing.
        Path space = Fixtures.file("kt-mean-not-median.json");
        Path out = dir.resolve("space.html");
        Result r = run("report", space.toString(), "--out", out.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        String warning = run("best", space.toString()).err().lines().filter(l -> l.startsWith("warning: ")).findFirst().orElseThrow();
        assertThat(r.err()).contains(warning)
                .contains("note: the report ranks by the median of the samples; show and best rank by the file's `time` unless --objective median");
        assertThat(run("report", Fixtures.file("kt-small.json").toString(), "--out", dir.resolve("small.html").toString()).err())
                .doesNotContain("warning: ", "note: the report ranks");
    }

    @Test
    void aRecordedSpacesReportNamesTheDeviceItWasMeasuredOn() throws Exception {
        Path out = dir.resolve("kt.html");
        Result r = run("report", Fixtures.file("kt-small.json").toString(), "--out", out.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        String html = Files.readString(out);
        String machine = html.substring(html.indexOf("id=\"machine\""), html.indexOf("</section>", html.indexOf("id=\"machine\"")));
        assertThat(machine).contains("<tr><th>device</th><td>Test GPU 1000</td></tr>", "<tr><th>compiler</th><td>recorded</td></tr>");
    }

    @Test
    void whatCannotBeReadIsNamedAndNothingIsWritten() {
        Path out = dir.resolve("never.html");
        Result missing = run("report", dir.resolve("nothing.jsonl").toString(), "--out", out.toString());
        assertThat(missing.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(missing.err()).contains("nothing.jsonl");
        Result noOut = run("report", dir.toString());
        assertThat(noOut.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(noOut.err()).contains("--out");
        assertThat(out).doesNotExist();
    }

    @Test
    void aFolderAsOutIsSaidToBeOneAndLeftAsItWas() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("reports"));
        Result r = run("report", Fixtures.file("kt-small.json").toString(), "--out", folder.toString());
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err()).isEqualTo("error: --out " + folder + " is a folder; name the report's file, such as " + folder.resolve("report.html")
                + System.lineSeparator());
        try (var left = Files.list(dir)) {
            assertThat(left).containsExactly(folder);
        }
    }

    @Test
    void aPlantedPartFileLinkIsNeverWrittenThrough() throws Exception {
        Path victim = Files.writeString(dir.resolve("victim.txt"), "keep me");
        Path out = dir.resolve("report.html");
        Files.createSymbolicLink(dir.resolve(".report.html.part"), victim);
        Result r = run("report", Fixtures.file("kt-small.json").toString(), "--out", out.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
        assertThat(victim).hasContent("keep me");
        assertThat(Files.readString(out)).contains("<html");
    }

    @Test
    void aPipeOrDeviceAsOutIsRefusedAndLeftInPlace() throws Exception {
        Path fifo = dir.resolve("pipe.html");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        Result r = run("report", Fixtures.file("kt-small.json").toString(), "--out", fifo.toString());
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err()).contains("cannot write " + fifo + ": it is a device, pipe or socket, not a regular file; nothing was written");
        assertThat(Files.readAttributes(fifo, java.nio.file.attribute.BasicFileAttributes.class, java.nio.file.LinkOption.NOFOLLOW_LINKS).isOther()).isTrue();
    }

    @Test
    void theReportsOwnInputsAreRefusedUnlessAllowedByName() throws Exception {
        Path space = Files.copy(Fixtures.file("kt-small.json"), dir.resolve("kt-small.json"));
        String before = Files.readString(space);
        Result refused = run("report", space.toString(), "--out", space.toString());
        assertThat(refused.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(refused.err()).contains("cannot write " + space + ": it is kt-small.json, an input of this command");
        assertThat(space).hasContent(before);
        Result allowed = run("report", space.toString(), "--out", space.toString(), "--overwrite-input");
        assertThat(allowed.code()).as(allowed.err()).isEqualTo(ExitCode.OK);
        assertThat(Files.readString(space)).contains("<html");
    }

    @Test
    void measuringTheCeilingsAgainWaitsForTheRunMeasuringOnThisCpu() throws Exception {
        tuned();
        Path cache = dir.resolve("cache");
        var before = CeilingsCache.in(cache).known(Device.localCpu().identity()).orElseThrow();
        var err = new java.io.StringWriter();
        Thread report;
        try (var held = org.tuningworkbench.engine.lock.PidLock.tryAcquire(org.tuningworkbench.engine.exec.DeviceLock.file(cache, Device.localCpu()))
                .orElseThrow()) {
            report = Thread.ofPlatform().start(() -> Cli.execute(new java.io.PrintWriter(new java.io.StringWriter(), true), new java.io.PrintWriter(err, true),
                    "report", dir.toString(), "--out", dir.resolve("again.html").toString(), "--cache-dir", cache.toString(), "--measure-again"));
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (!err.toString().contains("waiting: another tuning run") && System.nanoTime() < deadline) Thread.sleep(20);
            assertThat(err.toString()).contains("waiting: another tuning run (pid " + ProcessHandle.current().pid() + ") is measuring on the cpu");
            Thread.sleep(300);
            assertThat(CeilingsCache.in(cache).known(Device.localCpu().identity())).contains(before);
        }
        report.join(120_000);
        assertThat(report.isAlive()).isFalse();
        assertThat(err.toString()).contains("ceilings of ");
    }
}
