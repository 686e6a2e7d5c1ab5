package org.tuningworkbench.app.gui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.TableColumn;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.fixtures.TinyProject;

/** A kernel whose work is bytes alone (a copy, a transpose): the grid's rate is GB/s, as `tune` prints it, not an empty GFLOP/s. */
class RateColumnTest extends WindowTest {

    private TableColumn<ConfigRow, ?> column(FxRobot robot, String title) {
        return table(robot).getColumns().stream().filter(c -> title.equals(c.getText()) && c.isVisible()).findFirst().orElse(null);
    }

    @Test
    void aProjectOfBytesAloneShowsEachConfigsGigabytesASecond(FxRobot robot) throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0")));
        Files.writeString(project, Files.readString(project).replace("flops = \"2 * n\"", "bytes = \"8 * n\""));
        robot.interact(() -> assertThat(model.open(project)).isTrue());
        runToTheEnd(robot);
        ConfigRow row = model.grid().rows().getFirst();
        assertThat(row.record().gflops()).isNull();
        assertThat(row.record().gbps()).isNotNull();

        assertThat(column(robot, "GFLOP/s")).isNull();
        var rate = column(robot, "GB/s");
        assertThat(rate).isNotNull();
        assertThat(Figures.rate((Double) rate.getCellData(row))).isEqualTo(Figures.rate(row.record().gbps()));
    }
}
