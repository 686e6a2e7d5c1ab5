package org.tuningworkbench.engine.marker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

class ConfigValuesTest {

    @Test
    void keepsTheOrderGivenAndIsEqualToAnyMapOfTheSameValues() {
        var given = new LinkedHashMap<String, String>();
        given.put("BN", "32");
        given.put("BM", "64");
        given.put("VEC", null);
        var values = ConfigValues.copyOf(given);
        assertThat(values.keySet()).containsExactly("BN", "BM", "VEC");
        assertThat(values.get("BM")).isEqualTo("64");
        assertThat(values.get("BK")).isNull();
        assertThat(values.containsKey("VEC")).isTrue();
        assertThat(values).isEqualTo(given).hasSameHashCodeAs(given);
        given.put("BM", "128");
        assertThat(values.get("BM")).as("a copy, not a view").isEqualTo("64");
        assertThatThrownBy(() -> values.put("BK", "8")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void theKeyIsTheValuesSortedByNameWhateverTheirOrder() {
        var given = new LinkedHashMap<String, String>();
        given.put("BN", "32");
        given.put("BM", "64");
        given.put("BK", "8");
        assertThat(ConfigValues.copyOf(given).key()).isEqualTo("BK=8\u001fBM=64\u001fBN=32");
        assertThat(ConfigValues.copyOf(Map.of("BM", "64", "BK", "8", "BN", "32")).key()).isEqualTo(ConfigValues.copyOf(given).key());
        assertThat(ConfigValues.copyOf(Map.of()).key()).isEmpty();
        assertThat(new Config(given).key()).isEqualTo("BK=8\u001fBM=64\u001fBN=32");
    }

    @Test
    void aConfigAndItsRecordsShareOneCopy() {
        var config = new Config(Map.of("BM", "64", "BN", "32"));
        assertThat(ConfigValues.copyOf(config.values())).isSameAs(config.values());
        TuningRecord record = TuningRecord.of(config.values(), Status.OK, List.of(1.0, 2.0));
        assertThat(record.config()).isSameAs(config.values());
        assertThat(record.toBuilder().name("fast").build().config()).isSameAs(config.values());
        assertThat(record.configValues().values()).isSameAs(config.values());
        assertThat(record.configValues()).isEqualTo(config);
    }
}
