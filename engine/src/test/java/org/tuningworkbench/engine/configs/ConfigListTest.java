package org.tuningworkbench.engine.configs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigListTest {

    private static Map<String, String> row(String... kv) {
        var m = new LinkedHashMap<String, String>();
        for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
        return m;
    }

    private final List<Map<String, String>> rows = List.of(
            row("L1TileShape", "GemmShape<64, 64, 64>", "L0TileShape", "GemmShape<32, 32, 64>"),
            row("L1TileShape", "GemmShape<128, 256, 256>", "L0TileShape", "GemmShape<128, 256, 64>"));
    private final List<String> columns = List.of("L1TileShape", "L0TileShape");

    @Test
    void readsTheVendorListOfMaps() throws Exception {
        var read = ConfigList.read("""
                configs = [{'L1TileShape': 'GemmShape<64, 64, 64>', 'L0TileShape': "GemmShape<32, 32, 64>"},
                           {'BM': 64, 'note': 'it\\'s'},]
                """, ConfigFormat.VENDOR);
        assertThat(read).containsExactly(rows.getFirst(), row("BM", "64", "note", "it's"));
    }

    @Test
    void everyFormatReadsBackWhatItWrote() throws Exception {
        for (ConfigFormat format : ConfigFormat.values()) {
            String text = ConfigList.write(rows, columns, format);
            assertThat(ConfigList.read(text, format)).as(format.label()).isEqualTo(rows);
        }
    }

    @Test
    void writesTheVendorFormAsTheVendorPrintsIt() {
        assertThat(ConfigList.write(rows.subList(0, 1), columns, ConfigFormat.VENDOR))
                .isEqualTo("[{'L1TileShape': 'GemmShape<64, 64, 64>', 'L0TileShape': 'GemmShape<32, 32, 64>'}]\n");
    }

    @Test
    void csvQuotesCellsWithCommas() {
        assertThat(ConfigList.write(rows.subList(0, 1), columns, ConfigFormat.CSV))
                .isEqualTo("L1TileShape,L0TileShape\n\"GemmShape<64, 64, 64>\",\"GemmShape<32, 32, 64>\"\n");
    }

    @Test
    void badTextSaysWhere() {
        assertThatThrownBy(() -> ConfigList.read("[{'BM': 64", ConfigFormat.VENDOR))
                .isInstanceOf(ConfigFormatException.class).hasMessageContaining("line 1");
        assertThatThrownBy(() -> ConfigList.read("{\"BM\": 1}", ConfigFormat.JSON))
                .isInstanceOf(ConfigFormatException.class).hasMessageContaining("array");
        assertThatThrownBy(() -> ConfigList.read("BM,BN\n1,2,3\n", ConfigFormat.CSV))
                .isInstanceOf(ConfigFormatException.class).hasMessageContaining("record 2");
    }

    @Test
    void pastedRowsUseAHeaderWhenThereIsOne() throws Exception {
        assertThat(ConfigList.readTabSeparated("BN\tBM\n8\t16\n", List.of("BM", "BN"))).containsExactly(row("BN", "8", "BM", "16"));
        assertThat(ConfigList.readTabSeparated("16\t8\n32\t4\n", List.of("BM", "BN")))
                .containsExactly(row("BM", "16", "BN", "8"), row("BM", "32", "BN", "4"));
        assertThatThrownBy(() -> ConfigList.readTabSeparated("1\t2\t3", List.of("BM")))
                .isInstanceOf(ConfigFormatException.class);
    }

    @Test
    void theVendorsAutotuneCallKeepsWarmupAndRepeatAndNamesWhatItIgnores() throws Exception {
        var list = ConfigList.readList("""
                @mskpp.autotune(configs=[
                    {'L1TileShape': 'GemmShape<64, 64, 64>', 'L0TileShape': 'GemmShape<32, 32, 64>'},
                ], warmup=500, repeat=10, device_ids=[0, 1])
                def basic_matmul(problem_shape, a, layout_a, b, layout_b, c, layout_c):
                    pass
                """, ConfigFormat.VENDOR);
        assertThat(list.rows()).containsExactly(rows.getFirst());
        var measure = list.applyTo(org.tuningworkbench.engine.project.MeasureSettings.DEFAULT);
        // The vendor's autotune documents its warmup in microseconds.
        assertThat(measure.warmupMs()).isEqualTo(0.5);
        assertThat(measure.repeat()).isEqualTo(10);
        assertThat(list.ignored()).containsExactly("device_ids");
        assertThat(list.summary()).isEqualTo("Imported 1 config; kept warm-up 500 µs (warmup=500), repeat 10 (repeat=10); ignored device_ids"
                + " (the vendor's device numbers; measure.device_ids in the project names CPUs).");
        var v2 = ConfigList.readList("autotune_v2(warmup_times=10, configs=[{'BM': '64'}])", ConfigFormat.VENDOR);
        assertThat(v2.rows()).containsExactly(row("BM", "64"));
        assertThat(v2.applyTo(org.tuningworkbench.engine.project.MeasureSettings.DEFAULT).warmupCalls()).isEqualTo(10);
        assertThat(ConfigList.readList("[{'BM': '64'}]", ConfigFormat.VENDOR).settings()).isEmpty();
    }

    @Test
    void aJsonObjectCarriesItsConfigsAndSettings() throws Exception {
        var list = ConfigList.readList("{\"configs\": [{\"BM\": 64}], \"warmup\": 10, \"repeat\": 5, \"note\": \"x\"}", ConfigFormat.JSON);
        assertThat(list.rows()).containsExactly(row("BM", "64"));
        var measure = list.applyTo(org.tuningworkbench.engine.project.MeasureSettings.DEFAULT);
        assertThat(measure.warmupCalls()).isEqualTo(10);
        assertThat(measure.repeat()).isEqualTo(5);
        assertThat(list.ignored()).containsExactly("note");
    }
}
