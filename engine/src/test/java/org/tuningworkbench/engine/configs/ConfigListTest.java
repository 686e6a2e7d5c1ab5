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
}
