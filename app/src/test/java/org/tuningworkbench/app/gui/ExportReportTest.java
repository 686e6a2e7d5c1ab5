package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.engine.machine.CeilingsCache;
import org.tuningworkbench.fixtures.TinyProject;

/** File → Export Report… writes the report of the results the window shows: a run project's, an opened recorded space's. */
class ExportReportTest extends WindowTest {

    private static void waitForFile(Path file) throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> Files.isRegularFile(file));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void theFileMenuExportsTheReportOfARunProjectWithoutMeasuringTheMachine(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0"), TinyProject.config("4", "0")));
        runToTheEnd(robot);
        Path report = dir.resolve("out").resolve("tiny.html");
        Files.createDirectories(report.getParent());
        dialogs.saveAs = report;

        robot.clickOn("File").clickOn("Export Report…");
        waitForFile(report);

        assertThat(dialogs.saveQuestions).containsExactly("Export report: tiny-report.html");
        String html = Files.readString(report);
        assertThat(html).contains("<table").contains("<svg").contains("tiny");
        assertThat(dialogs.problems).isEmpty();
        assertThat(dialogs.notes).contains("Report written: " + report.toAbsolutePath());
        assertThat(model.run().messageProperty().get()).isEqualTo("Report of 3 configs written to " + report.toAbsolutePath());
        // The window reads the ceilings the report command measured; it never measures them itself.
        assertThat(CeilingsCache.in(cacheDir).file()).doesNotExist();
    }

    @Test
    void theReportOfAnOpenedRecordedSpaceHoldsItsTableAndCharts(FxRobot robot) throws Exception {
        Path space = dir.resolve("space.json");
        var cache = new StringBuilder();
        for (int tile = 1; tile <= 4; tile++) {
            for (int vec = 1; vec <= 4; vec++) {
                String time = tile * vec == 6 ? "\"RuntimeFailedConfig\"" : Double.toString(0.5 * tile + 0.1 * vec);
                cache.append(cache.isEmpty() ? "" : ",\n").append("\"" + tile + "," + vec + "\": {\"TILE\": " + tile + ", \"VEC\": " + vec + ", \"time\": " + time + "}");
            }
        }
        Files.writeString(space, "{\"device_name\": \"Test GPU\", \"kernel_name\": \"test\", \"objective\": \"time\",\n"
                + "\"tune_params_keys\": [\"TILE\", \"VEC\"],\n\"tune_params\": {\"TILE\": [1, 2, 3, 4], \"VEC\": [1, 2, 3, 4]},\n"
                + "\"cache\": {\n" + cache + "\n}}\n");
        robot.interact(() -> assertThat(model.open(space)).isTrue());
        robot.interact(window::drainEvents);
        Path report = dir.resolve("space-report.html");
        dialogs.saveAs = report;

        robot.interact(model.reports()::exportReport);
        waitForFile(report);

        String html = Files.readString(report);
        assertThat(html).contains("<table").contains("<svg").contains("Test GPU");
        assertThat(dialogs.problems).isEmpty();
    }

    @Test
    void aReportThatCannotBeWrittenSaysWhyAndNoReportWithoutResults(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0")));
        robot.interact(model.reports()::exportReport);
        assertThat(dialogs.problems).singleElement().asString().startsWith("No results to report: Run the configs first");
        assertThat(dialogs.saveQuestions).isEmpty();

        dialogs.problems.clear();
        runToTheEnd(robot);
        dialogs.saveAs = dir.resolve("no-such-folder").resolve("report.html");
        robot.interact(model.reports()::exportReport);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !dialogs.problems.isEmpty());
        assertThat(dialogs.problems).singleElement().asString().startsWith("Cannot write the report: " + dialogs.saveAs);
        assertThat(dialogs.saveAs).doesNotExist();
        assertThat(dialogs.notes).noneMatch(n -> n.startsWith("Report written"));
    }
}
