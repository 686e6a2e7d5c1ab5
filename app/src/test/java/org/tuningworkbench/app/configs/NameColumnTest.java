package org.tuningworkbench.app.configs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.tuningworkbench.app.shell.Theme;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.tiers.SystemTest;

/** The grid's Name column shows each config's name whole, the best's in bold too. */
@ExtendWith(ApplicationExtension.class)
@SystemTest
class NameColumnTest {

    private final ConfigGridViewModel model = new ConfigGridViewModel();

    @Start
    void start(Stage stage) {
        var grid = new ConfigGridView(model);
        var scene = new Scene(grid, 1000, 300);
        scene.getStylesheets().add(Theme.STYLESHEET);
        grid.getStyleClass().add("workbench");
        stage.setScene(scene);
        stage.show();
    }

    private static Map<String, String> named(String name, String fusion) {
        var values = new LinkedHashMap<String, String>();
        values.put("name", name);
        values.put("FUSION", fusion);
        return values;
    }

    @Test
    void aNameIsShownWholeOnTheBestRowInBold(FxRobot robot) {
        // superkernel's best, "one fused kernel", read "one fused ker..." in bold at the width its 16 characters were given.
        robot.interact(() -> {
            model.parameters().setAll(List.of("FUSION"));
            model.setRows(List.of(named("four launches", "0"), named("two launches", "1"), named("one fused kernel", "2")));
            for (int i = 0; i < 3; i++) {
                model.rows().get(i).setRecord(TuningRecord.of(Map.of("FUSION", Integer.toString(i)), Status.OK, List.of(30.0 - 10 * i, 30.0 - 10 * i, 30.0 - 10 * i)), "");
            }
            model.updateRanking();
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(model.best().name()).isEqualTo("one fused kernel");
        var shown = new LinkedHashMap<String, String>();
        for (var cell : robot.lookup(".table-cell").queryAllAs(TableCell.class)) {
            if (cell.getTableColumn() == null || !"nameColumn".equals(cell.getTableColumn().getId()) || cell.getText() == null) continue;
            shown.put(cell.getText(), cell.lookup(".text") instanceof Text text ? text.getText() : "");
        }
        assertThat(shown).containsKeys("one fused kernel", "four launches");
        shown.forEach((name, cellShows) -> assertThat(cellShows).as("the name cell of \"%s\"", name).isEqualTo(name));
    }
}
