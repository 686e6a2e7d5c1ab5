package org.tuningworkbench.app.configs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.record.JudgedStatus;
import org.tuningworkbench.engine.record.Status;

class ConfigRowTest {

    @Test
    void aTrialRowReadsItsConfigsValuesUntilTheyAreWatched() {
        var config = new Config(Map.of("BM", "32", "BN", "64"), "tiled");
        var row = ConfigRow.trial(config);
        assertThat(row.currentValues()).isSameAs(config.values());
        assertThat(row.value("BM")).isEqualTo("32");
        assertThat(row.sets("BK")).isFalse();
        assertThat(row.name()).isEqualTo("tiled");
        assertThat(row.listed()).isFalse();

        row.values().put("BK", "8");
        assertThat(row.value("BK")).isEqualTo("8");
        assertThat(row.currentValues()).containsEntry("BM", "32").containsEntry("BK", "8");
        assertThat(config.values()).doesNotContainKey("BK");
        assertThatThrownBy(() -> row.currentValues().put("BN", "1")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aPropertyMadeLaterHoldsWhatWasSetBeforeAndTellsOfWhatIsSetAfter() {
        var row = new ConfigRow(Map.of("BM", "32", "name", "first"));
        var measured = ConfigGridViewModelTest.record(Status.OK, 12.0);
        row.setRecord(measured, "built in 1 s");
        row.setBest(true);
        assertThat(row.stateProperty().get()).isEqualTo(JudgedStatus.of(measured).text());
        assertThat(row.recordProperty().get()).isSameAs(measured);
        assertThat(row.bestProperty().get()).isTrue();
        assertThat(row.logProperty().get()).isEqualTo("built in 1 s");
        assertThat(row.nameProperty().get()).isEqualTo("first");

        var seen = new ArrayList<String>();
        row.stateProperty().addListener((obs, was, now) -> seen.add(now));
        row.bestProperty().addListener((obs, was, now) -> seen.add("best " + now));
        row.clearResult();
        assertThat(seen).containsExactly("", "best false");
        assertThat(row.record()).isNull();
        assertThat(row.log()).isEmpty();
    }

    @Test
    void aCopyIsListedWithTheValuesAsEditedAndNoName() {
        var row = ConfigRow.trial(new Config(Map.of("BM", "32"), "tiled"));
        row.values().put("BM", "64");
        var copy = row.copy();
        assertThat(copy.listed()).isTrue();
        assertThat(copy.currentValues()).isEqualTo(Map.of("BM", "64"));
        assertThat(copy.name()).isNull();
    }
}
