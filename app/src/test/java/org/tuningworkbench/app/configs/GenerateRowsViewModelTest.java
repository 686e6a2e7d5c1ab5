package org.tuningworkbench.app.configs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.marker.TunableSource;
import org.tuningworkbench.fixtures.TinyProject;

class GenerateRowsViewModelTest {

    @Test
    void startsAtTheSourcesValuesAndCountsTheCombinationsAsTheListsChange() {
        var values = new LinkedHashMap<String, String>();
        values.put("TILE", "16");
        values.put("UNROLL", "1");
        var model = new GenerateRowsViewModel(values);
        assertThat(model.countProperty().get()).isEqualTo("1 config will be added");
        model.lists().get("TILE").set("16\n32\n64");
        model.lists().get("UNROLL").set("1\n2");
        assertThat(model.countProperty().get()).isEqualTo("6 configs will be added");
        assertThat(model.valueLists()).containsExactly(Map.entry("TILE", "16\n32\n64"), Map.entry("UNROLL", "1\n2"));
    }

    @Test
    void leavesOutAndCountsTheConfigsTheGridHoldsAlready() {
        var grid = new ConfigGridViewModel();
        TunableSource source = TunableSource.parse(Path.of("scale.c"), TinyProject.KERNEL);
        grid.sourceProperty().set(source);
        grid.parameters().setAll(source.parameters().keySet());
        grid.setRows(List.of(Map.of("UNROLL", "1", "SPIN", "0"), Map.of("UNROLL", "2", "SPIN", "10")));
        var values = new LinkedHashMap<String, String>();
        values.put("UNROLL", "1");
        values.put("SPIN", "0");
        var model = new GenerateRowsViewModel(values, grid);
        assertThat(model.countProperty().get()).isEqualTo("0 configs will be added; 1 already in the grid left out");
        model.lists().get("UNROLL").set("1\n2\n4");
        model.lists().get("SPIN").set("0\n10");
        assertThat(model.countProperty().get()).isEqualTo("4 configs will be added; 2 already in the grid left out");
        assertThat(grid.generate(model.valueLists())).isEqualTo(4);
        assertThat(grid.rows()).hasSize(6);
    }
}
