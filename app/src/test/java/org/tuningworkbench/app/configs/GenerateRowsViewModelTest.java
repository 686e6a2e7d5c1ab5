package org.tuningworkbench.app.configs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
}
