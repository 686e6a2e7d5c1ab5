package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.recorded.KernelTunerCache;
import org.tuningworkbench.engine.recorded.RecordedSpace;
import org.tuningworkbench.engine.recorded.T4Results;
import org.tuningworkbench.fixtures.TinyProject;

/** File → Export Records as …: the run's records written as a Kernel Tuner cache and as T4 results, which read back the same. */
class ExportRecordsTest extends WindowTest {

    @Test
    void theFileMenuExportsTheRecordsInBothFormats(FxRobot robot) throws Exception {
        open(robot, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        runToTheEnd(robot);
        List<TuningRecord> shown = model.results().records();

        Path cache = dir.resolve("tiny-cache.json");
        dialogs.saveAs = cache;
        robot.clickOn("File").clickOn("Export Records as Kernel Tuner Cache…");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> Files.isRegularFile(cache));
        RecordedSpace fromCache = KernelTunerCache.read(cache);

        Path t4 = dir.resolve("tiny-t4.json");
        dialogs.saveAs = t4;
        robot.clickOn("File").clickOn("Export Records as T4 Results…");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> Files.isRegularFile(t4));
        RecordedSpace fromT4 = T4Results.read(t4);

        for (RecordedSpace back : List.of(fromCache, fromT4)) {
            assertThat(back.records()).extracting(TuningRecord::configValues).containsExactlyInAnyOrderElementsOf(shown.stream().map(TuningRecord::configValues).toList());
            assertThat(back.records()).allSatisfy(r -> assertThat(r.samplesUs()).isNotEmpty());
        }
        assertThat(dialogs.saveQuestions).containsExactly("Export records as Kernel Tuner Cache: tiny-cache.json", "Export records as T4 Results: tiny-t4.json");
        assertThat(dialogs.problems).isEmpty();
    }
}
