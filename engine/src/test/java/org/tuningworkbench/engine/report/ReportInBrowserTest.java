package org.tuningworkbench.engine.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.tiers.SystemTest;

/**
 * A real browser opens the report: headless Chromium renders it offline (no network, a fresh
 * profile), its DOM holds every chart, and its screenshot is a picture. Skipped only where
 * Chromium is not installed (CI installs it).
 */
@SystemTest
class ReportInBrowserTest {

    private static final long LIMIT_S = 90;

    @TempDir
    Path dir;

    @Test
    void chromiumRendersTheReportWithItsCharts() throws Exception {
        Optional<Path> chromium = chromium();
        Assumptions.assumeTrue(chromium.isPresent(), "chromium is not installed here (apt-get install chromium; CI installs it)");
        Path page = dir.resolve("report.html");
        Files.writeString(page, HtmlReport.html(HtmlReportTest.report(Optional.of(HtmlReportTest.CEILINGS), OptionalDouble.of(1e6))));

        String dom = run(chromium.get(), "--dump-dom", page.toUri().toString());
        assertThat(dom).contains("Tuning report: tiles");
        assertThat(dom.split("<svg", -1)).hasSize(1 + 5);
        assertThat(dom).contains("<figure id=\"roofline\"><svg");

        Path shot = dir.resolve("report.png");
        run(chromium.get(), "--screenshot=" + shot, "--window-size=1100,2400", page.toUri().toString());
        byte[] png = Files.readAllBytes(shot);
        assertThat(png.length).isGreaterThan(10_000);
        assertThat(new String(png, 1, 3, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("PNG");
        String keep = System.getProperty("report.screenshot");
        if (keep != null) Files.copy(shot, Path.of(keep), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /** Runs headless Chromium on a fresh profile, bounded in time, and returns what it printed. */
    private String run(Path chromium, String... args) throws IOException, InterruptedException {
        var command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--user-data-dir=" + Files.createTempDirectory(dir, "profile-")));
        command.addAll(List.of(args));
        Path stdout = dir.resolve("chromium.out");
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(stdout.toFile())
                .redirectError(dir.resolve("chromium.err").toFile()).start();
        if (!process.waitFor(LIMIT_S, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError("chromium did not finish within " + LIMIT_S + " s: " + Files.readString(dir.resolve("chromium.err")));
        }
        assertThat(process.exitValue()).as("chromium's exit code; its errors: " + Files.readString(dir.resolve("chromium.err"))).isZero();
        return Files.readString(stdout);
    }

    private static Optional<Path> chromium() {
        for (String folder : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser")) {
                Path candidate = Path.of(folder, name);
                if (Files.isExecutable(candidate)) return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
